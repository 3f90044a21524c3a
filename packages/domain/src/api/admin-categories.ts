import { z } from 'zod';
import { required } from './admin-content';
import { recordId, singleLineText } from './input';

// Console category menus (分类管理, content:write): the four menus of the header (常规, 优选,
// 自营, 清仓), each a tree of two levels. A category holding goods or children cannot be
// deleted; every write is live in the shop's menus and lists at once.

export const categoryMenus = ['normal', 'yx', 'zy', 'qx'] as const;
export type CategoryMenu = (typeof categoryMenus)[number];
export const categoryMenuNames: Record<CategoryMenu, string> = {
  normal: '常规分类',
  yx: '优选分类',
  zy: '自营分类',
  qx: '清仓分类',
};
/** Levels a menu shows: a top category and its children. */
export const CATEGORY_DEPTH = 2;

export const categoryBody = z.object({
  menu: z.enum(categoryMenus, { error: '请选择分类菜单' }),
  /** Empty or 0: a top-level category. */
  parent_id: z.preprocess(
    (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
    recordId('上级分类不正确').optional(),
  ),
  name: required(singleLineText('分类名称', 20), '请填写分类名称'),
  /** Lower-case letters, digits and hyphens; empty: generated from the menu. */
  code: singleLineText('分类编码', 40)
    .regex(/^([a-z0-9][a-z0-9-]*)?$/, { error: '分类编码只能包含小写字母、数字和连字符' })
    .default(''),
  sort: z.coerce
    .number({ error: '排序须为整数' })
    .int({ error: '排序须为整数' })
    .min(0, { error: '排序不能小于0' })
    .max(9999, { error: '排序不能超过9999' })
    .default(0),
});
export type CategoryBody = z.output<typeof categoryBody>;

export const categoryNode = z.object({
  id: z.number().int(),
  code: z.string(),
  menu: z.enum(categoryMenus),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  /** Goods filed under this category. */
  goods: z.number().int(),
  /** Child categories. */
  child_count: z.number().int(),
});
export type CategoryNode = z.infer<typeof categoryNode>;
/** A menu's categories, parents before their children, each level by sort then id. */
export const categoryList = z.array(categoryNode);
export const categoryMenuQuery = z.object({
  menu: z.enum(categoryMenus, { error: '分类菜单不正确' }).default('normal'),
});

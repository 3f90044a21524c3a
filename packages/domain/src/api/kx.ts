import { z } from 'zod';
import { companyTypes } from '../catalog/scope';
import { pageOf } from './admin';
import { goodsListQuery } from './catalog';
import { idList, pageNumber, singleLineText } from './input';

// 控销专区 contracts: the shop's controlled-goods list (GET /api/kx/getList) and the console's
// sale controls (/api/admin/sale-controls). The rule itself is eligibility/sale-control.ts.

/** GET /api/kx/getList: the goods list's params (page, sort, category, brand...), 控销 goods only. */
export const kxListQuery = goodsListQuery.omit({ zone: true });
export type KxListQuery = z.infer<typeof kxListQuery>;

const companyTypeCodes = companyTypes.map((t) => t.code) as [string, ...string[]];

const regionName = (label: string) => singleLineText(label, 20);

export const saleRegionInput = z.object({
  province: regionName('省份').pipe(z.string().min(1, { error: '请选择省份' })),
  /** Empty or absent: the whole province. */
  city: z.preprocess((v) => (v === '' || v === undefined ? null : v), regionName('城市').nullable()),
});

/** Sets (creates or replaces) the same control on each goods of `goods_ids` (bulk apply). */
export const saleControlBody = z
  .object({
    goods_ids: idList([1, '请选择商品'], [500, '一次最多设置500个商品'], '商品编号不正确'),
    customer_types: z
      .array(z.enum(companyTypeCodes, { error: '客户类型不正确' }), { error: '客户类型不正确' })
      .max(companyTypeCodes.length)
      .default([])
      .transform((list) => [...new Set(list)]),
    regions: z
      .array(saleRegionInput, { error: '销售区域不正确' })
      .max(60, { error: '销售区域最多60个' })
      .default([]),
  })
  .superRefine((body, ctx) => {
    if (body.customer_types.length === 0 && body.regions.length === 0)
      ctx.addIssue({ code: 'custom', path: ['customer_types'], message: '请至少限定客户类型或销售区域之一' });
  });
export type SaleControlBody = z.infer<typeof saleControlBody>;

export const saleControlRemoveBody = z.object({
  goods_ids: idList([1, '请选择商品'], [500, '一次最多取消500个商品'], '商品编号不正确'),
});

export const saleControlQuery = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  keywords: singleLineText('搜索词', 50).optional(),
});

export const saleControlRow = z.object({
  goods_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  sccj: z.string(),
  ypgg: z.string(),
  customer_types: z.array(z.string()),
  regions: z.array(z.object({ province: z.string(), city: z.string().nullable() })),
  /** The control in words: 仅限药店、连锁药店采购；仅限浙江省销售 */
  summary: z.string(),
  updated_at: z.string(),
});
export type SaleControlRow = z.infer<typeof saleControlRow>;
export const saleControlPage = pageOf(saleControlRow);
export type SaleControlPage = z.infer<typeof saleControlPage>;

export const saleControlResult = z.object({ updated: z.number().int() });

import { adAudiences, adPositions, type ContentItem, type ContentKind } from '@yaocai/domain';
import { Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { ImagesField } from '../../../components/ImagesField';
import { uploadGoodsImage } from '../../../lib/goods-options';

/** One form field of a content kind: its name, label, editor and whether it shows in the table. */
export interface ContentField {
  name: string;
  label: string;
  editor: ReactNode;
  required?: boolean;
  boolean?: boolean;
  /** A one-picture field: the form holds a string, the editor a list. */
  single?: boolean;
  /** The table's rendering of the field (omitted: not a column). */
  column?: (
    item: ContentItem,
    context: { positions: Map<string, string>; parents: Map<number, string> },
  ) => ReactNode;
}

const text = (max: number) => <Input maxLength={max} />;
const sortField: ContentField = {
  name: 'sort',
  label: '排序',
  editor: <InputNumber min={0} max={9999} precision={0} />,
  column: (i) => String(i.sort),
};
const markdownBody: ContentField = {
  name: 'body',
  label: '正文（Markdown：## 小标题、**加粗**、- 列表、[文字](链接)；保存时由服务器转换并过滤为安全的网页）',
  required: true,
  editor: <Input.TextArea rows={12} maxLength={20000} />,
};
const newsTypes = [
  { value: 'hy', label: '行业资讯' },
  { value: 'company', label: '公司新闻' },
];
const urlField: ContentField = {
  name: 'url',
  label: '链接',
  editor: <Input placeholder="/list?category_id=1 或 https://..." maxLength={300} />,
  column: (i) => String(i.url),
};

const audienceNames = new Map<string, string>(adAudiences.map((a) => [a.code, a.name]));
const audienceLabel = (audience: unknown) =>
  Array.isArray(audience) && audience.length > 0
    ? audience.map((code) => audienceNames.get(String(code)) ?? String(code)).join('、')
    : '全部';

/** The fields of each kind; the body schemas in packages/domain (admin-content.ts) validate them on the server. */
export function contentFields(
  kind: ContentKind,
  helpCategories: { id: number; name: string }[],
  navParents: { id: number; name: string }[],
): ContentField[] {
  switch (kind) {
    case 'ads':
      return [
        {
          name: 'position',
          label: '广告位',
          required: true,
          editor: <Select options={adPositions.map((p) => ({ value: p.code, label: p.name }))} />,
          column: (i, c) => c.positions.get(String(i.position)) ?? String(i.position),
        },
        { name: 'title', label: '标题', required: true, editor: text(40), column: (i) => String(i.title) },
        { name: 'subtitle', label: '副标题', editor: text(60) },
        urlField,
        {
          name: 'image',
          label: '图片（不上传则按标题和颜色绘制）',
          single: true,
          editor: <ImagesField max={1} label="广告图" upload={uploadGoodsImage} />,
          column: (i) => <img src={String(i.shown_image)} alt="" height={36} />,
        },
        { name: 'color', label: '底色', editor: <Input type="color" style={{ width: 80 }} /> },
        {
          name: 'audience',
          label: '投放对象（不选为全部；新人广告选游客和新客）',
          editor: (
            <Select
              mode="multiple"
              allowClear
              placeholder="全部"
              options={adAudiences.map((a) => ({ value: a.code, label: a.name }))}
              data-testid="ad-audience"
            />
          ),
          column: (i) => audienceLabel(i.audience),
        },
        sortField,
        {
          name: 'is_active',
          label: '启用',
          boolean: true,
          editor: <Switch />,
          column: (i) => (i.is_active ? '启用' : '停用'),
        },
      ];
    case 'nav':
      return [
        {
          name: 'parent_id',
          label: '上级菜单（留空为一级，最多9个）',
          editor: <Select allowClear options={navParents.map((p) => ({ value: p.id, label: p.name }))} />,
          column: (i, c) => (i.parent_id ? (c.parents.get(Number(i.parent_id)) ?? '') : '一级'),
        },
        { name: 'name', label: '名称', required: true, editor: text(10), column: (i) => String(i.name) },
        urlField,
        { name: 'is_open', label: '新窗口打开', boolean: true, editor: <Switch /> },
        sortField,
      ];
    case 'hot_searches':
    case 'links':
      return [
        {
          name: 'name',
          label: kind === 'links' ? '名称' : '热搜词',
          required: true,
          editor: text(20),
          column: (i) => String(i.name),
        },
        urlField,
        sortField,
      ];
    case 'help_articles':
      return [
        {
          name: 'category_id',
          label: '帮助分类',
          required: true,
          editor: <Select options={helpCategories.map((c) => ({ value: c.id, label: c.name }))} />,
          column: (i) => helpCategories.find((c) => c.id === i.category_id)?.name ?? '',
        },
        { name: 'title', label: '标题', required: true, editor: text(40), column: (i) => String(i.title) },
        {
          name: 'path',
          label: '页面地址',
          required: true,
          editor: <Input placeholder="/help/xrzn/hyzc" maxLength={100} />,
          column: (i) => String(i.path),
        },
        markdownBody,
        sortField,
      ];
    case 'news':
      return [
        {
          name: 'type',
          label: '资讯类型',
          required: true,
          editor: <Select options={newsTypes} />,
          column: (i) => newsTypes.find((t) => t.value === i.type)?.label ?? '',
        },
        { name: 'title', label: '标题', required: true, editor: text(60), column: (i) => String(i.title) },
        {
          name: 'summary',
          label: '摘要',
          required: true,
          editor: <Input.TextArea rows={2} maxLength={200} />,
        },
        { name: 'source', label: '来源', required: true, editor: text(30), column: (i) => String(i.source) },
        {
          name: 'published_on',
          label: '发布日期',
          required: true,
          editor: <Input type="date" />,
          column: (i) => String(i.published_on),
        },
        markdownBody,
      ];
  }
}

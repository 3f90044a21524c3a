import { type CoverageView, zones } from '@yaocai/domain';
import { Form, Select, Space, Switch, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useGoodsOptions } from '../../../lib/goods-options';
import { usePromotionOptions } from '../api/promotion';

/**
 * Which goods an activity covers (packages/domain promotion/coverage.ts): all goods, or any of
 * goods, categories (with their sub-categories), brands and zones, minus excluded goods. Every
 * promotion form of the console uses this one block under the field name `coverage`.
 */
export function CoverageFields({ known }: { known?: { id: number; name: string }[] }) {
  const form = Form.useFormInstance();
  const all = Form.useWatch(['coverage', 'all'], form);
  const editor = useGoodsOptions();
  const [word, setWord] = useState('');
  const options = usePromotionOptions(word);
  const goodsOptions = useMemo(() => {
    const seen = new Map<number, string>();
    for (const g of known ?? []) seen.set(g.id, g.name);
    for (const g of options.data?.goods ?? []) seen.set(g.id, `${g.name} ${g.spec}`);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [known, options.data]);
  const tree = useMemo(() => {
    const cats = editor.data?.categories ?? [];
    const node = (parent: number | null): object[] =>
      cats
        .filter((c) => c.parent_id === parent)
        .map((c) => ({ value: c.id, title: c.name, children: node(c.id) }));
    return node(null);
  }, [editor.data]);
  const goodsSelect = (name: string, label: string) => (
    <Form.Item name={['coverage', name]} label={label}>
      <Select
        mode="multiple"
        showSearch
        filterOption={false}
        onSearch={setWord}
        placeholder="输入名称、拼音搜索商品"
        options={goodsOptions}
        style={{ minWidth: 360 }}
      />
    </Form.Item>
  );
  return (
    <fieldset style={{ border: '1px solid #eee', padding: '8px 12px', marginBottom: 12 }}>
      <legend style={{ fontSize: 14, width: 'auto', padding: '0 4px', margin: 0, border: 0 }}>
        活动商品范围
      </legend>
      <Form.Item name={['coverage', 'all']} label="全部商品" valuePropName="checked">
        <Switch data-testid="coverage-all" />
      </Form.Item>
      {!all && (
        <Space wrap align="start">
          {goodsSelect('goods_ids', '指定商品')}
          <Form.Item name={['coverage', 'category_ids']} label="分类（含子分类）">
            <TreeSelect
              multiple
              treeData={tree}
              treeNodeFilterProp="title"
              showSearch
              style={{ minWidth: 240 }}
              placeholder="选择分类"
            />
          </Form.Item>
          <Form.Item name={['coverage', 'brand_ids']} label="品牌">
            <Select
              mode="multiple"
              optionFilterProp="label"
              style={{ minWidth: 200 }}
              options={(editor.data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
          <Form.Item name={['coverage', 'zones']} label="专区">
            <Select
              mode="multiple"
              style={{ minWidth: 160 }}
              options={Object.entries(zones).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
        </Space>
      )}
      {goodsSelect('exclude_goods_ids', '排除商品')}
    </fieldset>
  );
}

/** The form's starting values from a saved coverage. */
export const coverageFormValues = (c: CoverageView) => ({
  all: c.all,
  goods_ids: c.goods_ids,
  category_ids: c.category_ids,
  brand_ids: c.brand_ids,
  zones: c.zones,
  exclude_goods_ids: c.exclude_goods_ids,
});

import { Checkbox, Form, Select } from 'antd';

interface Props {
  categories: { id: number; name: string; menu: string; parent_id: number | null }[];
  brands: { id: number; name: string }[];
  goods: { id: number; name: string; spec: string }[];
  onSearchGoods: (word: string) => void;
}

/** The coupon's coverage: all goods, or chosen categories, brands and goods. */
export function CouponScopeFields({ categories, brands, goods, onSearchGoods }: Props) {
  const all = Form.useWatch(['scope', 'all']);
  return (
    <fieldset style={{ border: '1px solid #d9d9d9', padding: '8px 12px', marginBottom: 12 }}>
      <legend style={{ fontSize: 14, width: 'auto', margin: 0 }}>适用范围</legend>
      <Form.Item name={['scope', 'all']} valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>全场通用</Checkbox>
      </Form.Item>
      {!all && (
        <>
          <Form.Item name={['scope', 'category_ids']} label="指定分类（含子分类）">
            <Select
              mode="multiple"
              optionFilterProp="label"
              aria-label="指定分类"
              options={categories
                .filter((c) => c.menu === 'normal')
                .map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name={['scope', 'brand_ids']} label="指定品牌">
            <Select
              mode="multiple"
              optionFilterProp="label"
              aria-label="指定品牌"
              options={brands.map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
          <Form.Item name={['scope', 'goods_ids']} label="指定商品">
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={onSearchGoods}
              aria-label="指定商品"
              placeholder="搜索在售商品"
              options={goods.map((g) => ({ value: g.id, label: `${g.name} ${g.spec}` }))}
            />
          </Form.Item>
        </>
      )}
    </fieldset>
  );
}

import { Form, Select } from 'antd';
import { useCoverageOptions } from '../api/specials';
import { GoodsSelect } from './GoodsSelect';

const menuNames: Record<string, string> = { normal: '', yx: '（优选）', zy: '（自营）', qx: '（器械）' };

/** Which goods an activity covers: goods, categories (with their children) and brands, as data. */
export function CoverageFields({ known }: { known?: { id: number; name: string }[] }) {
  const { data } = useCoverageOptions();
  return (
    <>
      <Form.Item name={['coverage', 'goods_ids']} label="指定商品">
        <GoodsSelect multiple known={known} aria-label="指定商品" />
      </Form.Item>
      <Form.Item name={['coverage', 'category_ids']} label="指定分类（含子分类）">
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          aria-label="指定分类"
          options={(data?.categories ?? []).map((c) => ({
            value: c.id,
            label: `${c.name}${menuNames[c.menu] ?? ''}`,
          }))}
        />
      </Form.Item>
      <Form.Item name={['coverage', 'brand_ids']} label="指定品牌">
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          aria-label="指定品牌"
          options={(data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))}
        />
      </Form.Item>
    </>
  );
}

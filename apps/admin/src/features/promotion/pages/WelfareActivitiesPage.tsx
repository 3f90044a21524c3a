import type { AdminWelfareView } from '@yaocai/domain';
import { Form, InputNumber } from 'antd';
import { CoverageFields } from '../components/CoverageFields';
import { coverageBody, type DayRangeValues, SpecialConsole } from '../components/SpecialConsole';

interface Values extends DayRangeValues {
  rate_percent: number;
  coverage: { goods_ids?: number[]; category_ids?: number[]; brand_ids?: number[] };
}

const coverageText = (c: AdminWelfareView['coverage']) =>
  [
    c.goods_ids.length && `${c.goods_ids.length}个商品`,
    c.category_ids.length && `${c.category_ids.length}个分类`,
    c.brand_ids.length && `${c.brand_ids.length}个品牌`,
  ]
    .filter(Boolean)
    .join('、');

/** 福利折扣 (全场94折, promotions:write): a discount on the goods its coverage names. */
export default function WelfareActivitiesPage() {
  return (
    <SpecialConsole<'welfare', Values>
      kind="welfare"
      noun="福利折扣"
      testId="admin-welfare"
      days={30}
      initialValues={{ rate_percent: 94 }}
      toValues={(w) => ({ rate_percent: w.rate_percent, coverage: w.coverage })}
      toBody={(v) => ({ rate_percent: v.rate_percent, coverage: coverageBody(v.coverage) })}
      columns={[
        { title: '折扣', width: 80, render: (_, w) => `${w.rate_percent / 10}折` },
        { title: '参与商品', render: (_, w) => coverageText(w.coverage) },
        {
          title: '销售（件 / 单 / 金额）',
          width: 170,
          render: (_, w) => `${w.sales.units} / ${w.sales.orders} / ¥${w.sales.amount.toFixed(2)}`,
        },
      ]}
      fields={() => (
        <>
          <Form.Item
            name="rate_percent"
            label="折扣（94 即 94折）"
            rules={[{ required: true, message: '请填写折扣' }]}
          >
            <InputNumber min={1} max={99} precision={0} />
          </Form.Item>
          <CoverageFields />
        </>
      )}
    />
  );
}

import { Form, InputNumber, Switch } from 'antd';
import { CoverageFields } from '../components/CoverageFields';
import { FieldRows } from '../components/FieldRows';
import { coverageBody, type DayRangeValues, SpecialConsole } from '../components/SpecialConsole';

interface Values extends DayRangeValues {
  repeat: boolean;
  tiers: { threshold: number; amount: number }[];
  coverage: { goods_ids?: number[]; category_ids?: number[]; brand_ids?: number[] };
}

/** 满额返现 (满返, promotions:write): tiers on the covered goods' paid amount, credited on receipt. */
export default function CashBackActivitiesPage() {
  return (
    <SpecialConsole<'cash_back', Values>
      kind="cash_back"
      noun="满额返现"
      testId="admin-cash-back"
      days={30}
      initialValues={{ repeat: false, tiers: [{ threshold: 500, amount: 10 }] }}
      toValues={(a) => ({ repeat: a.repeat, tiers: a.tiers, coverage: a.coverage })}
      toBody={(v) => ({ repeat: v.repeat, tiers: v.tiers ?? [], coverage: coverageBody(v.coverage) })}
      columns={[
        {
          title: '档位',
          render: (_, a) =>
            a.tiers.map((t) => (
              <div key={t.threshold}>
                {a.repeat ? '每' : ''}满{t.threshold}返{t.amount}
              </div>
            )),
        },
        {
          title: '返现（单数 / 已返 / 已扣回）',
          width: 200,
          render: (_, a) =>
            `${a.credits.orders} / ¥${a.credits.credited.toFixed(2)} / ¥${a.credits.reversed.toFixed(2)}`,
        },
      ]}
      fields={() => (
        <>
          <Form.Item name="repeat" label="每满即返（上不封顶）" valuePropName="checked">
            <Switch />
          </Form.Item>
          <FieldRows name="tiers" addLabel="添加档位" removeLabel="移除档位">
            {(field) => (
              <>
                <Form.Item
                  name={[field.name, 'threshold']}
                  label="实付满（元）"
                  rules={[{ required: true, message: '请填写满额' }]}
                >
                  <InputNumber min={0.01} precision={2} aria-label="满额" />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'amount']}
                  label="返现（元）"
                  rules={[{ required: true, message: '请填写返现金额' }]}
                >
                  <InputNumber min={0.01} precision={2} aria-label="返现金额" />
                </Form.Item>
              </>
            )}
          </FieldRows>
          <CoverageFields />
        </>
      )}
    />
  );
}

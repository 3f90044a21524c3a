import { Form, InputNumber } from 'antd';
import { FieldRows } from '../components/FieldRows';
import { GoodsSelect } from '../components/GoodsSelect';
import { type DayRangeValues, SpecialConsole } from '../components/SpecialConsole';

interface Values extends DayRangeValues {
  items: { goods_id: number; price: number; daily_limit?: number | null; stock?: number | null }[];
}

/** 每日特价 (promotions:write): specials by Beijing day range, goods with price, limit and stock. */
export default function DailySpecialsPage() {
  return (
    <SpecialConsole<'daily_special', Values>
      kind="daily_special"
      noun="每日特价"
      testId="admin-daily-specials"
      newTestId="admin-daily-special-new"
      nameTestId="admin-daily-special-name"
      days={6}
      modalWidth={900}
      initialValues={{ items: [{} as Values['items'][number]] }}
      dates={(s) => `每天 ${s.starts_on} 至 ${s.ends_on}`}
      toValues={(s) => ({
        items: s.items.map((i) => ({
          goods_id: i.goods_id,
          price: i.price,
          daily_limit: i.daily_limit,
          stock: i.stock,
        })),
      })}
      toBody={(v) => ({
        items: v.items.map((i) => ({
          goods_id: i.goods_id,
          price: i.price,
          daily_limit: i.daily_limit ?? null,
          stock: i.stock ?? null,
        })),
      })}
      columns={[
        {
          title: '特价商品（特价 / 原价 · 每店每日限购 · 特价库存 已售）',
          render: (_, s) =>
            s.items.map((i) => (
              <div key={i.goods_id}>
                {i.goods_name}：¥{i.price.toFixed(2)} / ¥{i.base_price.toFixed(2)} · {i.daily_limit ?? '不限'}{' '}
                · {i.stock ?? '不限'} 已售{i.sold}
              </div>
            )),
        },
        {
          title: '销售（件 / 单 / 金额）',
          width: 170,
          render: (_, s) => `${s.sales.units} / ${s.sales.orders} / ¥${s.sales.amount.toFixed(2)}`,
        },
      ]}
      fields={(editing) => (
        <FieldRows name="items" addLabel="添加商品" removeLabel="移除商品" wrap>
          {(field) => (
            <>
              <Form.Item
                name={[field.name, 'goods_id']}
                label="商品"
                rules={[{ required: true, message: '请选择商品' }]}
              >
                <GoodsSelect
                  known={editing?.items.map((i) => ({ id: i.goods_id, name: i.goods_name })) ?? []}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'price']}
                label="特价（元）"
                rules={[{ required: true, message: '请填写特价' }]}
              >
                <InputNumber min={0.01} precision={2} aria-label="特价" />
              </Form.Item>
              <Form.Item name={[field.name, 'daily_limit']} label="每店每日限购">
                <InputNumber min={1} precision={0} placeholder="不限" aria-label="每店每日限购" />
              </Form.Item>
              <Form.Item name={[field.name, 'stock']} label="特价库存">
                <InputNumber min={1} precision={0} placeholder="不限" aria-label="特价库存" />
              </Form.Item>
            </>
          )}
        </FieldRows>
      )}
    />
  );
}

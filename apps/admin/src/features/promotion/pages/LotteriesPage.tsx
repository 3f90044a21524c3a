import { type AdminLotteryView, entryRules } from '@yaocai/domain';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLotteries, useSaveLottery } from '../api/promotion';
import { EditorModal, useEditor } from '../components/EditorModal';
import { LotteryDrawsDrawer } from '../components/LotteryDrawsDrawer';
import { PrizeFields, type PrizeValues } from '../components/PrizeFields';
import { PromotionList } from '../components/PromotionList';

interface Values {
  name: string;
  remarks?: string;
  entry_rule: string;
  points_cost?: number;
  dates: [Dayjs, Dayjs];
  is_active: boolean;
  prizes: PrizeValues[];
}

/** 抽奖活动 (运营, promotions:write): lotteries with prizes, weights and stock; draws and winners. */
export default function LotteriesPage() {
  const { data, isFetching } = useLotteries();
  const editor = useEditor<AdminLotteryView, Values>({
    save: useSaveLottery(),
    toValues: (l) => ({
      name: l.name,
      remarks: l.remarks,
      entry_rule: l.entry_rule,
      points_cost: l.points_cost,
      dates: [dayjs(l.starts_on), dayjs(l.ends_on)],
      is_active: l.is_active,
      prizes: l.prizes
        .filter((p) => p.weight > 0 || p.won > 0)
        .map((p) => ({ ...p, coupon_id: p.coupon_id ?? undefined, goods_id: p.goods_id ?? undefined })),
    }),
    toBody: (v) => ({
      name: v.name,
      remarks: v.remarks ?? '',
      entry_rule: v.entry_rule,
      points_cost: v.points_cost ?? 0,
      starts_on: v.dates[0].format('YYYY-MM-DD'),
      ends_on: v.dates[1].format('YYYY-MM-DD'),
      is_active: v.is_active,
      prizes: v.prizes.map((p) => ({
        id: p.id ?? 0,
        name: p.name,
        remarks: p.remarks ?? '',
        kind: p.kind,
        amount: p.amount ?? 0,
        coupon_id: p.coupon_id ?? 0,
        goods_id: p.goods_id ?? 0,
        weight: p.weight,
        stock: p.stock ?? null,
      })),
    }),
  });
  const [viewing, setViewing] = useState<AdminLotteryView | null>(null);
  const rule = Form.useWatch('entry_rule', editor.form);

  return (
    <PromotionList<AdminLotteryView>
      title="抽奖活动"
      testId="admin-lotteries"
      newLabel="新建抽奖"
      newTestId="admin-lottery-new"
      onNew={() => editor.open('new')}
      rows={data}
      loading={isFetching}
      columns={[
        {
          title: '活动',
          render: (_, l) => (
            <>
              <strong>{l.name}</strong> {l.running ? <Tag color="green">进行中</Tag> : <Tag>未进行</Tag>}
              <div style={{ color: '#999' }}>
                {l.starts_on} 至 {l.ends_on} · {l.rule_text}
              </div>
            </>
          ),
        },
        {
          title: '奖品（已中 / 剩余库存 / 权重）',
          render: (_, l) =>
            l.prizes
              .filter((p) => p.weight > 0 || p.won > 0)
              .map((p) => (
                <div key={p.id}>
                  {p.name}：{p.won} / {p.stock ?? '不限'} / {p.weight}
                </div>
              )),
        },
        { title: '抽奖次数', dataIndex: 'draws', width: 90 },
        {
          title: '操作',
          width: 150,
          render: (_, l) => (
            <Space size={4}>
              <Button type="link" size="small" onClick={() => editor.open(l)}>
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => setViewing(l)}
                data-testid="admin-lottery-draws"
              >
                抽奖记录
              </Button>
            </Space>
          ),
        },
      ]}
    >
      <EditorModal
        editor={editor}
        noun="抽奖"
        width={980}
        initialValues={{
          entry_rule: 'daily',
          is_active: true,
          dates: [dayjs(), dayjs().add(30, 'day')],
          prizes: [{ kind: 'none', name: '谢谢参与', weight: 1 }],
        }}
      >
        <Space wrap align="start">
          <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请填写活动名称' }]}>
            <Input maxLength={30} style={{ width: 220 }} data-testid="admin-lottery-name" />
          </Form.Item>
          <Form.Item name="entry_rule" label="参与方式">
            <Select
              style={{ width: 150 }}
              options={entryRules.map((r) => ({ value: r.code, label: r.name }))}
            />
          </Form.Item>
          {rule === 'points' && (
            <Form.Item
              name="points_cost"
              label="每次消耗积分"
              rules={[{ required: true, message: '请填写每次消耗积分' }]}
            >
              <InputNumber min={1} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="dates" label="活动日期" rules={[{ required: true, message: '请选择活动日期' }]}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="is_active" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="remarks" label="活动说明">
          <Input.TextArea rows={2} maxLength={300} />
        </Form.Item>
        <PrizeFields />
      </EditorModal>
      {viewing && <LotteryDrawsDrawer lottery={viewing} onClose={() => setViewing(null)} />}
    </PromotionList>
  );
}

import { type AdminLotteryView, entryRules } from '@yaocai/domain';
import { DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { beijingTodayPickerValue } from '../../../lib/beijing-picker';
import { useSaveLottery } from '../api/promotion';
import { type Editor, EditorModal, useEditor } from './EditorModal';
import { PrizeFields, type PrizeValues } from './PrizeFields';

interface LotteryValues {
  name: string;
  remarks?: string;
  entry_rule: string;
  points_cost?: number;
  dates: [Dayjs, Dayjs];
  is_active: boolean;
  prizes: PrizeValues[];
}

/**
 * The prizes the list and the editor show: a prize left out of an edit stays on record with
 * weight 0 (draws point at it), so one that can no longer be drawn shows only if it was won.
 */
export const listedPrizes = (lottery: AdminLotteryView) =>
  lottery.prizes.filter((p) => p.weight > 0 || p.won > 0);

/** The lottery editor, with the form's mapping to and from the API's lottery. */
export const useLotteryEditor = () =>
  useEditor<AdminLotteryView, LotteryValues>({
    save: useSaveLottery(),
    toValues: (l) => ({
      name: l.name,
      remarks: l.remarks,
      entry_rule: l.entry_rule,
      points_cost: l.points_cost,
      dates: [dayjs(l.starts_on), dayjs(l.ends_on)],
      is_active: l.is_active,
      prizes: listedPrizes(l).map((p) => ({
        ...p,
        coupon_id: p.coupon_id ?? undefined,
        goods_id: p.goods_id ?? undefined,
      })),
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

/** 新建抽奖 / 编辑抽奖: name, entry rule (with its points), dates, 启用, remarks and the prizes. */
export function LotteryEditor({ editor }: { editor: Editor<AdminLotteryView, LotteryValues> }) {
  const rule = Form.useWatch('entry_rule', editor.form);
  return (
    <EditorModal
      editor={editor}
      noun="抽奖"
      width={980}
      initialValues={{
        entry_rule: 'daily',
        is_active: true,
        dates: [beijingTodayPickerValue(), beijingTodayPickerValue().add(30, 'day')],
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
  );
}

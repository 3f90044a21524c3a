import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminLotteryView, beijingDateTimeText, entryRules, prizeKinds } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import {
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  useLotteries,
  useLotteryDraws,
  usePromotionOptions,
  useSaveLottery,
  useShipPrize,
} from '../api/promotion';
import { EditorModal, useEditor } from '../components/EditorModal';
import { PromotionList } from '../components/PromotionList';

interface PrizeValues {
  id?: number;
  name: string;
  remarks?: string;
  kind: string;
  amount?: number;
  coupon_id?: number;
  goods_id?: number;
  weight: number;
  stock?: number | null;
}
interface Values {
  name: string;
  remarks?: string;
  entry_rule: string;
  points_cost?: number;
  dates: [Dayjs, Dayjs];
  is_active: boolean;
  prizes: PrizeValues[];
}

/** The prize rows of the lottery form: kind, what it gives, weight and stock. */
function PrizeFields() {
  const [word, setWord] = useState('');
  const options = usePromotionOptions(word);
  const form = Form.useFormInstance<Values>();
  const prizes = Form.useWatch('prizes', form) ?? [];
  const totalWeight = prizes.reduce((s, p) => s + (Number(p?.weight) || 0), 0);
  return (
    <Form.List name="prizes">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => {
            const kind = prizes[field.name]?.kind;
            const weight = Number(prizes[field.name]?.weight) || 0;
            return (
              <Card key={field.key} size="small" style={{ marginBottom: 8 }} data-testid="admin-prize-row">
                <Space wrap align="start">
                  <Form.Item
                    name={[field.name, 'name']}
                    label="奖品名称"
                    rules={[{ required: true, message: '请填写奖品名称' }]}
                  >
                    <Input maxLength={30} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'remarks']} label="说明">
                    <Input maxLength={60} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'kind']}
                    label="类型"
                    rules={[{ required: true, message: '请选择奖品类型' }]}
                  >
                    <Select
                      style={{ width: 110 }}
                      options={prizeKinds.map((k) => ({ value: k.code, label: k.name }))}
                    />
                  </Form.Item>
                  {kind === 'points' && (
                    <Form.Item
                      name={[field.name, 'amount']}
                      label="积分"
                      rules={[{ required: true, message: '请填写积分数' }]}
                    >
                      <InputNumber min={1} precision={0} style={{ width: 100 }} />
                    </Form.Item>
                  )}
                  {kind === 'wallet' && (
                    <Form.Item
                      name={[field.name, 'amount']}
                      label="金额（分）"
                      rules={[{ required: true, message: '请填写金额（分）' }]}
                    >
                      <InputNumber min={1} precision={0} style={{ width: 110 }} />
                    </Form.Item>
                  )}
                  {kind === 'coupon' && (
                    <Form.Item
                      name={[field.name, 'coupon_id']}
                      label="优惠券"
                      rules={[{ required: true, message: '请选择优惠券' }]}
                    >
                      <Select
                        style={{ width: 180 }}
                        options={(options.data?.coupons ?? []).map((c) => ({ value: c.id, label: c.name }))}
                      />
                    </Form.Item>
                  )}
                  {kind === 'goods' && (
                    <Form.Item
                      name={[field.name, 'goods_id']}
                      label="商品"
                      rules={[{ required: true, message: '请选择商品' }]}
                    >
                      <Select
                        showSearch
                        filterOption={false}
                        onSearch={setWord}
                        style={{ width: 200 }}
                        placeholder="搜索在售商品"
                        options={(options.data?.goods ?? []).map((g) => ({
                          value: g.id,
                          label: `${g.name} ${g.spec}`,
                        }))}
                      />
                    </Form.Item>
                  )}
                  <Form.Item
                    name={[field.name, 'weight']}
                    label="权重"
                    extra={
                      totalWeight > 0 ? `中奖率约 ${((weight / totalWeight) * 100).toFixed(1)}%` : undefined
                    }
                    rules={[{ required: true, message: '请填写中奖权重' }]}
                  >
                    <InputNumber min={0} precision={0} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'stock']} label="库存" extra="留空为不限">
                    <InputNumber min={0} precision={0} style={{ width: 90 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label="删除奖品"
                    onClick={() => remove(field.name)}
                  />
                </Space>
              </Card>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ kind: 'none', weight: 1, name: '谢谢参与' })}
          >
            添加奖品
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** The draws of one lottery: winners, goods prizes to ship. */
function DrawsDrawer({ lottery, onClose }: { lottery: AdminLotteryView; onClose: () => void }) {
  const { message } = useFeedback();
  const [filter, setFilter] = useState<'all' | 'winners' | 'to_ship'>('winners');
  const [page, setPage] = useState(1);
  const draws = useLotteryDraws(lottery.id, {
    page,
    ...(filter === 'winners' ? { winners: '1' as const } : filter === 'to_ship' ? { status: 'to_ship' } : {}),
  });
  const ship = useShipPrize();
  return (
    <Drawer open width={820} title={`抽奖记录：${lottery.name}`} onClose={onClose}>
      <Segmented
        value={filter}
        onChange={(v) => {
          setFilter(v as typeof filter);
          setPage(1);
        }}
        options={[
          { value: 'winners', label: '中奖记录' },
          { value: 'to_ship', label: '待发货' },
          { value: 'all', label: '全部抽奖' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table
        rowKey="id"
        size="small"
        loading={draws.isFetching}
        dataSource={draws.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: draws.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170, render: beijingDateTimeText },
          {
            title: '门店',
            render: (_, r) => (
              <>
                {r.store_name}
                <div style={{ color: '#999' }}>{r.phone}</div>
              </>
            ),
          },
          { title: '奖品', render: (_, r) => `${r.name}${r.remarks ? `（${r.remarks}）` : ''}` },
          { title: '状态', width: 90, render: (_, r) => (r.kind === 'none' ? '未中奖' : r.status_name) },
          {
            title: '操作',
            width: 100,
            render: (_, r) =>
              r.status === 'to_ship' ? (
                <Button
                  type="link"
                  size="small"
                  onClick={async () => {
                    await ship.mutateAsync(r.id);
                    message.success('已标记发货');
                  }}
                >
                  标记发货
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
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
      {viewing && <DrawsDrawer lottery={viewing} onClose={() => setViewing(null)} />}
    </PromotionList>
  );
}

import { beijingDateTimeText } from '@yaocai/domain';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ListTable, useListQuery } from '../../../components/list-page';
import { beijingTodayPickerValue } from '../../../lib/beijing-picker';
import {
  type AdminRedemption,
  type AdminReward,
  useAdminRedemptions,
  usePromotionOptions,
  useRewards,
  useSaveReward,
} from '../api/promotion';
import { EditorModal, useEditor } from '../components/EditorModal';
import { storeColumn } from '../components/storeColumn';

interface Values {
  kind: 'goods' | 'coupon';
  name: string;
  description?: string;
  goods_id?: number;
  coupon_id?: number;
  points: number;
  stock: number;
  per_store_limit: number;
  dates: [Dayjs, Dayjs];
  is_active: boolean;
}

function Redemptions() {
  // Kept in the tab, not the address bar: the page is the tab's own.
  const [query, setQuery] = useListQuery({ page: 1 }, { url: false });
  const { data, isFetching } = useAdminRedemptions(query.page);
  return (
    <ListTable<AdminRedemption>
      source={{ query, onQuery: setQuery, data, loading: isFetching }}
      columns={[
        { title: '时间', dataIndex: 'created_at', width: 170, render: beijingDateTimeText },
        storeColumn<AdminRedemption>(),
        { title: '礼品', dataIndex: 'reward_name' },
        { title: '积分', dataIndex: 'points', width: 90 },
        {
          title: '订单',
          dataIndex: 'order_id',
          width: 110,
          render: (id: number | null) => (id ? `订单 ${id}` : '优惠券'),
        },
      ]}
    />
  );
}

/** 积分商城 (运营, promotions:write): rewards (goods or coupons) for points, and the redemptions. */
export default function RewardsPage() {
  const { data, isFetching } = useRewards();
  const editor = useEditor<AdminReward, Values>({
    save: useSaveReward(),
    toValues: (r) => ({
      ...r,
      description: r.description,
      goods_id: r.goods_id ?? undefined,
      coupon_id: r.coupon_id ?? undefined,
      dates: [dayjs(r.starts_on), dayjs(r.ends_on)],
    }),
    toBody: (v) => ({
      kind: v.kind,
      name: v.name,
      description: v.description ?? '',
      goods_id: v.goods_id ?? 0,
      coupon_id: v.coupon_id ?? 0,
      points: v.points,
      stock: v.stock,
      per_store_limit: v.per_store_limit,
      starts_on: v.dates[0].format('YYYY-MM-DD'),
      ends_on: v.dates[1].format('YYYY-MM-DD'),
      is_active: v.is_active,
    }),
  });
  const [word, setWord] = useState('');
  const options = usePromotionOptions(word);
  const kind = Form.useWatch('kind', editor.form);

  return (
    <Card title="积分商城" data-testid="admin-rewards">
      <Tabs
        items={[
          {
            key: 'rewards',
            label: '礼品',
            children: (
              <>
                <Button
                  type="primary"
                  onClick={() => editor.open('new')}
                  style={{ marginBottom: 12 }}
                  data-testid="admin-reward-new"
                >
                  新增礼品
                </Button>
                <ListTable<AdminReward>
                  source={{ rows: data, loading: isFetching }}
                  columns={[
                    {
                      title: '礼品',
                      render: (_, r) => (
                        <>
                          <Tag color={r.kind === 'goods' ? 'green' : 'orange'}>
                            {r.kind === 'goods' ? '实物' : '优惠券'}
                          </Tag>
                          {r.name} {!r.is_active && <Tag>已停用</Tag>}
                        </>
                      ),
                    },
                    { title: '所需积分', dataIndex: 'points', width: 90 },
                    { title: '库存', dataIndex: 'stock', width: 80 },
                    { title: '每店限兑', dataIndex: 'per_store_limit', width: 80 },
                    { title: '已兑换', dataIndex: 'redemptions', width: 80 },
                    { title: '有效期', width: 200, render: (_, r) => `${r.starts_on} 至 ${r.ends_on}` },
                    {
                      title: '操作',
                      width: 80,
                      render: (_, r) => (
                        <Button type="link" size="small" onClick={() => editor.open(r)}>
                          编辑
                        </Button>
                      ),
                    },
                  ]}
                />
              </>
            ),
          },
          { key: 'redemptions', label: '兑换记录', children: <Redemptions /> },
        ]}
      />
      <EditorModal
        editor={editor}
        noun="礼品"
        newVerb="新增"
        initialValues={{
          kind: 'goods',
          per_store_limit: 1,
          is_active: true,
          dates: [beijingTodayPickerValue(), beijingTodayPickerValue().add(30, 'day')],
        }}
      >
        <Form.Item name="kind" label="礼品类型">
          <Radio.Group
            options={[
              { value: 'goods', label: '实物商品（生成0元订单发货）' },
              { value: 'coupon', label: '优惠券（立即发放）' },
            ]}
          />
        </Form.Item>
        {kind === 'coupon' ? (
          <Form.Item name="coupon_id" label="优惠券" rules={[{ required: true, message: '请选择优惠券' }]}>
            <Select options={(options.data?.coupons ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        ) : (
          <Form.Item name="goods_id" label="商品" rules={[{ required: true, message: '请选择商品' }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setWord}
              placeholder="输入名称、拼音或批准文号搜索在售商品"
              options={(options.data?.goods ?? []).map((g) => ({
                value: g.id,
                label: `${g.name} ${g.spec}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="name" label="礼品名称" rules={[{ required: true, message: '请填写礼品名称' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="points" label="所需积分" rules={[{ required: true, message: '请填写所需积分' }]}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="stock" label="库存" rules={[{ required: true, message: '请填写库存' }]}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="per_store_limit" label="每店限兑">
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="is_active" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="dates" label="兑换日期" rules={[{ required: true, message: '请选择兑换日期' }]}>
          <DatePicker.RangePicker />
        </Form.Item>
      </EditorModal>
    </Card>
  );
}

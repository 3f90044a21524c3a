import {
  type AdminCouponView,
  beijingDateTimeText,
  beijingToday,
  type CouponAction,
  couponActions,
  couponKindLabels,
  couponKinds,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import {
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import {
  useAdminCoupons,
  useCouponAction,
  useCouponClaims,
  useSaveCoupon,
  useScopeOptions,
} from '../api/coupons';
import { usePromotionOptions } from '../api/promotion';
import { CouponScopeFields } from '../components/CouponScopeFields';
import { EditorModal, useEditor } from '../components/EditorModal';
import { PromotionList } from '../components/PromotionList';

const statusColors: Record<string, string> = {
  draft: 'default',
  active: 'green',
  paused: 'orange',
  ended: 'default',
};

/** The claims of one coupon: who holds it, from where, and the order that used it. */
function ClaimsDrawer({ coupon, onClose }: { coupon: AdminCouponView; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const claims = useCouponClaims(coupon.id, page);
  return (
    <Drawer open width={820} title={`领取与使用：${coupon.name}`} onClose={onClose}>
      <Table
        rowKey="id"
        size="small"
        loading={claims.isFetching}
        dataSource={claims.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: claims.data?.total ?? 0, onChange: setPage }}
        data-testid="admin-coupon-claims"
        columns={[
          { title: '领取时间', dataIndex: 'claimed_at', width: 170, render: beijingDateTimeText },
          { title: '门店', render: (_, r) => `${r.store_name} ${r.phone}` },
          { title: '来源', dataIndex: 'source', width: 90 },
          { title: '状态', dataIndex: 'status_label', width: 80 },
          { title: '使用订单', render: (_, r) => (r.order_no ? `${r.order_no}（¥${r.order_amount}）` : '—') },
        ]}
      />
    </Drawer>
  );
}

interface Values {
  name: string;
  kind: (typeof couponKinds)[number];
  threshold?: number;
  amount?: number;
  rate_percent?: number;
  max_discount?: number;
  scope: { all: boolean; goods_ids: number[]; category_ids: number[]; brand_ids: number[] };
  exclude_special: boolean;
  validity: 'fixed' | 'days';
  valid_from?: string;
  valid_to?: string;
  valid_days?: number;
  total_quota?: number | null;
  per_store_limit: number;
  claim_from?: string;
  claim_to?: string;
  in_centre: boolean;
  new_buyer: boolean;
}

/** 优惠券管理 (运营, promotions:write): templates with claims, uses and sales; publish, pause, end. */
export default function CouponsPage() {
  const { message } = useFeedback();
  const { data, isFetching } = useAdminCoupons();
  const act = useCouponAction();
  const editor = useEditor<AdminCouponView, Values>({
    save: useSaveCoupon(),
    toValues: (c) => ({
      ...c,
      rate_percent: c.rate_percent ?? undefined,
      valid_from: c.valid_from ?? undefined,
      valid_to: c.valid_to ?? undefined,
      valid_days: c.valid_days ?? undefined,
      claim_from: c.claim_from ?? undefined,
      claim_to: c.claim_to ?? undefined,
    }),
    toBody: (v) => v,
  });
  const [viewing, setViewing] = useState<AdminCouponView | null>(null);
  const kind = Form.useWatch('kind', editor.form);
  const validity = Form.useWatch('validity', editor.form);
  const options = useScopeOptions();
  const [word, setWord] = useState('');
  const goods = usePromotionOptions(word);

  const run = async (c: AdminCouponView, action: CouponAction) => {
    await act.mutateAsync({ id: c.id, action });
    message.success(`已${couponActions[action].label}`);
  };

  return (
    <PromotionList<AdminCouponView>
      title="优惠券"
      testId="admin-coupons"
      newLabel="新建优惠券"
      newTestId="admin-coupon-new"
      onNew={() => editor.open('new')}
      rows={data}
      loading={isFetching}
      columns={[
        {
          title: '优惠券',
          render: (_, c) => (
            <>
              <Tag>{c.kind_label}</Tag>
              <strong>{c.name}</strong> <Tag color={statusColors[c.status]}>{c.status_label}</Tag>
              {c.status !== 'ended' && c.valid_to && c.valid_to < beijingToday(new Date()) && (
                <Tag>有效期已过</Tag>
              )}
              {c.new_buyer && <Tag color="blue">新人券</Tag>}
              {c.in_centre && <Tag color="gold">领券中心</Tag>}
              <div style={{ color: '#595959' }}>
                {c.scope_text}
                {c.exclude_special ? '，特价商品不参与' : ''} · {c.validity_text}
              </div>
            </>
          ),
        },
        { title: '领取 / 总量', width: 110, render: (_, c) => `${c.claimed} / ${c.total_quota ?? '不限'}` },
        { title: '已使用', dataIndex: 'used', width: 80 },
        { title: '带动销售', dataIndex: 'sales', width: 110, render: (v: number) => `¥${v.toFixed(2)}` },
        {
          title: '操作',
          width: 260,
          render: (_, c) => (
            <Space size={0} wrap>
              {c.status !== 'ended' && (
                <Button type="link" size="small" onClick={() => editor.open(c)}>
                  编辑
                </Button>
              )}
              {(Object.keys(couponActions) as CouponAction[])
                .filter((a) => (couponActions[a].from as readonly string[]).includes(c.status))
                .map((a) =>
                  a === 'end' ? (
                    <Popconfirm
                      key={a}
                      title="结束该优惠券？"
                      description="结束后不能再领取，门店已领取未使用的券将作废。"
                      okText="结束"
                      cancelText="取消"
                      onConfirm={() => run(c, a)}
                    >
                      <Button type="link" size="small" danger>
                        {couponActions[a].label}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button key={a} type="link" size="small" onClick={() => run(c, a)}>
                      {couponActions[a].label}
                    </Button>
                  ),
                )}
              <Button type="link" size="small" onClick={() => setViewing(c)}>
                领取记录
              </Button>
            </Space>
          ),
        },
      ]}
    >
      <EditorModal
        editor={editor}
        noun="优惠券"
        width={760}
        initialValues={{
          kind: 'amount_off',
          scope: { all: true, goods_ids: [], category_ids: [], brand_ids: [] },
          exclude_special: false,
          validity: 'days',
          valid_days: 7,
          per_store_limit: 1,
          in_centre: true,
          new_buyer: false,
        }}
      >
        <Space wrap align="start">
          <Form.Item name="name" label="券名称" rules={[{ required: true, message: '请填写券名称' }]}>
            <Input maxLength={30} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="kind" label="类型">
            <Select
              style={{ width: 120 }}
              options={couponKinds.map((k) => ({ value: k, label: couponKindLabels[k] }))}
            />
          </Form.Item>
          <Form.Item name="threshold" label="使用门槛（元）" extra="0 为无门槛">
            <InputNumber min={0} precision={2} style={{ width: 130 }} />
          </Form.Item>
          {kind === 'discount' ? (
            <>
              <Form.Item name="rate_percent" label="折扣（9折填90）">
                <InputNumber min={1} max={99} precision={0} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item name="max_discount" label="最高优惠（元）">
                <InputNumber min={0} precision={2} style={{ width: 130 }} />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="amount" label="面额（元）">
              <InputNumber min={0} precision={2} style={{ width: 130 }} />
            </Form.Item>
          )}
        </Space>
        <CouponScopeFields
          categories={options.data?.categories ?? []}
          brands={options.data?.brands ?? []}
          goods={goods.data?.goods ?? []}
          onSearchGoods={setWord}
        />
        <Form.Item name="exclude_special" valuePropName="checked">
          <Checkbox>特价商品不参与</Checkbox>
        </Form.Item>
        <Form.Item name="validity" label="有效期">
          <Radio.Group
            options={[
              { value: 'days', label: '领取后N天内有效' },
              { value: 'fixed', label: '固定日期' },
            ]}
          />
        </Form.Item>
        {validity === 'fixed' ? (
          <Space>
            <Form.Item name="valid_from" label="生效日期">
              <Input type="date" />
            </Form.Item>
            <Form.Item name="valid_to" label="失效日期">
              <Input type="date" />
            </Form.Item>
          </Space>
        ) : (
          <Form.Item name="valid_days" label="领取后有效天数">
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
        )}
        <Space wrap>
          <Form.Item name="total_quota" label="发放总量" extra="留空为不限">
            <InputNumber min={1} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="per_store_limit" label="每店限领">
            <InputNumber min={1} max={100} precision={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="claim_from" label="领取开始日期">
            <Input type="date" />
          </Form.Item>
          <Form.Item name="claim_to" label="领取结束日期">
            <Input type="date" />
          </Form.Item>
        </Space>
        <Space>
          <Form.Item name="in_centre" valuePropName="checked">
            <Checkbox>在领券中心展示</Checkbox>
          </Form.Item>
          <Form.Item name="new_buyer" valuePropName="checked">
            <Checkbox>新人礼包（企业审核通过时发放）</Checkbox>
          </Form.Item>
        </Space>
      </EditorModal>
      {viewing && <ClaimsDrawer coupon={viewing} onClose={() => setViewing(null)} />}
    </PromotionList>
  );
}

import { type AdminCouponView, beijingToday, type CouponAction, couponActions } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { unreportedMessage } from '../../../lib/form-errors';
import { useAdminCoupons, useCouponAction } from '../api/coupons';
import { CouponClaimsDrawer } from '../components/CouponClaimsDrawer';
import { CouponEditor, useCouponEditor } from '../components/CouponEditor';
import { PromotionList } from '../components/PromotionList';

const statusColors: Record<string, string> = {
  draft: 'default',
  active: 'green',
  paused: 'orange',
  ended: 'default',
};

/** 优惠券管理 (运营, promotions:write): templates with claims, uses and sales; publish, pause, end. */
export default function CouponsPage() {
  const { message } = useFeedback();
  const { data, isFetching } = useAdminCoupons();
  const act = useCouponAction();
  const editor = useCouponEditor();
  const [viewing, setViewing] = useState<AdminCouponView | null>(null);

  const run = async (c: AdminCouponView, action: CouponAction) => {
    try {
      await act.mutateAsync({ id: c.id, action });
      message.success(`已${couponActions[action].label}`);
    } catch (error) {
      const text = unreportedMessage(error, '操作失败');
      if (text) message.error(text);
    }
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
              {c.status === 'draft' && (
                <div style={{ color: '#ad4e00' }} data-testid="admin-coupon-draft-hint">
                  草稿：点「发布」后门店才能领取
                </div>
              )}
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
                  ) : a === 'publish' ? (
                    // The draft's next step stands out: until published no store can claim it.
                    <Button
                      key={a}
                      type="primary"
                      size="small"
                      autoInsertSpace={false}
                      onClick={() => run(c, a)}
                    >
                      {couponActions[a].label}
                    </Button>
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
      <CouponEditor editor={editor} />
      {viewing && <CouponClaimsDrawer coupon={viewing} onClose={() => setViewing(null)} />}
    </PromotionList>
  );
}

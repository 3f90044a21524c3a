import { type AdminCouponView, beijingDateTimeText } from '@yaocai/domain';
import { Drawer } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-page';
import { useCouponClaims } from '../api/coupons';

/** The claims of one coupon: who holds it, from where, and the order that used it. */
export function CouponClaimsDrawer({ coupon, onClose }: { coupon: AdminCouponView; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const claims = useCouponClaims(coupon.id, page);
  return (
    <Drawer open width={820} title={`领取与使用：${coupon.name}`} onClose={onClose}>
      <ListTable
        data-testid="admin-coupon-claims"
        source={{
          query: { page },
          onQuery: (q) => setPage(q.page),
          data: claims.data,
          loading: claims.isFetching,
        }}
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

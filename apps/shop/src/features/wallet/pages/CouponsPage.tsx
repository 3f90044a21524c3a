import { beijingDateTimeText, formatYuan, fromYuan } from '@yaocai/domain';
import { Col, Empty, Row, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Card } from '../../../components/Card';
import { useCoupons } from '../api/wallet';

const yuan = (v: number) => formatYuan(fromYuan(v.toFixed(2)));
const day = (seconds: number) => beijingDateTimeText(seconds).slice(0, 10);
/** 2026-11-01 至 2026-11-30, 有效期至 ..., or 长期有效. */
const validity = (from: number | null, to: number | null) =>
  to ? (from ? `${day(from)} 至 ${day(to)}` : `有效期至 ${day(to)}`) : '长期有效';

/** /yhq (coupons) and /xjq (cash vouchers): unused, used, expired. */
export default function CouponsPage() {
  const cash = useLocation().pathname.startsWith('/xjq');
  const [status, setStatus] = useState(1);
  const { data } = useCoupons({ type: cash ? 2 : 1, status, page: 1 });
  return (
    <Card title={cash ? '现金券' : '优惠券'} className="sh-container sh-page" data-testid="coupons-page">
      <Tabs
        activeKey={String(status)}
        onChange={(k) => setStatus(Number(k))}
        items={[
          { key: '1', label: '未使用' },
          { key: '2', label: '已使用' },
          { key: '3', label: '已过期' },
        ]}
      />
      {data?.list.length === 0 && <Empty description="暂无券" />}
      <Row gutter={[12, 12]}>
        {data?.list.map((c) => (
          <Col span={8} key={c.id}>
            <Card
              size="small"
              style={{ borderColor: status === 1 ? '#ff7a45' : '#d9d9d9', opacity: status === 1 ? 1 : 0.6 }}
            >
              <div style={{ fontSize: 24, color: '#c62828' }}>
                {c.kind === 'discount' ? `${(c.rate_percent ?? 100) / 10}折` : yuan(c.amount)}
              </div>
              <div>
                {c.threshold > 0 ? `满${yuan(c.threshold)}可用` : '无门槛'}
                {c.kind === 'discount' && c.max_discount > 0 ? `，最高减${yuan(c.max_discount)}` : ''}
              </div>
              <div>
                <strong>{c.name}</strong> <Tag>{c.kind_label}</Tag>
              </div>
              <div style={{ color: '#595959' }} data-testid="coupon-scope">
                {c.scope_text}
                {c.exclude_special ? '，特价商品不参与' : ''}
              </div>
              <div style={{ color: '#595959' }}>{validity(c.starts_at, c.expires_at)}</div>
              {status === 2 && c.order_id && <Link to={`/order/info/${c.order_id}`}>查看订单</Link>}
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

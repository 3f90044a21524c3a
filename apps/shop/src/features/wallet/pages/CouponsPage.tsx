import { formatYuan, fromYuan } from '@yaocai/domain';
import { Card, Col, Empty, Row, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useCoupons } from '../api/wallet';

const yuan = (v: number) => formatYuan(fromYuan(v.toFixed(2)));

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
              <div>{c.threshold > 0 ? `满${yuan(c.threshold)}可用` : '无门槛'}</div>
              <div>
                <strong>{c.name}</strong> <Tag>{c.kind_label}</Tag>
              </div>
              <div style={{ color: '#707070' }}>
                {c.expires_at
                  ? `有效期至 ${new Date(c.expires_at * 1000).toLocaleDateString('zh-CN')}`
                  : '长期有效'}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

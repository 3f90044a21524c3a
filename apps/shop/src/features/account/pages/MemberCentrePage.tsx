import { beijingDateText, type MemberCentre } from '@yaocai/domain';
import { Alert, Empty, Skeleton, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { GoodsCard } from '../../../components/goods/GoodsCard';
import { useMemberCentre } from '../api/member-centre';

const statusColor: Record<string, string> = { approved: 'green', pending: 'orange', rejected: 'red' };
const yuan = (n: number) => `¥${n.toFixed(2)}`;
const day = beijingDateText;

function Figure({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: ReactNode;
  to?: string;
  testId: string;
}) {
  const body = (
    <div className="sh-figure" data-testid={testId}>
      <div className="sh-figure__value">{value}</div>
      <div className="sh-figure__label">{label}</div>
    </div>
  );
  return to ? <Link to={to}>{body}</Link> : body;
}

function Profile({ c }: { c: MemberCentre }) {
  const q = c.qualification;
  return (
    <Card data-testid="member-profile">
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <strong style={{ fontSize: 18 }}>{c.company}</strong>
          <Tag color="gold">{c.rank}</Tag>
          <Tag color={statusColor[q.status]} data-testid="member-qualification">
            资质{q.status_name}
          </Tag>
        </Space>
        <span style={{ color: '#666' }}>
          当前门店：{c.store_name} · 手机 {c.phone}
          {q.expires_on && (
            <>
              {' '}
              · 资质有效期至 {q.expires_on}
              {q.days_left !== null && q.days_left >= 0 && `（剩余${q.days_left}天）`}
            </>
          )}
        </span>
        {q.warning && (
          <Alert
            type={q.days_left !== null && q.days_left < 0 ? 'error' : 'warning'}
            showIcon
            message={q.warning}
            action={<Link to="/zzzj">去更新</Link>}
            data-testid="member-licence-warning"
          />
        )}
        {q.status === 'pending' && (
          <Alert type="info" showIcon message="资质审核中，审核通过后即可查看价格并下单" />
        )}
        {q.status === 'rejected' && (
          <Alert
            type="error"
            showIcon
            message="资质审核未通过，请根据消息中的原因重新提交"
            action={<Link to="/zzzj">重新上传</Link>}
          />
        )}
      </Space>
    </Card>
  );
}

function Orders({ c }: { c: MemberCentre }) {
  return (
    <Card title="我的订单" extra={<Link to="/order">全部订单</Link>} data-testid="member-orders">
      <div className="sh-figures" style={{ marginBottom: 12 }}>
        {c.orders.tabs.map((t) => (
          <Figure
            key={t.key}
            label={t.label}
            value={t.count}
            to={`/order?tab=${t.key}`}
            testId={`member-orders-${t.key}`}
          />
        ))}
      </div>
      {/* Plain rows in antd List's small look: its List loads Pagination, Select and Spin along. */}
      {c.orders.recent.length === 0 ? (
        <Empty description="还没有订单，去首页逛逛吧" />
      ) : (
        <ul className="sh-rows">
          {c.orders.recent.map((o) => (
            <li key={o.id}>
              <Space size={16} wrap>
                <span>{o.order_no}</span>
                <span style={{ color: '#707070' }}>{day(o.created_at)}</span>
                <span>
                  {o.lines[0]?.name}
                  {o.line_count > 1 && ` 等${o.line_count}种商品`}
                </span>
                <strong>{yuan(o.total)}</strong>
                <Tag>{o.status_label}</Tag>
              </Space>
              <Link to={`/order/info/${o.id}`}>查看</Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /user 会员中心: the store at a glance; each figure opens the page it counts. */
export default function MemberCentrePage() {
  const { data: c } = useMemberCentre();
  if (!c) return <Skeleton active style={{ padding: 24, background: '#fff' }} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="member-centre">
      <Profile c={c} />
      <Card data-testid="member-wallet">
        <div className="sh-figures">
          <Figure label="账户余额" value={yuan(c.wallet.balance)} to="/yegl" testId="member-balance" />
          <Figure
            label="可用账期额度"
            value={yuan(c.wallet.credit_available)}
            to="/zqgl"
            testId="member-credit"
          />
          <Figure label="优惠券" value={c.coupons.coupon} to="/yhq" testId="member-coupons" />
          <Figure label="现金券" value={c.coupons.cash} to="/xjq" testId="member-cash" />
          <Figure label="积分" value={c.points} testId="member-points" />
          <Figure label="未读消息" value={c.messages.unread} to="/wdxx" testId="member-messages" />
        </div>
      </Card>
      <Orders c={c} />
      <Card
        title={`我的收藏（${c.favourites.total}）`}
        extra={<Link to="/star">全部收藏</Link>}
        data-testid="member-favourites"
      >
        {c.favourites.list.length === 0 ? (
          <Empty description="还没有收藏商品" />
        ) : (
          <div className="sh-member-favourites">
            {c.favourites.list.map((g) => (
              <GoodsCard key={g.id} goods={g} lite />
            ))}
          </div>
        )}
      </Card>
    </Space>
  );
}

import { beijingDateTimeText, ORDER_TABS } from '@yaocai/domain';
import { Button, Empty, Input, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { LazyRangePicker } from '../../../components/LazyRangePicker';
import { LightPager } from '../../../components/LightPager';
import { LightTabs } from '../../../components/LightTabs';
import { type OrderListQuery, useOrders } from '../api/orders';
import { yuan } from '../components/Amounts';
import { OrderActions } from '../components/OrderActions';

/** /order — my orders: tabs by status, search by order number, goods name and date. */
export default function OrdersPage() {
  const [search, setSearch] = useSearchParams();
  const [keyword, setKeyword] = useState(search.get('keyword') ?? '');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const query: OrderListQuery = {
    tab: search.get('tab') ?? 'all',
    keyword: search.get('keyword') ?? undefined,
    start_date: search.get('start_date') ?? undefined,
    end_date: search.get('end_date') ?? undefined,
    page: Number(search.get('page') ?? 1),
  };
  const { data } = useOrders(query);
  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) v ? next.set(k, v) : next.delete(k);
    setSearch(next);
  };
  const panel = (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="订单号 / 商品名称"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() || undefined, page: undefined })}
          style={{ width: 280 }}
          data-testid="orders-search"
        />
        <LazyRangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            update({
              start_date: v?.[0]?.format('YYYY-MM-DD'),
              end_date: v?.[1]?.format('YYYY-MM-DD'),
              page: undefined,
            });
          }}
        />
      </Space>
      {data?.list.length === 0 && <Empty description="暂无订单" />}
      {data?.list.map((o) => (
        <Card
          key={o.id}
          size="small"
          style={{ marginBottom: 12 }}
          data-testid="order-card"
          title={
            <Space>
              <span>{beijingDateTimeText(o.created_at)}</span>
              <span>订单号：{o.order_no}</span>
              {o.ephedrine && <Tag color="red">含麻</Tag>}
            </Space>
          }
          extra={
            <Space size={4}>
              <Tag color="blue">{o.status_label}</Tag>
              {o.refund_mark && <Tag color="orange">{o.refund_mark}</Tag>}
            </Space>
          }
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16 }}>
            <div style={{ flex: 1 }}>
              {o.lines.map((l) => (
                <div key={l.id}>
                  {l.kind !== 'goods' && <Tag color="orange">{l.kind_label}</Tag>}
                  {l.name} <span style={{ color: '#707070' }}>{l.spec}</span> × {l.quantity}
                </div>
              ))}
              {o.line_count > o.lines.length && (
                <div style={{ color: '#707070' }}>等 {o.line_count} 种商品</div>
              )}
            </div>
            <div style={{ width: 160, textAlign: 'right' }}>
              <div>
                实付 <strong style={{ color: '#c62828' }}>{yuan(o.total)}</strong>
              </div>
              <Link to={`/order/info/${o.id}`}>订单详情</Link>
            </div>
            <div style={{ width: 300, textAlign: 'right' }}>
              <OrderActions order={o} />
            </div>
          </div>
        </Card>
      ))}
      {data && data.total > data.page_size && (
        <LightPager
          current={query.page}
          total={data.total}
          pageSize={data.page_size}
          onChange={(page) => update({ page: String(page) })}
        />
      )}
    </>
  );
  return (
    <Card className="sh-container sh-page" data-testid="orders-page">
      {/* Each status tab's panel holds the search and the orders of that status. */}
      <LightTabs
        label="订单状态"
        activeKey={query.tab}
        onChange={(tab) => update({ tab, page: undefined })}
        items={[
          { key: 'all', label: '全部订单' },
          ...ORDER_TABS.map((t) => ({ key: t.key, label: t.label })),
        ].map((tab) => ({ ...tab, children: panel }))}
      />
      <Button type="link" href="/hmdd">
        含麻订单回执 »
      </Button>
    </Card>
  );
}

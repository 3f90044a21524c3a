import type { DashboardView } from '@yaocai/domain';
import { formatYuan, fromYuan } from '@yaocai/domain';
import { Alert, Badge, Card, Col, Empty, Row, Skeleton, Statistic, Table } from 'antd';
import { Link } from 'react-router';
import { useDashboard } from '../api/dashboard';
import { SalesChart } from '../components/SalesChart';

type TopGoods = NonNullable<DashboardView['sales']>['top_goods'][number];

/** 工作台: today and the last 30 days, and the queues waiting for this operator. */
export default function DashboardPage() {
  const { data, isPending, isError } = useDashboard();
  if (isPending) return <Skeleton active />;
  if (isError || !data) return <Alert type="error" message="工作台数据加载失败，请刷新重试" />;
  const { sales, new_buyers: buyers, todos } = data;
  return (
    <div data-testid="admin-dashboard">
      {todos.length > 0 && (
        <Card title="待办事项" size="small" style={{ marginBottom: 16 }}>
          <Row gutter={[16, 16]}>
            {todos.map((todo) => (
              <Col key={todo.key} xs={12} md={8} xl={4}>
                <Link
                  to={todo.path}
                  data-testid={`admin-todo-${todo.key}`}
                  aria-label={`${todo.label} ${todo.count}`}
                >
                  <Card hoverable size="small">
                    <Statistic
                      title={todo.label}
                      value={todo.count}
                      valueStyle={todo.count > 0 ? { color: '#cf1322' } : undefined}
                      suffix={todo.count > 0 ? <Badge status="processing" /> : undefined}
                    />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      )}
      {(sales || buyers) && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {sales && (
            <>
              <Col xs={12} xl={4}>
                <Card size="small">
                  <Statistic title="今日支付订单" value={sales.today.orders} />
                </Card>
              </Col>
              <Col xs={12} xl={4}>
                <Card size="small">
                  <Statistic title="今日销售额" value={formatYuan(fromYuan(sales.today.sales))} />
                </Card>
              </Col>
              <Col xs={12} xl={4}>
                <Card size="small">
                  <Statistic title="近30天支付订单" value={sales.last_30_days.orders} />
                </Card>
              </Col>
              <Col xs={12} xl={4}>
                <Card size="small">
                  <Statistic title="近30天销售额" value={formatYuan(fromYuan(sales.last_30_days.sales))} />
                </Card>
              </Col>
            </>
          )}
          {buyers && (
            <>
              <Col xs={12} xl={4}>
                <Card size="small">
                  <Statistic title="今日新增会员企业" value={buyers.today} />
                </Card>
              </Col>
              <Col xs={12} xl={4}>
                <Card size="small">
                  <Statistic title="近30天新增会员企业" value={buyers.last_30_days} />
                </Card>
              </Col>
            </>
          )}
        </Row>
      )}
      {sales && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card title={`近30天销售趋势（截至 ${data.today}）`} size="small">
              <SalesChart daily={sales.daily} />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title="近30天热销商品" size="small">
              <Table<TopGoods>
                rowKey="goods_id"
                size="small"
                pagination={false}
                dataSource={sales.top_goods}
                locale={{ emptyText: <Empty description="近30天暂无销售" /> }}
                columns={[
                  { title: '#', width: 40, render: (_, __, i) => i + 1 },
                  {
                    title: '商品',
                    render: (_, g) => (
                      <Link to={`/goods/${g.goods_id}`}>
                        {g.name} {g.spec}
                      </Link>
                    ),
                  },
                  { title: '数量', dataIndex: 'quantity', align: 'right', width: 64 },
                  {
                    title: '销售额',
                    align: 'right',
                    width: 110,
                    render: (_, g) => formatYuan(fromYuan(g.sales)),
                  },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
      {!sales && !buyers && todos.length === 0 && (
        <Card>
          <Empty description="您的角色没有可查看的统计，请从左侧菜单进入工作页面" />
        </Card>
      )}
    </div>
  );
}

import type { CompanyStore } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';
import { useCompanyStores, useSwitchStore } from '../api/stores';

/**
 * /ddgl 多店管理: the company's stores, each with its own cart, addresses and orders; switch to
 * one (the page reloads as that store), or add a store through 多店注册.
 */
export default function StoresPage() {
  const { message } = useFeedback();
  const { data = [], isPending } = useCompanyStores();
  const switchStore = useSwitchStore();

  const switchTo = (s: CompanyStore) =>
    switchStore.mutate(s.id, {
      onSuccess: () => {
        message.success(`已切换到${s.store_name}`);
        // Everything on screen (cart, badge, prices, orders) is the other store's now.
        window.location.assign('/user');
      },
    });

  return (
    <Card
      className="sh-container"
      title="多店管理"
      data-testid="stores-page"
      extra={
        <Link to="/register_dd">
          <Button type="primary">新增门店</Button>
        </Link>
      }
    >
      <LightTable<CompanyStore>
        rowKey="id"
        loading={isPending}
        pagination={false}
        dataSource={data}
        onRow={(s) =>
          ({
            'data-testid': 'store-row',
            'data-current': s.is_current ? '1' : '0',
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: '门店',
            render: (_, s) => (
              <Space direction="vertical" size={0}>
                <Space size={4}>
                  <strong>{s.store_name}</strong>
                  {s.is_primary && <Tag color="blue">主店</Tag>}
                  {s.is_current && <Tag color="green">当前门店</Tag>}
                </Space>
                <span style={{ color: '#707070' }}>{s.address || '尚未设置收货地址'}</span>
              </Space>
            ),
          },
          { title: '联系人', render: (_, s) => `${s.contact} ${s.phone}` },
          { title: '购物车', dataIndex: 'cart_lines', width: 80 },
          { title: '订单', dataIndex: 'orders', width: 80 },
          {
            title: '操作',
            width: 120,
            render: (_, s) =>
              s.is_current ? null : (
                <Button
                  size="small"
                  loading={switchStore.isPending && switchStore.variables === s.id}
                  onClick={() => switchTo(s)}
                  data-testid="store-switch"
                >
                  切换到此门店
                </Button>
              ),
          },
        ]}
      />
      <p style={{ color: '#707070', marginTop: 12 }}>
        同一企业的各门店共用企业资质，各自拥有独立的购物车、收货地址和订单。
      </p>
    </Card>
  );
}

import { beijingDateTimeText } from '@yaocai/domain';
import { Alert, Card, Descriptions, Input, Table } from 'antd';
import { useState } from 'react';
import { useSpecialPreview } from '../api/specials';

const price = (v: number | null) => (v === null ? '不可见' : `¥${v.toFixed(2)}`);

/** 活动预览 (promotions:write): 每日特价, 福利折扣 and 满额返现 as one store sees them now. */
export default function SpecialPreviewPage() {
  const [phone, setPhone] = useState('');
  const { data, isFetching, error } = useSpecialPreview(phone);
  return (
    <Card title="活动预览（按门店）" data-testid="admin-special-preview">
      <Input.Search
        aria-label="门店登录手机号"
        placeholder="输入门店登录手机号"
        enterButton="预览"
        style={{ maxWidth: 360, marginBottom: 16 }}
        loading={isFetching}
        onSearch={(v) => setPhone(v.trim())}
      />
      {error && <Alert type="warning" showIcon message="未找到该门店" />}
      {data && (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="门店ID">{data.store.user_id}</Descriptions.Item>
            <Descriptions.Item label="可见价格">
              {data.store.may_see_price ? '是' : '否（资质未通过或未签约）'}
            </Descriptions.Item>
            <Descriptions.Item label="今日特价截止">
              {beijingDateTimeText(data.everyday_price.end_time)}
            </Descriptions.Item>
          </Descriptions>
          <Table
            title={() => '每日特价'}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.everyday_price.list}
            columns={[
              { title: '商品', dataIndex: 'name' },
              { title: '原价', dataIndex: 'base_price', render: price },
              { title: '特价', dataIndex: 'special_price', render: price },
              {
                title: '今日还可特价购买',
                dataIndex: 'remaining_limit',
                render: (v: number | null) => v ?? '不限',
              },
            ]}
          />
          <Table
            style={{ marginTop: 16 }}
            title={() =>
              data.welfare.activity
                ? `${data.welfare.activity.name}（${data.welfare.goods.total}个商品）`
                : '福利折扣：无进行中的活动'
            }
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.welfare.goods.list}
            columns={[
              { title: '商品', dataIndex: 'name' },
              { title: '原价', dataIndex: 'base_price', render: price },
              { title: '折后价', dataIndex: 'welfare_price', render: price },
            ]}
          />
          <Table
            style={{ marginTop: 16 }}
            title={() =>
              data.cash_back.activity
                ? `${data.cash_back.activity.name}：${data.cash_back.activity.rule_text}（累计返现¥${data.cash_back.total_earned.toFixed(2)}）`
                : '满额返现：无进行中的活动'
            }
            rowKey="order_id"
            size="small"
            pagination={false}
            dataSource={data.cash_back.earned}
            columns={[
              { title: '订单号', dataIndex: 'order_no' },
              { title: '返现', dataIndex: 'credit', render: (v: number) => `¥${v.toFixed(2)}` },
              { title: '已扣回', dataIndex: 'reversed', render: (v: number) => `¥${v.toFixed(2)}` },
              { title: '时间', dataIndex: 'created_at', render: (v: number) => beijingDateTimeText(v) },
            ]}
          />
        </>
      )}
    </Card>
  );
}

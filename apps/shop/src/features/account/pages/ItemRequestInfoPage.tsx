import { FileThumbs } from '@yaocai/web-client/files';
import { Button, Descriptions, Result, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { PageLoading } from '../../../components/PageLoading';
import { useItemRequest } from '../api/item-requests';
import { dateTime, statusColor } from './ItemRequestsPage';

/** /pzqg/info?id= 求购详情: the request and, once answered, the answer and the goods. */
export default function ItemRequestInfoPage() {
  const id = Number(useSearchParams()[0].get('id'));
  const { data: r, isError } = useItemRequest(Number.isInteger(id) ? id : 0);
  if (isError || !(id > 0))
    return (
      <Result
        status="404"
        title="求购记录不存在"
        extra={
          <Link to="/pzqg">
            <Button>返回求购列表</Button>
          </Link>
        }
      />
    );
  if (!r) return <PageLoading />;
  return (
    <Card
      className="sh-container sh-page"
      title="求购详情"
      data-testid="item-request-info"
      extra={<Link to="/pzqg">返回列表</Link>}
    >
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label="商品名称">{r.name}</Descriptions.Item>
        <Descriptions.Item label="规格">{r.spec}</Descriptions.Item>
        <Descriptions.Item label="生产厂家">{r.manufacturer || '-'}</Descriptions.Item>
        <Descriptions.Item label="批准文号">{r.approval_no || '-'}</Descriptions.Item>
        <Descriptions.Item label="求购数量">{r.quantity}</Descriptions.Item>
        <Descriptions.Item label="预期单价">
          {r.expected_price > 0 ? `¥${r.expected_price.toFixed(2)}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="提交时间">{dateTime(r.created_at)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={statusColor[r.status]} data-testid="item-request-status">
            {r.status_name}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          {r.remark || '-'}
        </Descriptions.Item>
        {r.photos.length > 0 && (
          <Descriptions.Item label="图片" span={2}>
            <FileThumbs
              ids={r.photos.map((url) => Number(url.split('/').pop()))}
              label="求购图片"
              size={72}
            />
          </Descriptions.Item>
        )}
        <Descriptions.Item label="平台回复" span={2}>
          {r.reply ? (
            <span data-testid="item-request-reply">
              {r.reply}
              {r.replied_at && (
                <span style={{ color: '#707070', marginLeft: 8 }}>（{dateTime(r.replied_at)}）</span>
              )}
            </span>
          ) : (
            <span style={{ color: '#707070' }}>采购团队正在为您寻找货源，请耐心等待</span>
          )}
        </Descriptions.Item>
        {r.goods && (
          <Descriptions.Item label="上架商品" span={2}>
            <Link to={r.goods.link} data-testid="item-request-goods">
              {r.goods.name}
            </Link>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

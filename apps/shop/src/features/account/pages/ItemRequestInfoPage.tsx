import { FileThumbs } from '@yaocai/web-client/files';
import { Button, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { LazyResult } from '../../../components/LazyResult';
import { LightDescriptions } from '../../../components/LightDescriptions';
import { PageLoading } from '../../../components/PageLoading';
import { useItemRequest } from '../api/item-requests';
import { dateTime, statusColor } from '../components/item-request-status';

/** /pzqg/info?id= 求购详情: the request and, once answered, the answer and the goods. */
export default function ItemRequestInfoPage() {
  const id = Number(useSearchParams()[0].get('id'));
  const { data: r, isError } = useItemRequest(Number.isInteger(id) ? id : 0);
  if (isError || !(id > 0))
    return (
      <LazyResult
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
      <LightDescriptions
        column={2}
        bordered
        size="small"
        items={[
          { label: '商品名称', children: r.name },
          { label: '规格', children: r.spec },
          { label: '生产厂家', children: r.manufacturer || '-' },
          { label: '批准文号', children: r.approval_no || '-' },
          { label: '求购数量', children: r.quantity },
          { label: '预期单价', children: r.expected_price > 0 ? `¥${r.expected_price.toFixed(2)}` : '-' },
          { label: '提交时间', children: dateTime(r.created_at) },
          {
            label: '状态',
            children: (
              <Tag color={statusColor[r.status]} data-testid="item-request-status">
                {r.status_name}
              </Tag>
            ),
          },
          { label: '备注', span: 2, children: r.remark || '-' },
          r.photos.length > 0 && {
            label: '图片',
            span: 2,
            children: (
              <FileThumbs
                ids={r.photos.map((url) => Number(url.split('/').pop()))}
                label="求购图片"
                size={72}
              />
            ),
          },
          {
            label: '平台回复',
            span: 2,
            children: r.reply ? (
              <span data-testid="item-request-reply">
                {r.reply}
                {r.replied_at && (
                  <span style={{ color: '#707070', marginLeft: 8 }}>（{dateTime(r.replied_at)}）</span>
                )}
              </span>
            ) : (
              <span style={{ color: '#707070' }}>采购团队正在为您寻找货源，请耐心等待</span>
            ),
          },
          r.goods && {
            label: '上架商品',
            span: 2,
            children: (
              <Link to={r.goods.link} data-testid="item-request-goods">
                {r.goods.name}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}

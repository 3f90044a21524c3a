import { beijingDateTimeText } from '@yaocai/domain';
import { FileThumbs } from '@yaocai/web-client/files';
import { Descriptions, Result, Steps } from 'antd';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/Card';
import { PageLoading } from '../../../components/PageLoading';
import { useAfterSale } from '../api/after-sale';
import { yuan } from '../components/Amounts';

const time = (s: number | null) => (s ? beijingDateTimeText(s) : '-');

/** /order/returnInfo/:id and /order/afterSalesInfo/:id — a request's status and refund. */
export default function AfterSalesPage() {
  const id = Number(useParams().id);
  const { data: a, isError } = useAfterSale(id);
  if (isError) return <Result status="404" title="售后申请不存在" />;
  if (!a) return <PageLoading />;
  // Approved: every step is done (the refund went back at once); refused: the last one failed.
  const step = a.status === 'pending' ? 1 : a.status === 'approved' ? 3 : 2;
  return (
    <Card title={`${a.kind_label}详情`} className="sh-container sh-page" data-testid="after-sale-detail">
      <Steps
        current={step}
        status={a.status === 'refused' ? 'error' : undefined}
        items={[
          { title: '提交申请' },
          { title: '平台审核' },
          { title: a.status === 'refused' ? '已拒绝' : '退款完成' },
        ]}
      />
      <Descriptions column={2} size="small" style={{ marginTop: 16 }} bordered>
        <Descriptions.Item label="状态">{a.status_label}</Descriptions.Item>
        <Descriptions.Item label="关联订单">
          <Link to={`/order/info/${a.order_id}`}>查看订单</Link>
        </Descriptions.Item>
        <Descriptions.Item label="申请原因" span={2}>
          {a.reason}
        </Descriptions.Item>
        <Descriptions.Item label="凭证照片" span={2}>
          <FileThumbs ids={a.photo_ids} label="凭证照片" size={72} testId="photo-thumb" />
        </Descriptions.Item>
        <Descriptions.Item label="申请商品">
          {a.lines.map((l) => `${l.name || `商品行${l.line_id}`} × ${l.quantity}`).join('，')}
        </Descriptions.Item>
        <Descriptions.Item label="退款金额">
          {yuan(a.refund)}
          {a.status === 'approved' ? '（原路退回）' : '（审核通过后原路退回）'}
        </Descriptions.Item>
        <Descriptions.Item label="申请时间">{time(a.created_at)}</Descriptions.Item>
        <Descriptions.Item label="处理时间">{time(a.handled_at)}</Descriptions.Item>
        <Descriptions.Item label="平台说明" span={2}>
          {a.operator_note || '-'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

import { beijingDateTimeText } from '@yaocai/domain';
import { FileThumbs } from '@yaocai/web-client/files';
import { Steps } from 'antd';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/Card';
import { LazyResult } from '../../../components/LazyResult';
import { LightDescriptions } from '../../../components/LightDescriptions';
import { PageLoading } from '../../../components/PageLoading';
import { useAfterSale } from '../api/after-sale';
import { yuan } from '../components/Amounts';

const time = (s: number | null) => (s ? beijingDateTimeText(s) : '-');

/** /order/returnInfo/:id and /order/afterSalesInfo/:id — a request's status and refund. */
export default function AfterSalesPage() {
  const id = Number(useParams().id);
  const { data: a, isError } = useAfterSale(id);
  if (isError) return <LazyResult status="404" title="售后申请不存在" />;
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
      <LightDescriptions
        column={2}
        size="small"
        style={{ marginTop: 16 }}
        bordered
        items={[
          { label: '状态', children: a.status_label },
          { label: '关联订单', children: <Link to={`/order/info/${a.order_id}`}>查看订单</Link> },
          { label: '申请原因', span: 2, children: a.reason },
          {
            label: '凭证照片',
            span: 2,
            children: <FileThumbs ids={a.photo_ids} label="凭证照片" size={72} testId="photo-thumb" />,
          },
          {
            label: '申请商品',
            children: a.lines.map((l) => `${l.name || `商品行${l.line_id}`} × ${l.quantity}`).join('，'),
          },
          {
            label: '退款金额',
            children: (
              <>
                {yuan(a.refund)}
                {a.status === 'approved' ? '（原路退回）' : '（审核通过后原路退回）'}
              </>
            ),
          },
          { label: '申请时间', children: time(a.created_at) },
          { label: '处理时间', children: time(a.handled_at) },
          { label: '平台说明', span: 2, children: a.operator_note || '-' },
        ]}
      />
    </Card>
  );
}

import DotLoading from 'antd-mobile/es/components/dot-loading';
import List from 'antd-mobile/es/components/list';
import Result from 'antd-mobile/es/components/result';
import Steps from 'antd-mobile/es/components/steps';
import { Link, useParams } from 'react-router';
import { Screen } from '../../components/Screen';
import { dateTime, yuan } from '../../lib/format';
import { afterSaleStep } from './after-sale';
import { useAfterSale } from './api/after-sale';

/** 售后详情 (/after-sales/:id): the request's progress, lines, refund and the platform's answer. */
export default function AfterSaleDetailPage() {
  const id = Number(useParams().id);
  const request = useAfterSale(id);
  if (request.isPending)
    return (
      <Screen title="售后详情">
        <DotLoading />
      </Screen>
    );
  const a = request.data;
  if (!a)
    return (
      <Screen title="售后详情">
        <Result status="error" title="售后申请不存在" />
      </Screen>
    );
  const step = afterSaleStep(a.status);
  const refundNote = a.refund_pending
    ? '（退款处理中）'
    : a.status === 'approved'
      ? '（原路退回）'
      : '（审核通过后原路退回）';
  return (
    <Screen title={`${a.kind_label}详情`}>
      <section className="m-pay__head" data-testid="after-sale-detail">
        <p className="m-order__status" data-testid="after-sale-status">
          {a.status_label}
        </p>
        <Steps current={step.current} className="m-steps">
          <Steps.Step title="提交申请" description={dateTime(a.created_at)} status="finish" />
          <Steps.Step title="平台审核" status={step.current >= 2 ? 'finish' : 'process'} />
          <Steps.Step
            title={step.refused ? '已拒绝' : '退款完成'}
            status={step.refused ? 'error' : step.current === 3 ? 'finish' : 'wait'}
            description={a.handled_at ? dateTime(a.handled_at) : undefined}
          />
        </Steps>
      </section>
      <List header="申请商品">
        {a.lines.map((l) => (
          <List.Item key={l.line_id} extra={`× ${l.quantity}`}>
            {l.name || `商品行${l.line_id}`}
          </List.Item>
        ))}
      </List>
      <List header="申请信息">
        <List.Item extra={<b className="m-price">{yuan(a.refund)}</b>} description={refundNote}>
          退款金额
        </List.Item>
        <List.Item description={a.reason}>申请原因</List.Item>
        {a.operator_note ? <List.Item description={a.operator_note}>平台说明</List.Item> : null}
        <List.Item extra={<Link to={`/orders/${a.order_id}`}>查看订单</Link>}>关联订单</List.Item>
      </List>
      {a.photo_ids.length ? (
        <List header="凭证照片">
          <div className="m-pad">
            <div className="m-photos">
              {a.photo_ids.map((photo, i) => (
                <a key={photo} href={`/api/files/${photo}`} target="_blank" rel="noreferrer">
                  <img src={`/api/files/${photo}`} alt={`凭证照片${i + 1}`} width={72} height={72} />
                </a>
              ))}
            </div>
          </div>
        </List>
      ) : null}
    </Screen>
  );
}

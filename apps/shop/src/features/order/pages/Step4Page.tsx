import { Button, Result, Steps } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { CartSteps } from '../../../components/CartSteps';
import { PageLoading } from '../../../components/PageLoading';
import { useOrderDetail } from '../api/orders';
import { yuan } from '../components/Amounts';
import { MissingOrder } from '../components/MissingOrder';

/**
 * /cart/step4?id= — payment done: the order summary and what happens next. The route guard opens
 * it only with an order id, so it never reports a payment it has not seen.
 */
export default function Step4Page() {
  const [search] = useSearchParams();
  const orderId = Number(search.get('id') ?? 0);
  const navigate = useNavigate();
  const order = useOrderDetail(orderId);
  const o = order.data;
  if (order.isError) return <MissingOrder />;
  // An unpaid order still being refetched is the one step 3 cached before the payment.
  if (!o || (o.status === 'pending_payment' && order.isFetching)) return <PageLoading />;
  if (o.status === 'pending_payment' || o.status === 'cancelled')
    return (
      <Card className="sh-container sh-page" data-testid="step4">
        <CartSteps current={3} />
        <Result
          status="warning"
          title={o.status === 'cancelled' ? '订单已取消' : '订单尚未支付'}
          subTitle={`订单号 ${o.order_no}`}
          extra={
            o.status === 'cancelled' ? (
              <Button onClick={() => navigate(`/order/info/${o.id}`)}>查看订单</Button>
            ) : (
              <Button type="primary" onClick={() => navigate(`/cart/step3/${o.id}`)}>
                去付款
              </Button>
            )
          }
        />
      </Card>
    );
  return (
    <Card className="sh-container sh-page" data-testid="step4">
      <CartSteps current={4} />
      <Result
        status="success"
        title="支付成功"
        subTitle={`订单号 ${o.order_no}，实付 ${yuan(o.paid)}（${o.payment_label ?? ''}）`}
        extra={[
          <Button type="primary" key="detail" onClick={() => navigate(`/order/info/${o.id}`)}>
            查看订单
          </Button>,
          <Button key="more" onClick={() => navigate('/')}>
            继续采购
          </Button>,
        ]}
      />
      <Steps
        size="small"
        current={1}
        items={[
          { title: '已付款' },
          { title: o.ephedrine ? '上传回执并审核' : '仓库备货' },
          { title: '发货配送' },
          { title: '确认收货' },
        ]}
      />
      {o.ephedrine && (
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          本订单含麻黄碱类复方制剂，请在 <a href="/hmdd">含麻订单</a> 上传签字盖章的签收回执，审核通过后发货。
        </p>
      )}
    </Card>
  );
}

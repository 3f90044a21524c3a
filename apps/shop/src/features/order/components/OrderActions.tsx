import type { OrderSummaryView } from '@yaocai/domain';
import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useOrderAction } from '../api/orders';

/** The buttons an order shows, from the state machine's allowed events. */
export function OrderActions({ order, onAfterSale }: { order: OrderSummaryView; onAfterSale?(): void }) {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const action = useOrderAction();
  const run = (name: 'cancel' | 'confirm' | 'rebuy', confirm?: string) => {
    const go = async () => {
      await action.mutateAsync({ id: order.id, action: name });
      message.success(name === 'cancel' ? '订单已取消' : name === 'confirm' ? '已确认收货' : '已加入购物车');
    };
    // A refusal keeps the confirmation open (feedback.tsx); without one it ends here quietly.
    if (confirm) modal.confirm({ title: '温馨提示', content: confirm, onOk: go });
    else
      go().catch((error) => {
        const text = unreportedMessage(error, '操作失败');
        if (text) message.error(text);
      });
  };
  const can = (event: string) => order.actions.includes(event);
  return (
    <Space wrap>
      {can('pay') && (
        <Button type="primary" danger size="small" onClick={() => navigate(`/cart/step3/${order.id}`)}>
          去付款
        </Button>
      )}
      {can('cancel') && (
        <Button size="small" onClick={() => run('cancel', '确定取消该订单吗？')} data-testid="order-cancel">
          取消订单
        </Button>
      )}
      {can('confirm_delivery') && (
        <Button
          type="primary"
          size="small"
          onClick={() => run('confirm', '确认已收到货物吗？')}
          data-testid="order-confirm"
        >
          确认收货
        </Button>
      )}
      {can('request_after_sale') && onAfterSale && (
        <Button size="small" onClick={onAfterSale} data-testid="order-after-sale">
          申请售后
        </Button>
      )}
      <Button size="small" onClick={() => run('rebuy')}>
        再次购买
      </Button>
    </Space>
  );
}

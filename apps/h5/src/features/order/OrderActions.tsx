import type { OrderHeaderView } from '@yaocai/domain';
import Button from 'antd-mobile/es/components/button';
import { useNavigate } from 'react-router';
import { confirm as ask } from '../../lib/dialog';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useOrderAction } from './api/orders';

const done = { cancel: '订单已取消', confirm: '已确认收货', rebuy: '已加入购物车' } as const;

/** The buttons an order shows, from the state machine's allowed events. */
export function OrderActions({ order }: { order: Pick<OrderHeaderView, 'id' | 'actions'> }) {
  const navigate = useNavigate();
  const action = useOrderAction();
  const run = async (name: keyof typeof done, confirm?: string) => {
    if (confirm && !(await ask(confirm))) return;
    try {
      await action.mutateAsync({ id: order.id, action: name });
      toast(done[name]);
    } catch (error) {
      const text = unreportedMessage(error, '操作失败');
      if (text) toast(text);
    }
  };
  const can = (event: string) => order.actions.includes(event);
  return (
    <div className="m-order-actions">
      {can('cancel') ? (
        <Button size="small" onClick={() => run('cancel', '确定取消该订单吗？')}>
          取消订单
        </Button>
      ) : null}
      <Button size="small" onClick={() => run('rebuy')}>
        再次购买
      </Button>
      {can('pay') ? (
        <Button size="small" color="danger" onClick={() => navigate(`/pay/${order.id}`)}>
          去付款
        </Button>
      ) : null}
      {can('request_after_sale') ? (
        <Button size="small" onClick={() => navigate(`/orders/${order.id}/after-sale`)}>
          申请售后
        </Button>
      ) : null}
      {can('confirm_delivery') ? (
        <Button size="small" color="primary" onClick={() => run('confirm', '确认已收到货物吗？')}>
          确认收货
        </Button>
      ) : null}
    </div>
  );
}

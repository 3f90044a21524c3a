import { StepBar } from './StepBar';

const steps = ['我的购物车', '确认订单信息', '支付订单', '支付完成'];

/** The 4-step bar of the cart flow (spec 2): 1 cart, 2 verify order, 3 pay, 4 done. */
export function CartSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <StepBar
      titles={steps}
      current={current - 1}
      label="购物流程"
      className="yc-cart-steps"
      testId="cart-steps"
    />
  );
}

const steps = ['我的购物车', '确认订单信息', '支付订单', '支付完成'];

/**
 * The 4-step bar of the cart flow (spec 2): 1 cart, 2 verify order, 3 pay, 4 done. An ordered list
 * (the current step marked for assistive technology) rather than antd's Steps, which loads
 * Progress along for its percent rings.
 */
export function CartSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <ol className="yc-cart-steps sh-steps" data-testid="cart-steps" aria-label="购物流程">
      {steps.map((title, index) => {
        const step = index + 1;
        const state = step < current ? 'is-done' : step === current ? 'is-current' : undefined;
        return (
          <li key={title} className={state} aria-current={step === current ? 'step' : undefined}>
            <span className="sh-steps__num" aria-hidden="true">
              {step < current ? '✓' : step}
            </span>
            {title}
          </li>
        );
      })}
    </ol>
  );
}

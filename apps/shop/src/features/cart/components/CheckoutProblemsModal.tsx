import type { CheckoutProblem } from '@yaocai/domain';
import { Modal } from 'antd';

/** What stops checkout, line by line (stock, purchasable, quantity, scope, qualifications). */
export function CheckoutProblemsModal({
  problems,
  onClose,
}: {
  problems: CheckoutProblem[] | null;
  onClose: () => void;
}) {
  return (
    <Modal
      title="温馨提示"
      open={!!problems}
      onOk={onClose}
      onCancel={onClose}
      okText="知道了"
      footer={undefined}
    >
      <p>以下商品暂不能结算，请调整后再提交：</p>
      <ul className="yc-cart-problems" data-testid="checkout-problems">
        {problems?.map((p) => (
          <li key={`${p.id}-${p.reason}`}>{p.message}</li>
        ))}
      </ul>
    </Modal>
  );
}

import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** A pay or payment-done page whose order the server does not know (or is another store's). */
export function MissingOrder() {
  const navigate = useNavigate();
  return (
    <Result
      className="sh-container"
      status="warning"
      title="订单不存在"
      extra={<Button onClick={() => navigate('/order')}>查看我的订单</Button>}
      data-testid="missing-order"
    />
  );
}

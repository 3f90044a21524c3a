import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { Outcome } from '../../../components/Outcome';

/** A pay or payment-done page whose order the server does not know (or is another store's). */
export function MissingOrder() {
  const navigate = useNavigate();
  return (
    <div className="sh-container" data-testid="missing-order">
      <Outcome
        status="warning"
        title="订单不存在"
        extra={<Button onClick={() => navigate('/order')}>查看我的订单</Button>}
      />
    </div>
  );
}

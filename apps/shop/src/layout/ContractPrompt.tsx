import { Alert, Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { contractPath } from '../lib/redirect';
import { useUserBase } from './api/user-base';

/**
 * Where a store claims coupons or orders (领券中心, the cart): a store of a company that has not
 * signed the purchase contract is told so before any call is refused with 459, and led to /dzht,
 * which brings it back here once signed.
 */
export function ContractPrompt() {
  const { user } = useUserBase(false);
  const { pathname, search } = useLocation();
  if (!user.is_login || user.contract_signed !== false) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="contract-prompt"
      message="签署电子合同后即可领券下单"
      description="首次采购前，请先阅读并在线签署《电子采购合同》，签署后自动返回本页。"
      action={
        <Link to={contractPath(`${pathname}${search}`)}>
          <Button type="primary" size="small" data-testid="contract-prompt-sign">
            去签署
          </Button>
        </Link>
      }
    />
  );
}

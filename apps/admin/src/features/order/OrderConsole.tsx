import { Tabs } from 'antd';
import AfterSalesConsole from './pages/AfterSalesConsole';
import CreditConsole from './pages/CreditConsole';
import OrdersConsole from './pages/OrdersConsole';
import ReceiptsConsole from './pages/ReceiptsConsole';

/** The order area of the operator console (mounted by the console frame). */
export function OrderConsole() {
  return (
    <Tabs
      items={[
        { key: 'orders', label: '订单管理', children: <OrdersConsole /> },
        { key: 'after-sales', label: '退货/售后', children: <AfterSalesConsole /> },
        { key: 'receipts', label: '含麻回执', children: <ReceiptsConsole /> },
        { key: 'credit', label: '账期额度', children: <CreditConsole /> },
      ]}
    />
  );
}

import DotLoading from 'antd-mobile/es/components/dot-loading';
import List from 'antd-mobile/es/components/list';
import { yuan } from '../../lib/format';
import { useTransfer } from './api/pay';

/** The account to transfer to and the 汇款识别码 to write in the transfer's remark. */
export function TransferPanel({ orderId }: { orderId: number }) {
  const transfer = useTransfer(orderId, true);
  if (!transfer.data) return <DotLoading />;
  const t = transfer.data;
  return (
    <List header="对公转账信息" data-testid="transfer-panel">
      <List.Item extra={<b data-testid="transfer-code">{t.code}</b>} description="转账时请在附言/备注中填写">
        汇款识别码
      </List.Item>
      <List.Item extra={t.account.account_name}>户名</List.Item>
      <List.Item extra={t.account.bank_name}>开户行</List.Item>
      <List.Item extra={t.account.account_no}>账号</List.Item>
      <List.Item extra={yuan(t.remaining)}>待转金额</List.Item>
      <List.Item>
        <p className="m-goods__meta">
          转账后请在电脑版「我的订单」上传银行回单，财务确认到账后订单即为已支付。
        </p>
      </List.Item>
    </List>
  );
}

import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, QRCode, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/http';
import { type TicketState, useTicketState, useWechatTicket } from '../api/wechat';

interface Props {
  purpose: 'bind' | 'login' | 'register';
  /** Called once the ticket ends: bound, logged in, a WeChat no store has bound, or kept for a registration. */
  onDone(state: Exclude<TicketState, 'waiting' | 'expired'>): void;
}

/**
 * A WeChat QR code for a ticket, polled until scanned. In the sandbox the code opens the
 * provider's scan page; a link opens it in this browser, which stands in for the phone.
 */
export function WechatQr({ purpose, onDone }: Props) {
  const ticket = useWechatTicket();
  const state = useTicketState(ticket.data?.ticket);
  const current = state.data?.state;
  useEffect(() => {
    ticket.mutate(purpose);
  }, [purpose]);
  useEffect(() => {
    if (current && current !== 'waiting' && current !== 'expired') onDone(current);
  }, [current, onDone]);

  if (ticket.isError) {
    const message = ticket.error instanceof ApiError ? ticket.error.message : '二维码获取失败，请稍后再试';
    return <Alert type="warning" showIcon message={message} data-testid="wechat-error" />;
  }
  if (!ticket.data) return <Spin />;
  const sandbox = ticket.data.qr_content.includes('/api/wechat/sandbox/');
  return (
    <Space direction="vertical" align="center" data-testid="wechat-qr">
      <div role="img" aria-label="微信二维码">
        <QRCode
          value={ticket.data.qr_content}
          size={180}
          type="svg"
          status={current === 'expired' ? 'expired' : 'active'}
          onRefresh={() => ticket.mutate(purpose)}
        />
      </div>
      <span>
        {{ bind: '请使用微信扫码绑定', login: '请使用微信扫码登录', register: '请使用微信扫码注册' }[purpose]}
      </span>
      {current === 'expired' && (
        <Button icon={<ReloadOutlined />} onClick={() => ticket.mutate(purpose)}>
          刷新二维码
        </Button>
      )}
      {sandbox && current !== 'expired' && (
        <a href={ticket.data.qr_content} target="_blank" rel="noreferrer" data-testid="wechat-sandbox-scan">
          沙箱：在本机打开扫码页
        </a>
      )}
    </Space>
  );
}

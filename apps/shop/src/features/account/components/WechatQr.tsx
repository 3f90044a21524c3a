import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, QRCode, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/http';
import { type TicketState, useTicketState, useWechatTicket } from '../api/wechat';
import { RESUME_PARAM } from './wechat-resume';

interface Props {
  purpose: 'bind' | 'login' | 'register';
  /** Called once the ticket ends: bound, logged in, a WeChat no store has bound, or kept for a registration. */
  onDone(state: Exclude<TicketState, 'waiting' | 'expired'>): void;
}

/** The ticket WeChat's redirect brought back (`?wx=`), completed by this page's poll. */
export { RESUME_PARAM };

/**
 * 微信扫码 for a ticket, one flow for both providers. WeChat's website login (mode redirect):
 * this tab goes to WeChat's QR page and comes back to the same page with `?wx=<ticket>`, which
 * the poll completes. The sandbox (mode qr): a QR code of the provider's scan page, polled until
 * scanned; a link opens it in this browser, which stands in for the phone.
 */
export function WechatQr({ purpose, onDone }: Props) {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const resumed = params.get(RESUME_PARAM) ?? undefined;
  const ticket = useWechatTicket();
  const state = useTicketState(resumed ?? ticket.data?.ticket);
  const current = state.data?.state;
  const start = () => {
    const back = new URLSearchParams(location.search);
    back.delete(RESUME_PARAM);
    const search = back.toString();
    ticket.mutate({ purpose, return_to: `${location.pathname}${search ? `?${search}` : ''}` });
  };
  useEffect(() => {
    if (!resumed) start();
  }, [purpose]);
  useEffect(() => {
    if (ticket.data?.mode === 'redirect') window.location.assign(ticket.data.authorize_url);
  }, [ticket.data]);
  useEffect(() => {
    if (current && current !== 'waiting' && current !== 'expired') onDone(current);
  }, [current, onDone]);
  const again = () => {
    if (resumed)
      setParams(
        (p) => {
          p.delete(RESUME_PARAM);
          return p;
        },
        { replace: true },
      );
    start();
  };

  const failure = ticket.isError ? ticket.error : state.isError ? state.error : undefined;
  if (failure) {
    const message = failure instanceof ApiError ? failure.message : '二维码获取失败，请稍后再试';
    return (
      <Space direction="vertical" align="center">
        <Alert type="warning" showIcon message={message} data-testid="wechat-error" />
        {state.isError && (
          <Button icon={<ReloadOutlined />} onClick={again} data-testid="wechat-retry">
            重新扫码
          </Button>
        )}
      </Space>
    );
  }
  if (resumed && current === 'expired')
    return (
      <Space direction="vertical" align="center">
        <Alert type="warning" showIcon message="二维码已过期，请重新扫码" data-testid="wechat-error" />
        <Button icon={<ReloadOutlined />} onClick={again} data-testid="wechat-retry">
          重新扫码
        </Button>
      </Space>
    );
  if (resumed || ticket.data?.mode === 'redirect')
    return (
      <Space direction="vertical" align="center" data-testid="wechat-redirect">
        <Spin />
        <span>{resumed ? '正在完成微信授权…' : '正在前往微信扫码页…'}</span>
      </Space>
    );
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
          onRefresh={again}
        />
      </div>
      <span>
        {{ bind: '请使用微信扫码绑定', login: '请使用微信扫码登录', register: '请使用微信扫码注册' }[purpose]}
      </span>
      {current === 'expired' && (
        <Button icon={<ReloadOutlined />} onClick={again}>
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

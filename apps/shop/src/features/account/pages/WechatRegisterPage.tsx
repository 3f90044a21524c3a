import { useFeedback } from '@yaocai/web-client/feedback';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { WechatQr } from '../components/WechatQr';

/**
 * /register/wechat 微信注册: scan first; the confirmed WeChat is kept (a server cookie) while the
 * store registers in the usual three steps, and becomes the new account's. A WeChat already
 * bound to a store logs in instead.
 */
export default function WechatRegisterPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const done = useCallback(
    (state: string) => {
      if (state === 'logged_in') {
        window.location.assign('/');
        return;
      }
      // Said once the registration page is open (the navigation waits for its code).
      void Promise.resolve(navigate('/register/step1?wechat=1')).then(() =>
        message.success('微信已确认，请完成注册，注册后自动绑定此微信'),
      );
    },
    [message, navigate],
  );
  return (
    <AuthCard title="微信注册" width={420}>
      <div style={{ display: 'flex', justifyContent: 'center', padding: 16 }} data-testid="wechat-register">
        <WechatQr purpose="register" onDone={done} />
      </div>
      <div style={{ textAlign: 'center' }}>
        已有账号？<Link to="/login">手机号登录</Link>
      </div>
    </AuthCard>
  );
}

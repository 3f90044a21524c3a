import { Alert, Modal } from 'antd';
import { Link } from 'react-router';
import { WechatQr } from './WechatQr';

/** The login page's 微信扫码登录 dialog: the QR code, and what to do when the WeChat is unbound. */
export default function WechatLoginDialog({
  unbound,
  onDone,
  onCancel,
}: {
  unbound: boolean;
  onDone: (state: string) => void;
  onCancel: () => void;
}) {
  return (
    <Modal open title="微信扫码登录" footer={null} onCancel={onCancel} destroyOnHidden>
      <div style={{ display: 'flex', justifyContent: 'center', padding: 16 }}>
        <WechatQr purpose="login" onDone={onDone} />
      </div>
      {unbound && (
        <Alert
          type="warning"
          showIcon
          message="该微信尚未绑定药采账号：请用手机号登录后在「绑定微信」中绑定，或用微信注册新账号"
          action={<Link to="/register/wechat">微信注册</Link>}
        />
      )}
    </Modal>
  );
}

import { Button } from 'antd';
import { Link } from 'react-router';
import { AppQrPopover } from './AppQr';
import { useLogout } from './api/logout';
import { useUserBase } from './api/user-base';
import { QualityReportLink } from './QualityReportLink';

/** "Add to desktop": downloads an Internet shortcut to the shop. */
function addToDesktop() {
  const content = `[InternetShortcut]\r\nURL=${window.location.origin}/\r\n`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([content], { type: 'application/octet-stream' }));
  link.download = '药采.url';
  link.click();
  URL.revokeObjectURL(link.href);
}

/** The thin bar above the header: greeting, login state and the service links (spec 2). */
export function TopBar({ isHome }: { isHome: boolean }) {
  const { user } = useUserBase(false);
  const logout = useLogout();
  return (
    <nav className="sh-topbar" aria-label="账户与服务">
      <div className="sh-container sh-topbar__inner">
        <div className="sh-topbar__left">
          {user.is_login ? (
            <>
              <span>您好，</span>
              <Link to="/user" className="sh-topbar__company" data-testid="header-company">
                {user.company || user.name}
              </Link>
              <Button
                type="link"
                size="small"
                className="sh-topbar__logout"
                data-testid="header-logout"
                loading={logout.isPending}
                onClick={() => logout.mutate()}
              >
                安全退出
              </Button>
            </>
          ) : (
            <>
              <span>您好，欢迎来到药采！</span>
              <Link to="/login" className="sh-topbar__login" data-testid="header-login">
                登录
              </Link>
              <Link to="/register" className="sh-topbar__register" data-testid="header-register">
                注册
              </Link>
            </>
          )}
        </div>
        <nav className="sh-topbar__links" aria-label="快捷链接">
          {!isHome && <Link to="/">返回首页</Link>}
          <button type="button" className="sh-linkbtn" onClick={addToDesktop}>
            添加到桌面
          </button>
          <Link to="/user">会员中心</Link>
          <Link to="/order">我的订单</Link>
          <Link to="/dzfp">电子发票查询</Link>
          <QualityReportLink />
          <AppQrPopover>
            <span className="sh-topbar__app">手机APP</span>
          </AppQrPopover>
        </nav>
      </div>
    </nav>
  );
}

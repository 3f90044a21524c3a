import { Button, Result } from 'antd';
import { Link, useRouteError } from 'react-router';

/** A page that failed to render: the shell (header, menus, footer) stays, this panel explains. */
export function PageError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle="页面加载时遇到问题，请刷新重试；如果问题持续，请联系客服。"
      data-testid="page-error"
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>,
        <Link key="home" to="/">
          <Button>返回首页</Button>
        </Link>,
      ]}
    />
  );
}

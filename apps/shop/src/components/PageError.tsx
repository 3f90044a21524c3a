import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Link, useRouteError } from 'react-router';

/**
 * A page that failed to render: the shell (header, menus, footer) stays, this panel explains.
 * Plain markup rather than antd's Result, whose status illustrations would ride in the entry chunk.
 */
export function PageError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="sh-page-error" role="alert" data-testid="page-error">
      <CloseCircleFilled className="sh-page-error__icon" aria-hidden />
      <h1>页面出错了</h1>
      <p>页面加载时遇到问题，请刷新重试；如果问题持续，请联系客服。</p>
      <div className="sh-page-error__actions">
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
        <Link to="/">
          <Button>返回首页</Button>
        </Link>
      </div>
    </div>
  );
}

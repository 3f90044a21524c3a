import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useRouteError } from 'react-router';

/** A screen that failed to load (a chunk missing after a deploy, a render error). */
export function PageError() {
  const error = useRouteError();
  console.error(error);
  return (
    <ErrorBlock status="default" title="页面出错了" description="请刷新重试">
      <a className="m-link" href={window.location.href}>
        刷新
      </a>
    </ErrorBlock>
  );
}

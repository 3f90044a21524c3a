import ErrorBlock from 'antd-mobile/es/components/error-block';
import { Link } from 'react-router';

export default function NotFound() {
  return (
    <ErrorBlock status="empty" title="页面不存在" description="">
      <Link className="m-link" to="/">
        回到首页
      </Link>
    </ErrorBlock>
  );
}

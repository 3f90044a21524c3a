import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** Friendly page-not-found with the ways back into the shop. */
export default function NotFoundPage() {
  return (
    <div className="sh-container" style={{ background: '#fff', margin: '20px auto', padding: '40px 0' }}>
      <Result
        status="404"
        title="抱歉，您访问的页面不存在"
        subTitle="页面可能已被删除、更名或暂时不可用。您可以返回首页，或搜索需要采购的药品。"
        extra={[
          <Link key="home" to="/">
            <Button type="primary">返回首页</Button>
          </Link>,
          <Link key="list" to="/list">
            <Button>浏览全部药品</Button>
          </Link>,
          <Link key="help" to="/help/xrzn/gwzn">
            <Button type="link">购物指南</Button>
          </Link>,
        ]}
      />
    </div>
  );
}

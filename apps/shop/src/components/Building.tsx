import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** Shown by routes whose screens belong to a later piece of work: names the feature. */
export function Building({ feature }: { feature: string }) {
  return (
    <Result
      status="info"
      title={`「${feature}」功能正在建设中`}
      subTitle="我们正在加紧开发该功能，敬请期待。您可以先浏览商品或查看其他服务。"
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}

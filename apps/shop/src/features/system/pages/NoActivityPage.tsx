import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';

/** An activity link that names no activity (or ?status=ended: one that is over). */
export default function NoActivityPage() {
  const [params] = useSearchParams();
  const ended = params.get('status') === 'ended';
  return (
    <div className="sh-container" style={{ background: '#fff', margin: '20px auto', padding: '40px 0' }}>
      <Result
        status="info"
        title={ended ? '活动已结束' : '活动不存在'}
        subTitle={
          ended
            ? '该活动已经结束，感谢您的关注，更多优惠请留意首页活动。'
            : '您访问的活动不存在或已下线，更多优惠请留意首页活动。'
        }
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}

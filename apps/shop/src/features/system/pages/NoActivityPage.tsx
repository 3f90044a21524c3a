import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';

/** Activity not available: not started yet (default) or over (?status=ended). */
export default function NoActivityPage() {
  const [params] = useSearchParams();
  const ended = params.get('status') === 'ended';
  return (
    <div className="sh-container" style={{ background: '#fff', margin: '20px auto', padding: '40px 0' }}>
      <Result
        status="info"
        title={ended ? '活动已结束' : '活动未开始'}
        subTitle={
          ended
            ? '该活动已经结束，感谢您的关注，更多优惠请留意首页活动。'
            : '该活动尚未开始，请在活动开始后再来。'
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

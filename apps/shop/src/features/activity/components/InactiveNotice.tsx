import type { ActivityPageView } from '@yaocai/domain';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { Countdown } from '../../../components/Countdown';

/** What a page not running shows (spec 8): 活动暂未开始 with its countdown, 活动未开始, or its own text. */
export function InactiveNotice({ notice }: { notice: NonNullable<ActivityPageView['notice']> }) {
  return (
    <Result
      status="info"
      title={<span data-testid="activity-inactive">{notice.text}</span>}
      subTitle={notice.countdown_to !== null && <Countdown to={notice.countdown_to} label="距开始" />}
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}

import { Empty, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { Countdown } from '../../../components/Countdown';
import { useActivityPages } from '../api/activity-pages';
import { ActivityTemplate } from '../components/ActivityTemplate';
import '../activity.css';

/** /yjh/:id? — 活动专区: the running 专区 pages with their countdowns; with an id, that page. */
export default function ActivityZonePage() {
  const { id } = useParams();
  if (id !== undefined) {
    return (
      <div className="sh-container">
        <ActivityTemplate id={Number(id)} template="zqmb" />
      </div>
    );
  }
  return <RunningPages />;
}

function RunningPages() {
  const pages = useActivityPages({ template: 'zqmb' });
  return (
    <div className="sh-container ya-page">
      <h1 className="ya-title">活动专区</h1>
      {pages.isPending ? (
        <Skeleton active />
      ) : !pages.data?.length ? (
        <Empty description="暂无进行中的活动" />
      ) : (
        <ul className="ya-tiles" style={{ listStyle: 'none', padding: 0 }}>
          {pages.data.map((p) => (
            <li key={p.id} data-testid="activity-tile">
              <Link to={`/yjh/${p.id}`} className="ya-tile">
                {p.cover && <img src={p.cover} alt="" width={1200} height={400} />}
                <span className="ya-tile-body">
                  <strong>{p.title}</strong>
                  <Countdown to={p.ends_at} label="距结束" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

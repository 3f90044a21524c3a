import { Empty, Skeleton, Tabs } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useActivityPages } from '../api/activity-pages';
import { ActivityTemplate } from '../components/ActivityTemplate';
import '../activity.css';

/** /Hdzx/:ids/:id? — 活动中心: one tab per page of :ids, :id (or the first) selected. */
export default function ActivityCentrePage() {
  const { ids = '', id } = useParams();
  const navigate = useNavigate();
  const pages = useActivityPages({ ids });
  if (pages.isPending) return <Skeleton active className="sh-container" />;
  const list = pages.data ?? [];
  if (pages.isError) return <Navigate to="/noActivity" replace />;
  if (list.length === 0)
    return (
      <div className="sh-container ya-page">
        <Empty description="暂无活动" />
      </div>
    );
  const selected = list.find((p) => String(p.id) === id) ?? list[0];
  return (
    <div className="sh-container ya-page">
      <Tabs
        activeKey={String(selected.id)}
        onChange={(key) => navigate(`/Hdzx/${ids}/${key}`)}
        items={list.map((p) => ({ key: String(p.id), label: p.title }))}
      />
      <ActivityTemplate key={selected.id} id={selected.id} embedded />
    </div>
  );
}

import { type ActivityPageTemplate, activityPageHref } from '@yaocai/domain';
import { Skeleton } from 'antd';
import { Link, Navigate } from 'react-router';
import { Crumbs } from '../../../components/Crumbs';
import { ApiError } from '../../../lib/http';
import { useActivityPage } from '../api/activity-page';
import { ActivitySections } from './ActivitySections';
import { InactiveNotice } from './InactiveNotice';
import '../activity.css';

interface Props {
  id: number;
  /** The template the route renders; a page of the other template moves to its own route. */
  template?: ActivityPageTemplate;
  /** Inside /yjh or /Hdzx: they give the breadcrumb and tabs, no redirect. */
  embedded?: boolean;
}

/**
 * An activity page through its template: 专区模板 (zqmb) on the shop's white page with a
 * breadcrumb, 活动模板 (hdmb) on the activity's red stage. Unknown pages go to /noActivity; a page
 * not running shows its notice (spec 8).
 */
export function ActivityTemplate({ id, template, embedded }: Props) {
  const page = useActivityPage(id);
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/noActivity" replace />;
  if (page.isPending) return <Skeleton active />;
  if (page.error) {
    return page.error instanceof ApiError && page.error.status === 404 ? (
      <Navigate to="/noActivity" replace />
    ) : (
      <p className="yc-muted">活动加载失败，请刷新页面重试</p>
    );
  }
  const view = page.data;
  if (!embedded && template && view.template !== template)
    return <Navigate to={activityPageHref(view)} replace />;
  const body = view.notice ? (
    <InactiveNotice notice={view.notice} />
  ) : (
    <ActivitySections sections={view.sections} />
  );
  return (
    <div className={`ya-page ya-${view.template}`} data-testid="activity-page" data-template={view.template}>
      {!embedded && view.template === 'zqmb' && (
        <Crumbs
          className="yc-breadcrumb"
          items={[
            { title: <Link to="/">首页</Link> },
            { title: <Link to="/yjh">活动专区</Link> },
            { title: view.title },
          ]}
        />
      )}
      <h1 className="ya-title">{view.title}</h1>
      {body}
    </div>
  );
}

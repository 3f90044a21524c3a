import { activityPageHref, parseActivityLink } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/http';
import { fetchActivityPage } from '../api/activity-page';

/**
 * /loading/activity?url= — resolves an activity link (spec 2 and 8): a running page opens in its
 * template, and so does a page not started (it shows 活动暂未开始 with the countdown to its
 * start: a countdown needs the server clock, which lives under the page, not in an alert); a
 * paused or ended page alerts 活动未开始 or its own text; a hash link alerts the text after the
 * hash; an in-site path is followed; anything unknown goes to /noActivity.
 */
export default function ActivityLoadingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { modal } = useFeedback();
  const raw = params.get('url');

  useEffect(() => {
    const controller = new AbortController();
    let dialog: { destroy: () => void } | undefined;
    const alert = (text: string) => {
      dialog = modal.info({
        title: '温馨提示',
        content: <span data-testid="activity-alert">{text}</span>,
        okText: '返回首页',
        onOk: () => navigate('/', { replace: true }),
      });
    };
    const link = parseActivityLink(raw);
    if (link.kind === 'text') alert(link.text);
    else if (link.kind === 'path')
      navigate(`/loading?to=${encodeURIComponent(link.path)}`, { replace: true });
    else if (link.kind === 'unknown') navigate('/noActivity', { replace: true });
    else
      fetchActivityPage(link.id, controller.signal).then(
        (page) => {
          if (page.notice && page.phase !== 'upcoming') alert(page.notice.text);
          else navigate(activityPageHref(page), { replace: true });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.status === 404) navigate('/noActivity', { replace: true });
          else alert('活动加载失败，请稍后再试');
        },
      );
    return () => {
      controller.abort();
      dialog?.destroy();
    };
  }, [raw, navigate, modal]);

  return (
    <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip="活动加载中，请稍候...">
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}

import { useFeedback } from '@yaocai/web-client/feedback';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { resolveForward } from '../lib/forward';

/**
 * The interstitial: /loading?to=<link> forwards to an in-site link (any other goes home).
 * Nothing to forward to: alert 活动暂未开始 and go home. Activity links have their own
 * interstitial (/loading/activity, features/activity).
 */
export default function LoadingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { modal } = useFeedback();
  const link = params.get('to');

  useEffect(() => {
    const forward = resolveForward(link, window.location.origin);
    if (forward.kind === 'route') {
      navigate(forward.to, { replace: true });
    } else {
      const dialog = modal.info({
        title: '温馨提示',
        content: forward.text,
        okText: '返回首页',
        onOk: () => navigate('/', { replace: true }),
      });
      return () => dialog.destroy();
    }
    return undefined;
  }, [link, navigate, modal]);

  return (
    <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip="页面加载中，请稍候...">
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}

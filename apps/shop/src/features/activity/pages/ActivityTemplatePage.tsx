import { useSearchParams } from 'react-router';
import { ActivityTemplate } from '../components/ActivityTemplate';

/** /hdmb?id= — a page through the 活动模板. */
export default function ActivityTemplatePage() {
  const [params] = useSearchParams();
  return (
    <div className="sh-container">
      <ActivityTemplate id={Number(params.get('id'))} template="hdmb" />
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { ActivityTemplate } from '../components/ActivityTemplate';

/** /zqmb?id= — a page through the 专区模板. */
export default function ZoneTemplatePage() {
  const [params] = useSearchParams();
  return (
    <div className="sh-container">
      <ActivityTemplate id={Number(params.get('id'))} template="zqmb" />
    </div>
  );
}

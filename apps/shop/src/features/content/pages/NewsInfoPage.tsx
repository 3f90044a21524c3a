import { Building } from '../../../components/Building';

export default function NewsInfoPage() {
  return <Building feature="新闻详情" />;
}

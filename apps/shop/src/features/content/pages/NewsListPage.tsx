import { Building } from '../../../components/Building';

export default function NewsListPage() {
  return <Building feature="新闻" />;
}

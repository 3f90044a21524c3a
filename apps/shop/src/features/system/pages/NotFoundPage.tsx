import { Building } from '../../../components/Building';

export default function NotFoundPage() {
  return <Building feature="页面不存在" />;
}

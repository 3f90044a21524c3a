import { Building } from '../../../components/Building';

export default function LoadingPage() {
  return <Building feature="加载中" />;
}

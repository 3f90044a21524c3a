import { Building } from '../../../components/Building';

export default function HomePage() {
  return <Building feature="首页" />;
}

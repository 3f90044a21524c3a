import { Building } from '../../../components/Building';

export default function BrandDetailPage() {
  return <Building feature="品牌详情" />;
}

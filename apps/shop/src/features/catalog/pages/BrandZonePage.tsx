import { Building } from '../../../components/Building';

export default function BrandZonePage() {
  return <Building feature="品牌专区" />;
}

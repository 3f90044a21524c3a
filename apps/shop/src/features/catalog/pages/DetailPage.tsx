import { Building } from '../../../components/Building';

export default function DetailPage() {
  return <Building feature="商品详情" />;
}

import { Building } from '../../../components/Building';

export default function ListPage() {
  return <Building feature="药品列表" />;
}

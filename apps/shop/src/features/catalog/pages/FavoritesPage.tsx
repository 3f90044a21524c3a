import { Building } from '../../../components/Building';

export default function FavoritesPage() {
  return <Building feature="我的收藏" />;
}

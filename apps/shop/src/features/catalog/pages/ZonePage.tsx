import { Building } from '../../../components/Building';

export default function ZonePage() {
  return <Building feature="专区" />;
}

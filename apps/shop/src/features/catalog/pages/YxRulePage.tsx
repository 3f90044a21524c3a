import { Building } from '../../../components/Building';

export default function YxRulePage() {
  return <Building feature="优选规则" />;
}

import { Building } from '../../../components/Building';

export default function HelpPage() {
  return <Building feature="帮助中心" />;
}

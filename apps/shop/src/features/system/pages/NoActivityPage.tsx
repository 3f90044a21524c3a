import { Building } from '../../../components/Building';

export default function NoActivityPage() {
  return <Building feature="活动不存在" />;
}

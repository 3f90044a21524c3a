import { Building } from '../../../components/Building';

export default function ForgetPage() {
  return <Building feature="找回密码" />;
}

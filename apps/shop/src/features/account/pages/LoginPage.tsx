import { Building } from '../../../components/Building';

export default function LoginPage() {
  return <Building feature="登录" />;
}

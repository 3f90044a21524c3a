import { Building } from '../../../components/Building';

export default function RegisterPage() {
  return <Building feature="注册" />;
}

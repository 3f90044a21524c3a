import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Steps from 'antd-mobile/es/components/steps';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Screen } from '../../components/Screen';
import { useUserBase } from '../../lib/user';
import { RegisterCompanyStep } from './RegisterCompanyStep';
import { RegisterLicenceStep } from './RegisterLicenceStep';
import { RegisterPhoneStep } from './RegisterPhoneStep';

const titles = ['验证手机', '企业信息', '上传资质'];

/**
 * 注册: the PC shop's three steps (phone, company, licences) on one screen; the draft token of
 * step 1 carries steps 2 and 3. The end is the pending-review state: the account exists and is
 * logged in, its licences wait for 质管.
 */
export default function RegisterPage() {
  const [step, setStep] = useState(0);
  const [token, setToken] = useState('');
  const done = step === 3;
  return (
    <Screen title="企业会员注册">
      <Steps current={step} className="m-steps">
        {titles.map((title) => (
          <Steps.Step key={title} title={title} />
        ))}
      </Steps>
      {step === 0 ? (
        <RegisterPhoneStep
          onDone={(next) => {
            setToken(next);
            setStep(1);
          }}
        />
      ) : null}
      {step === 1 ? <RegisterCompanyStep token={token} onDone={() => setStep(2)} /> : null}
      {step === 2 ? <RegisterLicenceStep token={token} onDone={() => setStep(3)} /> : null}
      {done ? <Registered /> : null}
      {step === 0 ? (
        <p className="m-pad">
          已有账号？
          <Link className="m-link" to="/login">
            立即登录
          </Link>
        </p>
      ) : null}
    </Screen>
  );
}

function Registered() {
  const navigate = useNavigate();
  const user = useUserBase();
  return (
    <div data-testid="register-success">
      <Result
        status="success"
        title="注册成功"
        description={
          <>
            <span data-testid="register-success-company">{user.data?.company}</span>
            ：资质已提交，审核通过后即可下单采购。
          </>
        }
      />
      <div className="m-pad">
        <Button block color="primary" size="large" onClick={() => navigate('/', { replace: true })}>
          进入首页
        </Button>
      </div>
    </div>
  );
}

import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Outcome } from '../../../components/Outcome';
import { StepBar } from '../../../components/StepBar';
import { flowState, useFlowStep } from '../../../lib/flow-state';
import { useUserBase } from '../api/user-base';
import { AuthCard } from '../components/AuthCard';
import { draftStore, type RegisterVariant } from '../components/draft';
import { RegisterPhoneStep } from '../components/RegisterPhoneStep';

// Every registration opens on its phone step (a visitor sent to a later step lands there too):
// the later steps' code, with its region picker, licence fields, date picker and upload, loads
// when the buyer reaches them.
const RegisterCompanyStep = lazy(() =>
  import('../components/RegisterCompanyStep').then((m) => ({ default: m.RegisterCompanyStep })),
);
const RegisterDocsStep = lazy(() =>
  import('../components/RegisterDocsStep').then((m) => ({ default: m.RegisterDocsStep })),
);
const RegisterStoreStep = lazy(() =>
  import('../components/RegisterStoreStep').then((m) => ({ default: m.RegisterStoreStep })),
);

const stepTitles: Record<RegisterVariant, string[]> = {
  register: ['验证手机', '企业信息', '上传资质'],
  dd: ['验证手机', '门店信息', '完成'],
};

/**
 * /register/step1..3 (new company) and /register/dd/step1..3 (a store under the logged-in
 * company): the flow and step come from the route table, the draft token from the flow state
 * (the route guard opens steps 2 and 3 only with one).
 */
export default function RegisterPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const flow = useFlowStep();
  const variant: RegisterVariant = flow?.flow === 'register_dd' ? 'dd' : 'register';
  const step = flow?.step ?? 1;
  // The company's success screen follows its submit in place (it logs the new store in, and a
  // logged-in buyer is not sent back into the registration); dd's step 3 is its success screen.
  const [registered, setRegistered] = useState(false);
  const done = registered || (variant === 'dd' && step === 3);
  const base = useUserBase();
  const token = draftStore.get(variant);
  const go = (n: number) => navigate(`${variant === 'dd' ? '/register/dd' : '/register'}/step${n}`);

  let body: React.ReactNode;
  if (variant === 'dd' && base.data && !base.data.is_login) {
    body = (
      <Outcome
        status="info"
        title="请先登录主门店账号"
        extra={
          <Link to={`/login?redirect=${encodeURIComponent(pathname)}`}>
            <Button type="primary">去登录</Button>
          </Link>
        }
      />
    );
  } else if (done) {
    body = (
      <Outcome
        status="success"
        title={variant === 'dd' ? '门店添加成功' : '注册成功'}
        subTitle={
          variant === 'dd' ? (
            '新门店可使用手机号和密码登录。'
          ) : (
            <>
              <span data-testid="register-success-company">{base.data?.company}</span>
              ：资质已提交，审核通过后即可下单采购。
            </>
          )
        }
        extra={
          <Button type="primary" onClick={() => navigate('/')} data-testid="register-home">
            {variant === 'dd' ? '返回首页' : '进入首页'}
          </Button>
        }
      />
    );
  } else if (step === 1) {
    body = (
      <RegisterPhoneStep
        variant={variant}
        onDone={() => {
          if (variant === 'dd') flowState.clear('storeAdded');
          go(2);
        }}
      />
    );
  } else if (variant === 'dd') {
    body = (
      <RegisterStoreStep
        token={token}
        onDone={() => {
          draftStore.clear('dd');
          flowState.set('storeAdded');
          go(3);
        }}
      />
    );
  } else if (step === 2) {
    body = <RegisterCompanyStep token={token} onDone={() => go(3)} />;
  } else {
    body = (
      <RegisterDocsStep
        token={token}
        onDone={() => {
          draftStore.clear('register');
          sessionStorage.removeItem('yc_register_company');
          setRegistered(true);
        }}
      />
    );
  }

  return (
    <AuthCard title={variant === 'dd' ? '添加门店' : '企业会员注册'} width={860}>
      <StepBar
        titles={stepTitles[variant]}
        current={done ? 3 : step - 1}
        label={variant === 'dd' ? '添加门店步骤' : '注册步骤'}
        style={{ maxWidth: 640, margin: '0 auto 32px' }}
      />
      {/* A later step's code loading: the step bar stays, the form's space is kept. */}
      <Suspense fallback={<div style={{ minHeight: 320 }} aria-busy="true" />}>{body}</Suspense>
      {variant === 'register' && step === 1 && (
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          已有账号？<Link to="/login">立即登录</Link>
        </div>
      )}
    </AuthCard>
  );
}

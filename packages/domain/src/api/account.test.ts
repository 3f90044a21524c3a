import { describe, expect, it } from 'vitest';
import { isEmail, isMobile } from '../validation/contact';
import {
  createCodeBody,
  loginBody,
  password,
  qualificationInput,
  registerCompanyBody,
  registerSubmitBody,
  registerVerifyBody,
  resetPasswordBody,
} from './account';

const company = {
  token: 'draft-token-123',
  company_name: '百草堂大药房',
  company_type: 'pharmacy',
  contact_name: '赵敏',
  contact_phone: '13911112222',
  province: '浙江省',
  city: '杭州市',
  district: '上城区',
  address: '解放路 100 号',
  business_scope: ['cfy'],
};

describe('account rules', () => {
  it('accepts only mainland mobile numbers (spec section 5)', () => {
    for (const ok of ['13800000001', '19912345678', '15000000000']) expect(isMobile(ok)).toBe(true);
    for (const bad of ['12800000001', '1380000000', '138000000012', '23800000001', '1380000000a', '']) {
      expect(isMobile(bad)).toBe(false);
    }
    expect(isEmail('a_b-c@x.com.cn')).toBe(true);
    expect(isEmail('a.b@x')).toBe(false);
  });

  it('wants passwords of 8 to 20 characters with letters and digits', () => {
    expect(password.safeParse('Abc12345').success).toBe(true);
    const messages = (value: string) => password.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(messages('Ab1')).toContain('密码至少8位');
    expect(messages('abcdefgh')).toContain('密码须包含数字');
    expect(messages('12345678')).toContain('密码须包含字母');
    expect(messages(`A1${'x'.repeat(19)}`)).toContain('密码最多20位');
  });

  it('checks the confirmation and the code format', () => {
    const base = { phone: '13800000001', code: '123456', password: 'Abc12345', confirm_password: 'Abc12345' };
    expect(registerVerifyBody.safeParse(base).success).toBe(true);
    const mismatch = registerVerifyBody.safeParse({ ...base, confirm_password: 'Abc12346' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['confirm_password'],
      message: '两次输入的密码不一致',
    });
    expect(registerVerifyBody.safeParse({ ...base, code: '12345' }).success).toBe(false);
    expect(resetPasswordBody.safeParse({ password: 'Abc12345', confirm_password: 'x' }).success).toBe(false);
  });

  it('refuses unknown fields, unknown purposes and overlong values', () => {
    expect(createCodeBody.safeParse({ phone: '13800000001', type: 'register', x: 1 }).success).toBe(false);
    expect(createCodeBody.safeParse({ phone: '13800000001', type: 'login' }).success).toBe(false);
    expect(loginBody.safeParse({ username: 'u'.repeat(51), password: 'x' }).success).toBe(false);
    expect(registerCompanyBody.safeParse(company).success).toBe(true);
    expect(registerCompanyBody.safeParse({ ...company, company_type: 'hospital' }).success).toBe(false);
    expect(registerCompanyBody.safeParse({ ...company, business_scope: ['guns'] }).success).toBe(false);
    expect(registerCompanyBody.safeParse({ ...company, address: '地'.repeat(121) }).success).toBe(false);
  });

  it('needs at least one qualification with a valid date', () => {
    const q = { kind: 'business_licence', number: '91330100', expires_on: '2035-01-01', file_id: '3' };
    expect(
      registerSubmitBody.parse({ token: company.token, qualifications: [q] }).qualifications[0].file_id,
    ).toBe(3);
    expect(registerSubmitBody.safeParse({ token: company.token, qualifications: [] }).success).toBe(false);
    expect(
      registerSubmitBody.safeParse({
        token: company.token,
        qualifications: [{ ...q, expires_on: '2035-02-30' }],
      }).success,
    ).toBe(false);
  });
});

describe('qualificationInput (one licence as the store uploads it)', () => {
  const base = { kind: 'drug_licence', number: '浙AA5710386', file_id: 7 };
  const errors = (body: object) => {
    const parsed = qualificationInput.safeParse(body);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('takes a last day or 长期, and asks for one of them', () => {
    expect(qualificationInput.parse({ ...base, expires_on: '2029-12-31' }).expires_on).toBe('2029-12-31');
    expect(qualificationInput.parse({ ...base, long_term: 'true', expires_on: '' })).toMatchObject({
      long_term: true,
    });
    expect(errors(base)).toEqual({ expires_on: '请填写有效期，或选择长期有效' });
  });
  it('reads the purchaser of a proxy, its ID card number upper-cased and checked', () => {
    const proxy = { ...base, kind: 'proxy', long_term: true, holder_name: '张建国' };
    expect(qualificationInput.parse({ ...proxy, holder_id_no: '11010519491231002x' }).holder_id_no).toBe(
      '11010519491231002X',
    );
    expect(errors({ ...proxy, holder_id_no: '330106198203154518' })).toEqual({
      holder_id_no: '请填写正确的18位身份证号码',
    });
    expect(errors({ ...proxy, holder_name: '张', holder_id_no: '330106198203154517' })).toEqual({
      holder_name: '采购人员姓名至少2个字',
    });
  });
  it('refuses a proxy without its purchaser (name and ID card number)', () => {
    const proxy = { ...base, kind: 'proxy', long_term: true };
    expect(errors(proxy)).toEqual({
      holder_name: '请填写委托书上的采购人员姓名',
      holder_id_no: '请填写委托书上的采购人员身份证号码',
    });
    expect(errors({ ...proxy, holder_name: '', holder_id_no: null })).toEqual({
      holder_name: '请填写委托书上的采购人员姓名',
      holder_id_no: '请填写委托书上的采购人员身份证号码',
    });
    expect(errors({ ...proxy, holder_name: '张建国' })).toEqual({
      holder_id_no: '请填写委托书上的采购人员身份证号码',
    });
    // Other licences name no purchaser.
    expect(errors({ ...base, long_term: true })).toEqual({});
  });
  it('refuses an issuer over 60 characters or with a line break', () => {
    expect(errors({ ...base, long_term: true, issuer: 'x'.repeat(61) })).toEqual({
      issuer: '发证机关最多60个字',
    });
    expect(errors({ ...base, long_term: true, issuer: '浙江\n省' })).toEqual({
      issuer: '发证机关不能包含换行或控制字符',
    });
  });
});

import { buyerPasswordProblem, contactMessages, MOBILE_PATTERN, smsCodeProblem } from '@yaocai/domain';
import type { FormRule } from 'antd';

/**
 * antd rules built from the same packages/domain rules the server applies: its plain checks
 * (validation/credentials.ts), not its zod schemas, which would bring zod into the login-style
 * pages' first load.
 */
const fromProblem =
  (problem: (value: string) => string | undefined) => async (_rule: unknown, value: unknown) => {
    if (value === undefined || value === '') return;
    const message = problem(String(value));
    if (message) throw new Error(message);
  };

export const mobileRules: FormRule[] = [
  { required: true, message: '请输入手机号码' },
  { pattern: MOBILE_PATTERN, message: contactMessages.mobile },
];
/** A required text of `min` to `max` characters, named in its messages (请输入X, X为2-60个字). */
export const textRules = (label: string, min: number, max: number): FormRule[] => [
  { required: true, message: `请输入${label}` },
  { min, max, message: `${label}为${min}-${max}个字` },
];
export const contactNameRules = textRules('联系人', 2, 20);
export const codeRules: FormRule[] = [
  { required: true, message: '请输入短信验证码' },
  { validator: fromProblem(smsCodeProblem) },
];
export const passwordRules: FormRule[] = [
  { required: true, message: '请输入密码' },
  { validator: fromProblem(buyerPasswordProblem) },
];
export const confirmRules = (field = 'password'): FormRule[] => [
  { required: true, message: '请再次输入密码' },
  ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value && value !== getFieldValue(field)) throw new Error('两次输入的密码不一致');
    },
  }),
];

import { contactMessages, MOBILE_PATTERN, password, smsCode } from '@yaocai/domain';
import type { FormInstance, FormRule } from 'antd';
import { ApiError } from '../../../lib/http';

/** antd rules built from the same packages/domain rules the server applies. */
const fromSchema =
  (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }) =>
  async (_rule: unknown, value: unknown) => {
    if (value === undefined || value === '') return;
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error?.issues[0]?.message);
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
  { validator: fromSchema(smsCode) },
];
export const passwordRules: FormRule[] = [
  { required: true, message: '请输入密码' },
  { validator: fromSchema(password) },
];
export const confirmRules = (field = 'password'): FormRule[] => [
  { required: true, message: '请再次输入密码' },
  ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value && value !== getFieldValue(field)) throw new Error('两次输入的密码不一致');
    },
  }),
];

/**
 * Puts a 422's field messages on the form fields (nested names like `qualifications.0.number`
 * become paths); returns the message to show when the error is not about a field on the form.
 */
export function applyApiError(form: FormInstance, error: unknown): string {
  if (!(error instanceof ApiError)) return '系统繁忙，请稍候再试';
  const errors = (error.data as { errors?: Record<string, string[]> } | null)?.errors;
  if (error.code === 422 && errors) {
    const fields = Object.entries(errors).map(([name, messages]) => ({
      name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: messages,
    }));
    const known = fields.filter((f) => form.getFieldInstance(f.name as never) !== undefined);
    form.setFields(known as never);
  }
  return error.message;
}

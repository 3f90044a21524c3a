import { describe, expect, it } from 'vitest';
import { fieldErrors, formMessage } from './field-errors';
import { ApiError } from './http';

const invalid = (errors: Record<string, string[]>) =>
  new ApiError(422, errors[Object.keys(errors)[0]][0], { errors }, 422);

describe('fieldErrors', () => {
  it('keeps the first message of each field', () => {
    expect(
      fieldErrors(invalid({ phone: ['手机号码格式不正确', '其他'], code: ['请输入6位数字验证码'] })),
    ).toEqual({
      phone: '手机号码格式不正确',
      code: '请输入6位数字验证码',
    });
  });
  it('folds aliased fields into one control, the first message winning', () => {
    const error = invalid({ city: ['请选择城市'], district: ['请选择区县'], address: ['详细地址至少5个字'] });
    expect(fieldErrors(error, { province: 'region', city: 'region', district: 'region' })).toEqual({
      region: '请选择城市',
      address: '详细地址至少5个字',
    });
  });
  it("is null for other refusals and for errors that are not the API's", () => {
    expect(fieldErrors(new ApiError(400, '验证码错误', null, 400))).toBeNull();
    expect(fieldErrors(new ApiError(422, '请求有误', { errors: {} }, 422))).toBeNull();
    expect(fieldErrors(new Error('network'))).toBeNull();
  });
});

describe('formMessage', () => {
  it('is empty when a message sits at a field of the form', () => {
    const error = invalid({ phone: ['手机号码格式不正确'] });
    expect(formMessage(error, fieldErrors(error), ['phone', 'code'])).toBe('');
  });
  it('shows a field message the form has no place for', () => {
    const error = invalid({ token: ['请重新验证手机号'] });
    expect(formMessage(error, fieldErrors(error), ['phone'])).toBe('请重新验证手机号');
  });
  it("shows the refusal's own message otherwise", () => {
    const error = new ApiError(400, '验证码错误或已过期', null, 400);
    expect(formMessage(error, null, ['phone'])).toBe('验证码错误或已过期');
  });
});

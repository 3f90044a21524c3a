import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { loginErrorText } from './login-error';

describe('loginErrorText', () => {
  it('shows the first field message of a 422', () => {
    expect(loginErrorText(new ApiError(422, '参数错误', { errors: { password: ['请输入密码'] } }, 422))).toBe(
      '请输入密码',
    );
  });
  it('shows the refusal message of other 4xx (wrong password)', () => {
    expect(loginErrorText(new ApiError(400, '用户名或密码错误', null, 400))).toBe('用户名或密码错误');
  });
  it('shows 系统繁忙 for server faults and unknown errors fall back', () => {
    expect(loginErrorText(new ApiError(500, 'boom', null, 500))).toBe('系统繁忙，请稍候再试');
    expect(loginErrorText(new Error('x'))).toBe('登录失败，请重试');
  });
});

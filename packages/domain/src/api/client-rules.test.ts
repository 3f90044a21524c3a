import { describe, expect, it } from 'vitest';
import { refusalAction } from './client-rules';

const refusal = (code: number, status = code, message = '消息', data: unknown = null) => ({
  code,
  status,
  message,
  data,
});

describe('refusalAction (spec section 8)', () => {
  it('10001 or 401 -> login', () => {
    expect(refusalAction(refusal(10001, 401))).toEqual({ kind: 'login' });
    expect(refusalAction(refusal(401))).toEqual({ kind: 'login' });
  });
  it('459 -> contract page with the message', () => {
    expect(refusalAction(refusal(459, 459, '请先签署合同'))).toEqual({
      kind: 'contract',
      text: '请先签署合同',
    });
  });
  it('422 -> toast of the first field message, else the message', () => {
    expect(refusalAction(refusal(422, 422, '参数错误', { errors: { a: ['甲'], b: ['乙'] } }))).toEqual({
      kind: 'toast',
      text: '甲',
    });
    expect(refusalAction(refusal(422, 422, '参数错误', { errors: {} }))).toEqual({
      kind: 'toast',
      text: '参数错误',
    });
  });
  it('other codes below 500 -> 温馨提示 alert', () => {
    expect(refusalAction(refusal(403, 403, '无权限'))).toEqual({
      kind: 'alert',
      title: '温馨提示',
      text: '无权限',
    });
  });
  it('5xx and network failure -> 系统繁忙 toast', () => {
    expect(refusalAction(refusal(503))).toEqual({ kind: 'toast', text: '系统繁忙，请稍候再试' });
    expect(refusalAction(refusal(0, 0))).toEqual({ kind: 'toast', text: '系统繁忙，请稍候再试' });
  });
});

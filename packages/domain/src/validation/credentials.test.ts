import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { password, smsCode } from '../api/account';
import { buyerPasswordProblem, smsCodeProblem } from './credentials';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('buyer credentials without zod (the shop forms) against the server schemas', () => {
  it('passwords: the same first message as the request body schema', () => {
    for (const sample of [
      '',
      'abc',
      'abcdefgh',
      '12345678',
      'abcd1234',
      'a1'.repeat(11),
      'ab cd 12',
      '密码密码密码密码1a',
    ])
      expect(buyerPasswordProblem(sample)).toBe(firstIssue(password.safeParse(sample)));
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (sample) => {
        expect(buyerPasswordProblem(sample)).toBe(firstIssue(password.safeParse(sample)));
      }),
    );
  });

  it('SMS codes: six digits, spaces around them allowed, as the schema', () => {
    for (const sample of ['123456', ' 123456 ', '12345', '1234567', '12345a', ''])
      expect(smsCodeProblem(sample)).toBe(firstIssue(smsCode.safeParse(sample)));
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\s?\d{5,7}\s?$/), fc.string({ maxLength: 8 })), (sample) => {
        expect(smsCodeProblem(sample)).toBe(firstIssue(smsCode.safeParse(sample)));
      }),
    );
  });
});

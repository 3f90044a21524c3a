import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordKinds, strongPassword, strongPasswordProblem } from './password';

describe('operator password rule (at least 10 characters of three kinds)', () => {
  it('accepts three kinds from 10 characters on', () => {
    for (const good of ['Quality123', 'abcdefg12!', 'ABCDEFG12!', 'Abcdefghi!', 'Admin@123456'])
      expect(strongPasswordProblem(good)).toBeUndefined();
  });
  it('refuses short, two-kind, spaced and over-long passwords, with both languages', () => {
    for (const bad of ['Abc12!', 'abcdefghij12', 'ABCDEFGHIJ!!', 'Abcdef 12345', `Aa1${'x'.repeat(70)}`]) {
      const problem = strongPasswordProblem(bad);
      expect(problem?.zh).toMatch(/密码/);
      expect(problem?.en).toMatch(/password/);
      expect(strongPassword.safeParse(bad).success).toBe(false);
    }
  });
  it('property: a password passes exactly when it is 10-64 non-space characters of 3+ kinds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const ok = s.length >= 10 && s.length <= 64 && !/\s/.test(s) && passwordKinds(s) >= 3;
        return (strongPasswordProblem(s) === undefined) === ok;
      }),
    );
  });
});

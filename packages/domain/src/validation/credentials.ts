// A buyer's SMS code and password rules, without zod: the server's request bodies
// (api/account.ts builds its schemas from them) and the shop's forms read them from here, so a
// form checks what the server checks without bringing zod into a login-style page.

export const SMS_CODE_PATTERN = /^\d{6}$/;

/** 8 to 20 characters with letters and digits. */
export const buyerPasswordRule = {
  minLength: 8,
  maxLength: 20,
  letter: /[A-Za-z]/,
  digit: /\d/,
} as const;

export const credentialMessages = {
  smsCode: '请输入6位数字验证码',
  passwordMin: `密码至少${buyerPasswordRule.minLength}位`,
  passwordMax: `密码最多${buyerPasswordRule.maxLength}位`,
  passwordLetter: '密码须包含字母',
  passwordDigit: '密码须包含数字',
} as const;

/** What is wrong with an SMS code (its spaces aside, as the server trims it), or undefined. */
export function smsCodeProblem(code: string): string | undefined {
  return SMS_CODE_PATTERN.test(code.trim()) ? undefined : credentialMessages.smsCode;
}

/** The first thing wrong with a buyer's password, in the order the server's schema checks. */
export function buyerPasswordProblem(password: string): string | undefined {
  const rule = buyerPasswordRule;
  const m = credentialMessages;
  if (password.length < rule.minLength) return m.passwordMin;
  if (password.length > rule.maxLength) return m.passwordMax;
  if (!rule.letter.test(password)) return m.passwordLetter;
  if (!rule.digit.test(password)) return m.passwordDigit;
  return undefined;
}

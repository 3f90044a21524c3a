import { z } from 'zod';

// The password rule of operator accounts (the console): the first 超级管理员 made by
// `npm run operator:create`, and every operator created or reset in the console. One source:
// the CLI, the server's request bodies and the console's forms all read it from here.

export const strongPasswordRule = { minLength: 10, maxLength: 64, kinds: 3 } as const;

/** Which of the four kinds of character (upper, lower, digit, symbol) a password uses. */
export function passwordKinds(password: string): number {
  return [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9\s]/].filter((kind) => kind.test(password)).length;
}

export const strongPasswordMessages = {
  zh: `密码至少${strongPasswordRule.minLength}位，且须包含大写字母、小写字母、数字、符号中的至少三种`,
  en: `the password needs at least ${strongPasswordRule.minLength} characters of at least three kinds (upper case, lower case, digits, symbols)`,
  tooLongZh: `密码最多${strongPasswordRule.maxLength}位`,
  tooLongEn: `the password has at most ${strongPasswordRule.maxLength} characters`,
  spaceZh: '密码不能包含空格',
  spaceEn: 'the password cannot contain spaces',
} as const;

/** What is wrong with the password (Chinese and English), or undefined when it passes. */
export function strongPasswordProblem(password: string): { zh: string; en: string } | undefined {
  const m = strongPasswordMessages;
  if (/\s/.test(password)) return { zh: m.spaceZh, en: m.spaceEn };
  if (password.length > strongPasswordRule.maxLength) return { zh: m.tooLongZh, en: m.tooLongEn };
  if (password.length < strongPasswordRule.minLength || passwordKinds(password) < strongPasswordRule.kinds)
    return { zh: m.zh, en: m.en };
  return undefined;
}

/** An operator's password in a request body (Chinese field message). */
export const strongPassword = z.string().superRefine((value, ctx) => {
  const problem = strongPasswordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.zh });
});

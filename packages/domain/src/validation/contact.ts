/** Contact rules of spec section 5, shared by the server validators and both SPAs' forms. */

/** 11 digits: 1, then 3 to 9, then 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** Landline where allowed: 0 + 2 or 3 digits, hyphen, 7 or 8 digits (e.g. 010-12345678). */
export const LANDLINE_PATTERN = /^0\d{2,3}-\d{7,8}$/;

/** Letters, digits, underscore or hyphen; @; then dot-separated segments. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;

export const isMobile = (value: string): boolean => MOBILE_PATTERN.test(value);
export const isPhoneOrLandline = (value: string): boolean =>
  MOBILE_PATTERN.test(value) || LANDLINE_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

export const contactMessages = {
  mobile: '请输入正确的手机号码',
  phoneOrLandline: '请输入正确的手机号码或固定电话（如 010-12345678）',
  email: '请输入正确的邮箱地址',
} as const;

import { z } from 'zod';
import { companyTypes, scopeClassCodes } from '../catalog/scope';
import { holderLicenceTypes, idCardNumberOk, qualificationKinds } from '../compliance/licences';
import { contactMessages, MOBILE_PATTERN } from '../validation/contact';
import { buyerPasswordRule, credentialMessages, SMS_CODE_PATTERN } from '../validation/credentials';
import { calendarDate, formBoolean, recordId, singleLineText } from './input';

/**
 * Account request bodies, validated by the server and used by the shop's forms. Messages are
 * Chinese; the 422 body carries them per field.
 */
export const mobile = z.string().trim().regex(MOBILE_PATTERN, contactMessages.mobile);
export const smsCode = z.string().trim().regex(SMS_CODE_PATTERN, credentialMessages.smsCode);
/** 8 to 20 characters with letters and digits (validation/credentials.ts). */
export const password = z
  .string()
  .min(buyerPasswordRule.minLength, credentialMessages.passwordMin)
  .max(buyerPasswordRule.maxLength, credentialMessages.passwordMax)
  .regex(buyerPasswordRule.letter, credentialMessages.passwordLetter)
  .regex(buyerPasswordRule.digit, credentialMessages.passwordDigit);

/** change_phone: a signed-in store's new phone (基本信息 /basic). */
export const smsPurpose = z.enum(['register', 'forget', 'register_dd', 'change_phone']);

export const createCodeBody = z.strictObject({ phone: mobile, type: smsPurpose });

export const loginBody = z.strictObject({
  username: z.string().trim().min(1, '请输入手机号或用户名').max(50, '用户名过长'),
  password: z.string().min(1, '请输入密码').max(50, '密码过长'),
});

const confirmPassword = <T extends { password: string; confirm_password: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: '两次输入的密码不一致' });
  }
};

/** Registration step 1: phone, SMS code, password. Answers a draft token for steps 2 and 3. */
export const registerVerifyBody = z
  .strictObject({ phone: mobile, code: smsCode, password, confirm_password: z.string().max(50) })
  .superRefine(confirmPassword);

/** Multi-store step 1 (/register/dd/step1): the new store's phone, SMS code and password. */
export const registerDdVerifyBody = registerVerifyBody;

/** The draft token a verify step answers, carried by the steps after it. */
const stepToken = z.string().min(10).max(100);
const contactName = z.string().trim().min(2, '联系人至少2个字').max(20, '联系人最多20个字');

/**
 * POST /api/user/updateUserInfo (基本信息 /basic): the store's contact name, a new phone with the
 * code sent to it, and the avatar (an uploaded picture of the store's own).
 */
export const updateUserInfoBody = z.strictObject({
  name: contactName,
  phone: mobile.optional(),
  code: z.string().trim().max(10).optional(),
  avatar_file_id: recordId('头像不正确').optional(),
});
export type UpdateUserInfoInput = z.input<typeof updateUserInfoBody>;
export type UpdateUserInfo = z.output<typeof updateUserInfoBody>;

/** Multi-store step 2: the new store's details; creates the store user of the same company. */
export const registerDdSubmitBody = z.strictObject({
  token: stepToken,
  store_name: z.string().trim().min(2, '门店名称至少2个字').max(60, '门店名称最多60个字'),
  contact_name: contactName,
  address: z.string().trim().min(5, '门店地址至少5个字').max(120, '门店地址最多120个字'),
});

/** Registration step 2: company details. */
export const registerCompanyBody = z.strictObject({
  token: stepToken,
  company_name: z.string().trim().min(2, '企业名称至少2个字').max(60, '企业名称最多60个字'),
  company_type: z.enum(companyTypes.map((t) => t.code) as [string, ...string[]], '请选择企业类型'),
  contact_name: contactName,
  contact_phone: mobile,
  province: z.string().trim().min(2, '请选择省份').max(20),
  city: z.string().trim().min(2, '请选择城市').max(20),
  district: z.string().trim().min(2, '请选择区县').max(20),
  address: z.string().trim().min(5, '详细地址至少5个字').max(120, '详细地址最多120个字'),
  business_scope: z.array(z.enum(scopeClassCodes, '经营范围不正确')).min(1, '请至少选择一项经营范围').max(20),
});

/** Empty form fields read as absent. */
export const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The purchaser named on a purchase proxy (采购委托书): their name and ID card number. */
export const licenceHolder = {
  holder_name: z.preprocess(
    blankAsAbsent,
    singleLineText('采购人员姓名', 20).pipe(z.string().min(2, '采购人员姓名至少2个字')).optional(),
  ),
  holder_id_no: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: '身份证号码格式不正确' })
      .trim()
      .toUpperCase()
      .refine(idCardNumberOk, '请填写正确的18位身份证号码')
      .optional(),
  ),
};

/**
 * One licence as the buyer uploads it: its type, number, issuer, validity (a last day, or
 * 长期 for a long-term licence) and, on a purchase proxy, the purchaser. The reviewer records
 * the scope codes printed on it when approving.
 */
export const qualificationInput = z
  .strictObject({
    kind: z.enum(qualificationKinds.map((k) => k.code) as [string, ...string[]], '资质类型不正确'),
    number: z.string().trim().min(4, '证件编号至少4位').max(50, '证件编号最多50位'),
    issuer: z.preprocess(blankAsAbsent, singleLineText('发证机关', 60).optional()),
    long_term: formBoolean('请选择是否长期有效').optional(),
    expires_on: z.preprocess(blankAsAbsent, calendarDate('有效期').optional()),
    ...licenceHolder,
    file_id: recordId('请上传证件文件'),
  })
  .superRefine((value, ctx) => {
    if (!value.long_term && !value.expires_on)
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: '请填写有效期，或选择长期有效' });
    // A proxy without its purchaser cannot be reviewed: the reviewer checks the ID against it.
    if (!holderLicenceTypes.includes(value.kind)) return;
    if (!value.holder_name)
      ctx.addIssue({ code: 'custom', path: ['holder_name'], message: '请填写委托书上的采购人员姓名' });
    if (!value.holder_id_no)
      ctx.addIssue({ code: 'custom', path: ['holder_id_no'], message: '请填写委托书上的采购人员身份证号码' });
  });

/** Registration step 3: qualification documents; creates the account in one transaction. */
export const registerSubmitBody = z.strictObject({
  token: stepToken,
  qualifications: z.array(qualificationInput).min(1, '请至少上传一份资质证件').max(10),
});

export const forgetVerifyBody = z.strictObject({ phone: mobile, code: smsCode });
export const resetPasswordBody = z
  .strictObject({
    /** From the forgot-password verify step; absent when a logged-in buyer changes its password. */
    token: stepToken.optional(),
    old_password: z.string().max(50).optional(),
    password,
    confirm_password: z.string().max(50),
  })
  .superRefine(confirmPassword);

export const switchStoreBody = z.strictObject({ user_id: recordId('请选择门店') });

export const adminLoginBody = z.strictObject({
  username: z.string().trim().min(1, '请输入用户名').max(50, '用户名过长'),
  password: z.string().min(1, '请输入密码').max(50, '密码过长'),
});

/** Answer of the verify steps (registration, multi-store, forgot password). */
export const draftToken = z.object({ token: z.string() });
export type DraftToken = z.infer<typeof draftToken>;

/** Answer of POST /api/upload. */
export const uploadedFile = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  mime: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** GET /api/user/zizhi: the company's qualification documents. */
export const qualificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_name: z.string(),
  number: z.string(),
  issuer: z.string().nullable(),
  /** Last valid day; null for a long-term (长期) licence. */
  expires_on: z.string().nullable(),
  /** Scope codes recorded by the reviewer, with names. */
  scopes: z.array(z.object({ code: z.string(), name: z.string() })),
  holder_name: z.string().nullable(),
  status: z.string(),
  /** Set when 质管 corrected the reviewed licence (更正): this version replaced one with a mistake. */
  correction_reason: z.string().nullable(),
  file: uploadedFile,
});
/** The fields every view of one qualification document shares (buyer's list, review queue). */
export const qualificationDocumentFields = qualificationItem.omit({ file: true });
export type QualificationItem = z.infer<typeof qualificationItem>;

/** GET /api/user/jyfw: the licensed business scope with names. */
export const businessScopeData = z.object({
  /** The classes the store may buy in today: confirmed for its company and granted by a valid licence. */
  list: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Why it may not buy at all now (a missing or expired required licence, the contract); null when it may. */
  refusal: z.string().nullable(),
});

/** GET /api/user/contract: the e-contract shown at /dzht. */
export const contractData = z.object({
  title: z.string(),
  company: z.string(),
  signed: z.boolean(),
  signed_at: z.string().nullable(),
  paragraphs: z.array(z.string()),
});
export type ContractData = z.infer<typeof contractData>;

export type CreateCodeInput = z.input<typeof createCodeBody>;
export type LoginInput = z.input<typeof loginBody>;
export type RegisterVerifyInput = z.input<typeof registerVerifyBody>;
export type RegisterCompanyInput = z.input<typeof registerCompanyBody>;
export type RegisterSubmitInput = z.input<typeof registerSubmitBody>;
export type RegisterDdSubmitInput = z.input<typeof registerDdSubmitBody>;
export type ForgetVerifyInput = z.input<typeof forgetVerifyBody>;
export type ResetPasswordInput = z.input<typeof resetPasswordBody>;

/** GET /api/user/phone/{value}: whether the phone already has an account. */
export const phoneTaken = z.object({ exists: z.boolean() });
/** Login, registration, multi-store registration and store switch: the store now signed in or made. */
export const signedInUser = z.object({ user_id: z.number().int() });
export type PhoneTaken = z.infer<typeof phoneTaken>;
export type SignedInUser = z.infer<typeof signedInUser>;

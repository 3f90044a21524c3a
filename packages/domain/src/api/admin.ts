import { z } from 'zod';
import { scopeClassCodes } from '../catalog/scope';
import { permissionCodes } from '../operator/permissions';
import { strongPassword } from '../validation/password';
import { blankAsAbsent, licenceHolder, qualificationDocumentFields } from './account';
import { calendarDate, formBoolean, PG_INT_MAX, pageNumber, recordId, singleLineText } from './input';

// Operator console contracts (/api/admin/...): request bodies the server validates and answer
// shapes both the server declares and the console reads its types from.

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

const pageSize = z.coerce.number().int().min(1).max(100).default(20);

/** GET /api/admin/me: the signed-in operator with what the console may show. */
export const operatorMe = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  permissions: z.array(z.enum(permissionCodes)),
});
export type OperatorMe = z.infer<typeof operatorMe>;

// --- audit log ---------------------------------------------------------------------------------

export const auditQuery = z.object({
  operator_id: z.coerce.number().int().min(1).max(PG_INT_MAX).optional(),
  action: z.string().trim().max(60).optional(),
  target_type: z.string().trim().max(40).optional(),
  target_id: z.string().trim().max(40).optional(),
  /** Beijing calendar dates, both inclusive. */
  from: calendarDate('开始日期').optional(),
  to: calendarDate('结束日期').optional(),
  page: pageNumber,
  page_size: pageSize,
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  action: z.string(),
  action_label: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** 10-digit seconds. */
  created_at: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = pageOf(auditEntry);

// --- operators and roles -----------------------------------------------------------------------

export const roleView = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  all_permissions: z.boolean(),
  permissions: z.array(z.string()),
});
export type RoleView = z.infer<typeof roleView>;

export const operatorView = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  disabled: z.boolean(),
  role_ids: z.array(z.number().int()),
  created_at: z.number().int(),
});
export type OperatorView = z.infer<typeof operatorView>;

const operatorName = z.string().trim().min(2, '姓名至少2个字').max(20, '姓名最多20个字');
const roleIds = z.array(recordId('角色不正确'), '请至少选择一个角色').min(1, '请至少选择一个角色').max(20);

/** An operator's user name (the console's form and `npm run operator:create` check the same). */
export const operatorUsername = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{2,29}$/, '用户名为3-30位小写字母、数字或下划线，以字母开头');

export const createOperatorBody = z.strictObject({
  username: operatorUsername,
  name: operatorName,
  password: strongPassword,
  role_ids: roleIds,
});
export type CreateOperatorInput = z.input<typeof createOperatorBody>;

export const updateOperatorBody = z.strictObject({ name: operatorName, role_ids: roleIds });
export type UpdateOperatorInput = z.input<typeof updateOperatorBody>;

export const resetOperatorPasswordBody = z.strictObject({ password: strongPassword });
export const operatorStatusBody = z.strictObject({ disabled: formBoolean('请选择启用或停用') });

// --- qualification review ----------------------------------------------------------------------

export const reviewQueueQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  keyword: z.string().trim().max(50).optional(),
  page: pageNumber,
  page_size: pageSize,
});
export type ReviewQueueQuery = z.input<typeof reviewQueueQuery>;

export const reviewQueueItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type_name: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  region: z.string(),
  qualification_status: z.string(),
  documents: z.number().int(),
  documents_pending: z.number().int(),
  created_at: z.number().int(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;
export const reviewQueuePage = pageOf(reviewQueueItem);

export const reviewDocument = qualificationDocumentFields.extend({
  /** The purchaser's ID card number on a purchase proxy (the reviewer checks it against the copy). */
  holder_id_no: z.string().nullable(),
  /** The scope codes a licence of its type may grant: what the reviewer chooses from. */
  grants: z.array(z.object({ code: z.string(), name: z.string() })),
  /** For a waiting licence, the codes the console ticks to start with (see review.ts). */
  proposed_scopes: z.array(z.string()),
  review_note: z.string().nullable(),
  /** Who reviewed (or corrected) this version and when (10-digit seconds); null when not kept. */
  reviewed_by: z.string().nullable(),
  reviewed_at: z.number().int().nullable(),
  /** A correction: the version it supersedes (its 更正原因 is correction_reason). */
  supersedes_id: z.number().int().nullable(),
  /** The correction that superseded this version (已更正); null while it counts. */
  superseded_by: z.number().int().nullable(),
  file_url: z.string(),
  file_mime: z.string(),
});
export type ReviewDocument = z.infer<typeof reviewDocument>;

export const reviewCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  type_name: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  address: z.string(),
  business_scope: z.array(z.string()),
  qualification_status: z.string(),
  qualification_note: z.string().nullable(),
  stores: z.array(z.object({ user_id: z.number().int(), phone: z.string(), store_name: z.string() })),
  documents: z.array(reviewDocument),
  /** What keeps the company from buying today on its approved licences (empty: nothing). */
  licence_gaps: z.array(z.string()),
});
export type ReviewCompany = z.infer<typeof reviewCompany>;

/**
 * One document's decision: a refusal needs its reason. Approving records what the licence says:
 * the scope codes printed on it (within what its type may grant), issuer, validity (a date or
 * 长期) and, on a purchase proxy, the purchaser; each defaults to what the store entered.
 */
const documentDecisionFields = {
  approve: formBoolean('请选择通过或退回'),
  reason: z.string().trim().max(200, '原因最多200个字').optional(),
  expires_on: z.preprocess(blankAsAbsent, calendarDate('有效期').optional()),
  long_term: formBoolean('请选择是否长期有效').optional(),
  issuer: z.preprocess(blankAsAbsent, singleLineText('发证机关', 60).optional()),
  scopes: z.array(z.enum(scopeClassCodes, '经营范围不正确'), '经营范围不正确').max(20).optional(),
  ...licenceHolder,
};
const refusalNeedsReason = (value: { approve: boolean; reason?: string }, ctx: z.RefinementCtx) => {
  if (!value.approve && !value.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: '退回时请填写原因' });
  }
};

export const documentDecisionBody = z.strictObject(documentDecisionFields).superRefine(refusalNeedsReason);
export type DocumentDecisionInput = z.input<typeof documentDecisionBody>;

/**
 * A correction (更正) of a reviewed document: the decision made again with what the licence really
 * says (number, validity, issuer, the scope codes printed on it, the purchaser), each defaulting
 * to the version corrected, and why (更正原因, required). It becomes a new reviewed version of
 * the licence that supersedes the corrected one, which is kept as it was reviewed.
 */
export const documentCorrectionBody = z
  .strictObject({
    ...documentDecisionFields,
    number: z.preprocess(
      blankAsAbsent,
      z
        .string({ error: '证件编号格式不正确' })
        .trim()
        .min(4, '证件编号至少4位')
        .max(50, '证件编号最多50位')
        .optional(),
    ),
    correction_reason: z
      .string({ error: '请填写更正原因' })
      .trim()
      .min(2, '请填写更正原因（至少2个字）')
      .max(200, '更正原因最多200个字'),
  })
  .superRefine(refusalNeedsReason);
export type DocumentCorrectionInput = z.input<typeof documentCorrectionBody>;

/** The company's decision: approving sets its business scope; refusing needs the reason. */
export const companyDecisionBody = z
  .strictObject({
    approve: formBoolean('请选择通过或退回'),
    reason: z.string().trim().max(200, '原因最多200个字').optional(),
    business_scope: z.array(z.enum(scopeClassCodes, '经营范围不正确'), '经营范围不正确').max(20).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.approve && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '退回时请填写原因' });
    }
    if (value.approve && !value.business_scope?.length) {
      ctx.addIssue({ code: 'custom', path: ['business_scope'], message: '请至少选择一项经营范围' });
    }
  });
export type CompanyDecisionInput = z.input<typeof companyDecisionBody>;

// --- buyer lookup (credit limits) ---------------------------------------------------------------

export const buyerLookupQuery = z.object({
  keyword: z.string().trim().min(1, '请输入手机号、门店或企业名称').max(50),
});
export const buyerLookupItem = z.object({
  user_id: z.number().int(),
  phone: z.string(),
  store_name: z.string(),
  company_name: z.string(),
  qualification_status: z.string(),
  credit_limit: z.number(),
  credit_used: z.number(),
  term_days: z.number().int(),
});
export type BuyerLookupItem = z.infer<typeof buyerLookupItem>;

export const creditView = z.object({
  credit_limit: z.number(),
  credit_used: z.number(),
  term_days: z.number().int(),
});

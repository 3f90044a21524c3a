import {
  beijingToday,
  type registerCompanyBody,
  type registerDdSubmitBody,
  type registerSubmitBody,
} from '@yaocai/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { accountDrafts, companies, files, qualifications, users } from '../../db/schema/account';
import type { Ctx } from '../../lib/context';
import { AppError, conflict, fieldError, refusal } from '../../lib/errors';
import { addRegisteredAddress } from '../address/service';
import { consumeDraft, createDraft, loadDraft } from './drafts';
import { licenceColumns } from './licences';
import { hashPassword } from './passwords';
import { consumeSmsCode, isPhoneTaken } from './sms-codes';

type CompanyInput = Omit<z.infer<typeof registerCompanyBody>, 'token'>;
const PHONE_TAKEN = '该手机号已注册，请直接登录';

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Step 1: the phone is proven by SMS; a draft (1 h) keeps it with the password hash. */
export async function verifyRegistrationPhone(
  ctx: Ctx,
  input: { phone: string; code: string; password: string },
  kind: 'register' | 'register_dd',
  companyId?: number,
): Promise<string> {
  if (await isPhoneTaken(ctx, input.phone)) throw fieldError('phone', PHONE_TAKEN);
  await consumeSmsCode(ctx, { phone: input.phone, purpose: kind, code: input.code });
  const passwordHash = await hashPassword(input.password);
  return createDraft(ctx.db, { kind, phone: input.phone, passwordHash, companyId });
}

/** Step 2: company details, kept on the draft until the final submit. */
export async function saveRegistrationCompany(db: Db, token: string, company: CompanyInput): Promise<void> {
  await loadDraft(db, token, 'register');
  await db.update(accountDrafts).set({ company }).where(eq(accountDrafts.token, token));
}

/**
 * Step 3: creates company, primary store user (with the registered address as its first, default
 * delivery address: consignee the contact, phone the contact's mobile), pending qualifications and
 * claims the uploaded files, all in one transaction: a refusal anywhere leaves nothing behind.
 */
export async function submitRegistration(
  db: Db,
  input: z.infer<typeof registerSubmitBody>,
  now: Date,
): Promise<number> {
  const draft = await loadDraft(db, input.token, 'register');
  const company = draft.company as CompanyInput | null;
  if (!company) throw refusal('请先填写企业信息');
  const today = beijingToday(now);
  const fileIds = input.qualifications.map((q) => q.file_id);
  input.qualifications.forEach((q, i) => {
    if (!q.long_term && q.expires_on && q.expires_on <= today)
      throw fieldError(`qualifications.${i}.expires_on`, '证件已过有效期');
    if (fileIds.indexOf(q.file_id) !== i)
      throw fieldError(`qualifications.${i}.file_id`, '同一文件不能重复使用');
  });
  const owned = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, fileIds), eq(files.claimToken, input.token), isNull(files.ownerUserId)));
  const ownedIds = new Set(owned.map((f) => f.id));
  fileIds.forEach((id, i) => {
    if (!ownedIds.has(id))
      throw fieldError(`qualifications.${i}.file_id`, '证件文件不存在或已失效，请重新上传');
  });

  try {
    return await db.transaction(async (tx) => {
      if (!(await consumeDraft(tx, input.token))) throw new AppError(410, '注册信息已提交，请直接登录');
      const [createdCompany] = await tx
        .insert(companies)
        .values({
          name: company.company_name,
          type: company.company_type,
          contactName: company.contact_name,
          contactPhone: company.contact_phone,
          province: company.province,
          city: company.city,
          district: company.district,
          address: company.address,
          businessScope: company.business_scope,
        })
        .returning({ id: companies.id });
      const [user] = await tx
        .insert(users)
        .values({
          companyId: createdCompany.id,
          phone: draft.phone,
          passwordHash: draft.passwordHash ?? '',
          name: company.contact_name,
          storeName: company.company_name,
          isPrimary: true,
        })
        .returning({ id: users.id });
      await addRegisteredAddress(tx, user.id, {
        consignee: company.contact_name,
        phone: company.contact_phone,
        province: company.province,
        city: company.city,
        district: company.district,
        detail: company.address,
      });
      await tx.insert(qualifications).values(
        input.qualifications.map((q) => ({
          companyId: createdCompany.id,
          ...licenceColumns(q),
          fileId: q.file_id,
          status: 'pending',
        })),
      );
      await tx
        .update(files)
        .set({ ownerUserId: user.id, claimToken: null })
        .where(and(inArray(files.id, fileIds), eq(files.claimToken, input.token)));
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PHONE_TAKEN);
    throw error;
  }
}

/** The multi-store variant may only be used by a store of an approved company. */
export async function requireApprovedCompany(db: Db, userId: number) {
  const [row] = await db
    .select({
      companyId: users.companyId,
      status: companies.qualificationStatus,
      contactId: users.serviceContactId,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw refusal('账号不存在');
  if (row.status !== 'approved') throw refusal('企业资质审核通过后才能添加门店', 403);
  return row;
}

/** Multi-store step 2: the new store user joins the same company (not primary). */
export async function submitStore(
  db: Db,
  userId: number,
  input: z.infer<typeof registerDdSubmitBody>,
): Promise<number> {
  const owner = await requireApprovedCompany(db, userId);
  const draft = await loadDraft(db, input.token, 'register_dd');
  if (draft.companyId !== owner.companyId) throw new AppError(410, '门店注册信息已过期，请重新验证手机号');
  try {
    return await db.transaction(async (tx) => {
      if (!(await consumeDraft(tx, input.token))) throw new AppError(410, '该门店已提交');
      const [user] = await tx
        .insert(users)
        .values({
          companyId: owner.companyId,
          phone: draft.phone,
          passwordHash: draft.passwordHash ?? '',
          name: input.contact_name,
          storeName: input.store_name,
          address: input.address,
          isPrimary: false,
          serviceContactId: owner.contactId,
        })
        .returning({ id: users.id });
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PHONE_TAKEN);
    throw error;
  }
}

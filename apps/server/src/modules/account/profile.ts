import { taxNumberPattern, type UpdateUserInfo } from '@yaocai/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { companies, files, qualifications, users } from '../../db/schema/account';
import type { BuyerCtx } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { consumeSmsCode } from './sms-codes';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * 基本信息: the contact name; a new phone (the login name) only with the code sent to that
 * phone; the avatar, a picture this store uploaded. Checks first, then one update.
 */
export async function updateUserInfo(ctx: BuyerCtx, input: UpdateUserInfo) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const [me] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  const change: Partial<typeof users.$inferInsert> = { name: input.name };
  if (input.phone && input.phone !== me?.phone) {
    if (!input.code) throw fieldError('code', '请输入新手机号收到的验证码');
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
    if (taken) throw fieldError('phone', '该手机号已注册');
    await consumeSmsCode(ctx, { phone: input.phone, purpose: 'change_phone', code: input.code });
    change.phone = input.phone;
  }
  if (input.avatar_file_id !== undefined) {
    const [file] = await db
      .select({ id: files.id, mime: files.mime })
      .from(files)
      .where(and(eq(files.id, input.avatar_file_id), eq(files.ownerUserId, userId)));
    if (!file) throw fieldError('avatar_file_id', '头像不存在，请重新上传');
    if (!file.mime.startsWith('image/')) throw fieldError('avatar_file_id', '头像须为图片');
    change.avatar = `/api/files/${file.id}`;
  }
  try {
    await db.update(users).set(change).where(eq(users.id, userId));
  } catch (error) {
    // Another account took the phone between the check and the update.
    if (isUniqueViolation(error)) throw fieldError('phone', '该手机号已注册');
    throw error;
  }
  return { phone: change.phone ?? me?.phone ?? '' };
}

/**
 * What a store's invoice request starts with: the company's name as title and, as tax number, the
 * unified social credit code of its business licence (营业执照; the newest approved or pending one,
 * not a refused or replaced one), or ''
 * when that number does not read as a taxpayer number.
 */
export async function invoiceDefaults(ctx: BuyerCtx): Promise<{ title: string; tax_no: string }> {
  const [company] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, ctx.actor.companyId));
  const [licence] = await ctx.db
    .select({ number: qualifications.number })
    .from(qualifications)
    .where(
      and(
        eq(qualifications.companyId, ctx.actor.companyId),
        eq(qualifications.kind, 'business_licence'),
        inArray(qualifications.status, ['approved', 'pending']),
      ),
    )
    .orderBy(desc(qualifications.id))
    .limit(1);
  const taxNo = licence?.number.trim().toUpperCase() ?? '';
  return { title: company?.name ?? '', tax_no: taxNumberPattern.test(taxNo) ? taxNo : '' };
}

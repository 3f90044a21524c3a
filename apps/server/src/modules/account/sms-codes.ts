import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { smsCodes, users } from '../../db/schema/account';
import type { Ctx } from '../../lib/context';
import { fieldError, tooManyRequests } from '../../lib/errors';
import type { SmsProvider } from '../../lib/sms';

// Codes of registration, a second store and a new phone go out on the `register` template, the
// forgotten password's on `password_reset` (短信设置).

export type SmsPurpose = 'register' | 'forget' | 'register_dd' | 'change_phone';

export const smsRules = {
  ttlMs: 5 * 60_000,
  resendMs: 60_000,
  dailyPerPhone: 10,
  dailyPerIp: 50,
  maxAttempts: 5,
} as const;

const DAY_MS = 24 * 3600_000;

const hashCode = (phone: string, purpose: string, code: string) =>
  createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');

export async function isPhoneTaken(ctx: Ctx, phone: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return Boolean(row);
}

/**
 * Sends a 6-digit code after the purpose and rate rules pass. The limits are counted in the
 * database (under a per-phone advisory lock) so they hold across processes.
 */
export async function sendSmsCode(
  ctx: Ctx,
  sms: SmsProvider,
  input: { phone: string; purpose: SmsPurpose; ip: string },
): Promise<void> {
  const { phone, purpose, ip } = input;
  const taken = await isPhoneTaken(ctx, phone);
  if (purpose !== 'forget' && taken) throw fieldError('phone', '该手机号已注册，请直接登录');
  if (purpose === 'forget' && !taken) throw fieldError('phone', '该手机号未注册');

  const now = ctx.now.getTime();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const since = new Date(now - DAY_MS);
    const recent = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)))
      .orderBy(desc(smsCodes.createdAt));
    const last = recent[0]?.createdAt.getTime();
    if (last && now - last < smsRules.resendMs) {
      const wait = Math.ceil((smsRules.resendMs - (now - last)) / 1000);
      throw tooManyRequests(`验证码发送过于频繁，请${wait}秒后再试`);
    }
    if (recent.length >= smsRules.dailyPerPhone) {
      throw tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试');
    }
    const [perIp] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, since)));
    if ((perIp?.n ?? 0) >= smsRules.dailyPerIp) {
      throw tooManyRequests('当前网络今日获取验证码次数已达上限，请明天再试');
    }
    await tx.insert(smsCodes).values({
      phone,
      purpose,
      ip,
      codeHash: hashCode(phone, purpose, code),
      createdAt: ctx.now,
      expiresAt: new Date(now + smsRules.ttlMs),
    });
  });
  try {
    await sms.sendCode(phone, code, purpose === 'forget' ? 'password_reset' : 'register');
  } catch (error) {
    // Not sent: the code can never be used (it stays counted for the limits, like any request).
    await ctx.db
      .update(smsCodes)
      .set({ expiresAt: ctx.now })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.codeHash, hashCode(phone, purpose, code))));
    throw error;
  }
}

/**
 * Checks and consumes the latest code of a phone and purpose. One statement counts the attempt,
 * checks it is within the limits and, when the code matches, spends it: parallel guesses each
 * take an attempt of their own, so no more than `maxAttempts` of them are ever compared. Runs
 * outside the caller's transaction on purpose: a wrong attempt must stick even though the
 * request then fails.
 */
export async function consumeSmsCode(
  ctx: Ctx,
  input: { phone: string; purpose: SmsPurpose; code: string },
): Promise<void> {
  const mine = and(eq(smsCodes.phone, input.phone), eq(smsCodes.purpose, input.purpose));
  const newestFirst = [desc(smsCodes.createdAt), desc(smsCodes.id)];
  const now = sql`${ctx.now.toISOString()}::timestamptz`;
  const [checked] = await ctx.db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + 1`,
      usedAt: sql`case when ${smsCodes.codeHash} = ${hashCode(input.phone, input.purpose, input.code)} then ${now} end`,
    })
    .where(
      and(
        inArray(
          smsCodes.id,
          ctx.db
            .select({ id: smsCodes.id })
            .from(smsCodes)
            .where(mine)
            .orderBy(...newestFirst)
            .limit(1),
        ),
        lt(smsCodes.attempts, smsRules.maxAttempts),
        isNull(smsCodes.usedAt),
        gte(smsCodes.expiresAt, now),
      ),
    )
    .returning({ usedAt: smsCodes.usedAt });
  if (checked?.usedAt) return;
  if (checked) throw fieldError('code', '验证码错误');
  // Nothing was checked: say why (one more read, on the refusal path only).
  const [code] = await ctx.db
    .select({ usedAt: smsCodes.usedAt, expiresAt: smsCodes.expiresAt })
    .from(smsCodes)
    .where(mine)
    .orderBy(...newestFirst)
    .limit(1);
  if (!code) throw fieldError('code', '请先获取短信验证码');
  if (code.usedAt) throw fieldError('code', '验证码已使用，请重新获取');
  if (code.expiresAt.getTime() < ctx.now.getTime()) throw fieldError('code', '验证码已过期，请重新获取');
  throw fieldError('code', '验证码错误次数过多，请重新获取');
}

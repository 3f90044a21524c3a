import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { smsCodes, users } from '../../db/schema';
import { fieldError, tooManyRequests } from '../../lib/errors';

export type SmsPurpose = 'register' | 'forget' | 'register_dd';

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

export async function isPhoneTaken(db: Db, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return Boolean(row);
}

/**
 * Sends a 6-digit code after the purpose and rate rules pass. The limits are counted in the
 * database (under a per-phone advisory lock) so they hold across processes.
 */
export async function sendSmsCode(
  app: FastifyInstance,
  input: { phone: string; purpose: SmsPurpose; ip: string },
): Promise<void> {
  const { phone, purpose, ip } = input;
  const taken = await isPhoneTaken(app.db, phone);
  if (purpose !== 'forget' && taken) throw fieldError('phone', '该手机号已注册，请直接登录');
  if (purpose === 'forget' && !taken) throw fieldError('phone', '该手机号未注册');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const since = new Date(Date.now() - DAY_MS);
    const recent = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)))
      .orderBy(desc(smsCodes.createdAt));
    const last = recent[0]?.createdAt.getTime();
    if (last && Date.now() - last < smsRules.resendMs) {
      const wait = Math.ceil((smsRules.resendMs - (Date.now() - last)) / 1000);
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
      expiresAt: new Date(Date.now() + smsRules.ttlMs),
    });
  });
  await app.sms.sendCode(phone, code);
}

/**
 * Checks and consumes the latest code of a phone and purpose. Runs outside the caller's
 * transaction on purpose: a wrong attempt must be counted even though the request then fails.
 */
export async function consumeSmsCode(
  db: Db,
  input: { phone: string; purpose: SmsPurpose; code: string },
): Promise<void> {
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, input.phone), eq(smsCodes.purpose, input.purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!latest) throw fieldError('code', '请先获取短信验证码');
  if (latest.usedAt) throw fieldError('code', '验证码已使用，请重新获取');
  if (latest.expiresAt.getTime() < Date.now()) throw fieldError('code', '验证码已过期，请重新获取');
  if (latest.attempts >= smsRules.maxAttempts) throw fieldError('code', '验证码错误次数过多，请重新获取');
  if (latest.codeHash !== hashCode(input.phone, input.purpose, input.code)) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, latest.id));
    throw fieldError('code', '验证码错误');
  }
  const used = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, latest.id), sql`${smsCodes.usedAt} is null`))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw fieldError('code', '验证码已使用，请重新获取');
}

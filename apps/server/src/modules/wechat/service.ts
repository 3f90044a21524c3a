import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, wechatTickets } from '../../db/schema';
import { notFound, refusal } from '../../lib/errors';
import { ensureProviderSecret, providerSecret } from '../../lib/provider-secrets';

// 绑定微信 and 微信登录 through a WeChat QR ticket. The provider (sandbox here; a real one would
// be WeChat's QR connect) confirms a ticket with the scanner's openid; the browser that asked
// polls the ticket and completes the binding or the login.

export const TICKET_SECONDS = 300;
/** 微信注册: the confirmed WeChat, signed, until /api/register/submit binds it to the new store. */
export const REGISTER_COOKIE = 'yc_wxreg';
export type TicketPurpose = 'bind' | 'login' | 'register';

export async function createTicket(db: DbOrTx, now: Date, purpose: TicketPurpose, userId: number | null) {
  const id = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TICKET_SECONDS * 1000);
  await db.insert(wechatTickets).values({ id, purpose, userId, expiresAt });
  return { id, expiresAt };
}

/** A ticket not used yet, with whether it has expired; 404 when there is none. */
export async function openTicket(db: DbOrTx, id: string, now: Date) {
  const [t] = await db.select().from(wechatTickets).where(eq(wechatTickets.id, id));
  if (!t || t.state === 'used') throw notFound('二维码不存在或已使用');
  return { ...t, expired: t.expiresAt <= now };
}

/** A ticket still open (not expired, not used): 404, or a refusal once expired. */
export async function liveTicket(db: DbOrTx, id: string, now: Date) {
  const t = await openTicket(db, id, now);
  if (t.expired) throw refusal('二维码已过期，请刷新后重新扫码');
  return t;
}

/** The provider's confirmation: the scanner's openid, once. */
export async function confirmTicket(db: DbOrTx, id: string, openId: string, now: Date) {
  const [done] = await db
    .update(wechatTickets)
    .set({ state: 'confirmed', openId })
    .where(
      and(eq(wechatTickets.id, id), eq(wechatTickets.state, 'waiting'), gt(wechatTickets.expiresAt, now)),
    )
    .returning({ id: wechatTickets.id });
  if (!done) throw refusal('二维码已失效，请刷新后重新扫码');
}

/** Marks a confirmed ticket used (once: a second poll finds it used). */
async function useTicket(db: DbOrTx, id: string) {
  const [used] = await db
    .update(wechatTickets)
    .set({ state: 'used' })
    .where(and(eq(wechatTickets.id, id), eq(wechatTickets.state, 'confirmed')))
    .returning({ id: wechatTickets.id });
  return Boolean(used);
}

/**
 * Completes a confirmed bind ticket for its store: the openid becomes the store's, unless another
 * store holds it, or the store is already bound.
 */
export async function completeBind(
  db: DbOrTx,
  ticket: { id: string; userId: number | null; openId: string | null },
) {
  if (!ticket.userId || !ticket.openId) throw notFound('二维码不存在或已使用');
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, ticket.openId));
  if (holder && holder.id !== ticket.userId) throw refusal('该微信已绑定其他门店账号，请先在该账号解除绑定');
  if (!(await useTicket(db, ticket.id))) throw notFound('二维码不存在或已使用');
  const [bound] = await db
    .update(users)
    .set({ wechatOpenId: ticket.openId })
    .where(and(eq(users.id, ticket.userId), isNull(users.wechatOpenId)))
    .returning({ id: users.id });
  if (!bound && !holder) throw refusal('该门店已绑定微信，请先解除绑定');
}

/** Completes a confirmed login ticket: the store the openid is bound to, or null when none is. */
export async function completeLogin(db: DbOrTx, ticket: { id: string; openId: string | null }) {
  if (!ticket.openId) throw notFound('二维码不存在或已使用');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, ticket.openId));
  if (!(await useTicket(db, ticket.id))) throw notFound('二维码不存在或已使用');
  return user?.id ?? null;
}

export async function unbindWechat(db: DbOrTx, userId: number) {
  await db.update(users).set({ wechatOpenId: null }).where(eq(users.id, userId));
}

// --- the sandbox provider ------------------------------------------------------------------------

/** The sandbox's HMAC key, random per database (created at start by the routes). */
export const wechatSandboxKey = (db: DbOrTx) => providerSecret(db, 'wechat_sandbox');
export const ensureWechatSandboxKey = (db: DbOrTx) => ensureProviderSecret(db, 'wechat_sandbox');

const mac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** The simulated WeChat account of a store that binds in the sandbox (stable per store). */
export const sandboxOpenId = (key: string, userId: number) =>
  `sbx_${mac(key, `openid:${userId}`).slice(0, 28)}`;

/**
 * The sandbox's "WeChat on this phone": after a bind the browser keeps the openid, signed, in an
 * httpOnly cookie; a login scan in that browser is that WeChat account. Undefined when absent
 * or forged.
 */
export const signIdentity = (key: string, openId: string, use: Signed = 'identity') =>
  `${openId}.${mac(key, `${use}:${openId}`)}`;
export function identityOf(
  key: string,
  cookie: string | undefined,
  use: Signed = 'identity',
): string | undefined {
  if (!cookie) return undefined;
  const dot = cookie.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const openId = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(mac(key, `${use}:${openId}`));
  return given.length === expected.length && timingSafeEqual(given, expected) ? openId : undefined;
}

/**
 * identity: the sandbox's WeChat of this browser. register: a WeChat confirmed for a new account
 * (微信注册), kept in a cookie until the registration is submitted.
 */
type Signed = 'identity' | 'register';

/** A new sandbox WeChat account (a browser that scans for a registration without one). */
export const newSandboxOpenId = () => `sbx_${randomBytes(21).toString('base64url')}`;

/** The store a WeChat is bound to, if any. */
export async function storeOfWechat(db: DbOrTx, openId: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, openId));
  return user?.id;
}

/** Marks a confirmed register ticket used and gives its openid (the new account will take it). */
export async function completeRegistration(db: DbOrTx, ticket: { id: string; openId: string | null }) {
  if (!ticket.openId || !(await useTicket(db, ticket.id))) throw notFound('二维码不存在或已使用');
  return ticket.openId;
}

/**
 * The WeChat a registration cookie names, when its signature holds; undefined otherwise, and
 * when no WeChat provider ever ran on this database (no key: the cookie cannot be ours).
 */
export async function registrationOpenId(db: DbOrTx, cookie: string) {
  const key = await wechatSandboxKey(db).catch(() => undefined);
  return key ? identityOf(key, cookie, 'register') : undefined;
}

/** Binds the WeChat confirmed for a registration to the store just created, if still free. */
export async function bindRegisteredWechat(db: DbOrTx, userId: number, openId: string) {
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, openId));
  if (holder) return false;
  try {
    const [done] = await db
      .update(users)
      .set({ wechatOpenId: openId })
      .where(and(eq(users.id, userId), isNull(users.wechatOpenId)))
      .returning({ id: users.id });
    return Boolean(done);
  } catch {
    // Taken between the check and the update (the unique index): the account stays unbound.
    return false;
  }
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountEvents, users, wechatTickets } from '../../db/schema/account';
import { notFound, refusal } from '../../lib/errors';
import { ensureProviderSecret, providerSecret } from '../../lib/provider-secrets';

// 绑定微信, 微信登录 and 微信注册 through a ticket whose id is the OAuth `state`. The browser that
// asked holds it in a cookie; the provider's answer (WeChat's redirect to the callback, or the
// sandbox's confirmation) carries a code that acceptAuthorization exchanges once and records on
// the ticket; the browser then completes the ticket once (the poll): the binding, the login, or
// the WeChat kept for a registration.

export const TICKET_SECONDS = 600;
/** 微信注册: the confirmed WeChat, signed, until /api/register/submit binds it to the new store. */
export const REGISTER_COOKIE = 'yc_wxreg';
export type TicketPurpose = 'bind' | 'login' | 'register';

export async function createTicket(
  db: DbOrTx,
  now: Date,
  purpose: TicketPurpose,
  userId: number | null,
  returnTo: string | null = null,
) {
  const id = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TICKET_SECONDS * 1000);
  await db.insert(wechatTickets).values({ id, purpose, userId, returnTo, expiresAt });
  return { id, expiresAt };
}

/** What a provider's exchange gives (provider.ts WechatProvider, kept structural here). */
interface Exchanger {
  exchange(code: string): Promise<{ unionid: string | null; openid: string }>;
}

/**
 * The provider's answer to a ticket, for both providers: the `state` must be the ticket this
 * browser holds (no login CSRF: a callback carrying someone else's state, or none, is refused
 * before the code is spent), the ticket open, and the code WeChat's (exchanged once: WeChat
 * refuses a reused code, and a ticket is confirmed once). The WeChat recorded is the unionid,
 * else the openid.
 */
export async function acceptAuthorization(
  db: DbOrTx,
  provider: Exchanger,
  answer: { state: string | undefined; heldTicket: string | undefined; code: string | undefined; now: Date },
) {
  const { state, heldTicket, code, now } = answer;
  if (!state || !heldTicket || state.length !== heldTicket.length || state !== heldTicket)
    throw refusal('微信授权与本浏览器发起的请求不符，请回到药采重新扫码');
  const t = await liveTicket(db, state, now);
  if (t.state !== 'waiting') throw refusal('该二维码已扫过，请回到药采页面继续');
  if (!code) throw refusal('您已取消微信授权');
  const who = await provider.exchange(code);
  await confirmTicket(db, t.id, who.unionid || who.openid, now);
  return t;
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

const BOUND_ELSEWHERE = '该微信已绑定其他门店账号，请先在该账号解除绑定';

/** A unique-index violation (users_wechat_uq), from either driver. */
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Records a store's own account change (account_events). */
export async function recordAccountEvent(
  db: DbOrTx,
  event: { userId: number; action: 'wechat.bind' | 'wechat.unbind'; detail: object; ip?: string; now?: Date },
) {
  await db.insert(accountEvents).values({
    userId: event.userId,
    action: event.action,
    detail: event.detail,
    ip: event.ip ?? null,
    ...(event.now ? { createdAt: event.now } : {}),
  });
}

/**
 * Completes a confirmed bind ticket for its store: the WeChat becomes the store's, unless another
 * store holds it (checked, and held by the unique index against a race), or the store is already
 * bound. Recorded as the store's `wechat.bind`.
 */
export async function completeBind(
  db: DbOrTx,
  ticket: { id: string; userId: number | null; openId: string | null },
  meta: { ip?: string; now?: Date } = {},
) {
  if (!ticket.userId || !ticket.openId) throw notFound('二维码不存在或已使用');
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, ticket.openId));
  if (holder && holder.id !== ticket.userId) throw refusal(BOUND_ELSEWHERE);
  if (!(await useTicket(db, ticket.id))) throw notFound('二维码不存在或已使用');
  if (holder) return;
  const bound = await db
    .update(users)
    .set({ wechatOpenId: ticket.openId })
    .where(and(eq(users.id, ticket.userId), isNull(users.wechatOpenId)))
    .returning({ id: users.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw refusal(BOUND_ELSEWHERE);
      throw error;
    });
  if (bound.length === 0) throw refusal('该门店已绑定微信，请先解除绑定');
  await recordAccountEvent(db, {
    userId: ticket.userId,
    action: 'wechat.bind',
    detail: { wechat: ticket.openId, via: 'bind' },
    ...meta,
  });
}

/** Completes a confirmed login ticket: the store the openid is bound to, or null when none is. */
export async function completeLogin(db: DbOrTx, ticket: { id: string; openId: string | null }) {
  if (!ticket.openId) throw notFound('二维码不存在或已使用');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, ticket.openId));
  if (!(await useTicket(db, ticket.id))) throw notFound('二维码不存在或已使用');
  return user?.id ?? null;
}

/** The store unbinds its WeChat, recorded as its `wechat.unbind` (nothing when none was bound). */
export async function unbindWechat(db: DbOrTx, userId: number, meta: { ip?: string; now?: Date } = {}) {
  const [before] = await db.select({ wechat: users.wechatOpenId }).from(users).where(eq(users.id, userId));
  if (!before?.wechat) return false;
  const [done] = await db
    .update(users)
    .set({ wechatOpenId: null })
    .where(and(eq(users.id, userId), eq(users.wechatOpenId, before.wechat)))
    .returning({ id: users.id });
  if (!done) return false;
  await recordAccountEvent(db, {
    userId,
    action: 'wechat.unbind',
    detail: { wechat: before.wechat },
    ...meta,
  });
  return true;
}

/**
 * The key of the WeChat cookies (the registration's confirmed WeChat, the sandbox's identity
 * and codes), random per database, created at start by the routes of either provider. Its row
 * keeps the name it had when only the sandbox used it.
 */
export const wechatCookieKey = (db: DbOrTx) => providerSecret(db, 'wechat_sandbox');
export const ensureWechatCookieKey = (db: DbOrTx) => ensureProviderSecret(db, 'wechat_sandbox');

// --- the sandbox provider ------------------------------------------------------------------------

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
type Signed = 'identity' | 'register' | 'code';

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
  const key = await wechatCookieKey(db).catch(() => undefined);
  return key ? identityOf(key, cookie, 'register') : undefined;
}

/** Binds the WeChat confirmed for a registration to the store just created, if still free. */
export async function bindRegisteredWechat(
  db: DbOrTx,
  userId: number,
  openId: string,
  meta: { ip?: string; now?: Date } = {},
) {
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, openId));
  if (holder) return false;
  try {
    const [done] = await db
      .update(users)
      .set({ wechatOpenId: openId })
      .where(and(eq(users.id, userId), isNull(users.wechatOpenId)))
      .returning({ id: users.id });
    if (!done) return false;
  } catch {
    // Taken between the check and the update (the unique index): the account stays unbound.
    return false;
  }
  await recordAccountEvent(db, {
    userId,
    action: 'wechat.bind',
    detail: { wechat: openId, via: 'register' },
    ...meta,
  });
  return true;
}

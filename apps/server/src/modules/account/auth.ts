import { and, count, eq, gt, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, operators, users } from '../../db/schema';
import { fieldError, notLoggedIn, refusal, tooManyRequests } from '../../lib/errors';
import type { SessionStore } from '../../lib/session-store';
import { consumeDraft, createDraft, loadDraft } from './drafts';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';
import { consumeSmsCode, isPhoneTaken } from './sms-codes';

export const lockoutRules = { maxFailures: 5, windowMs: 15 * 60_000 } as const;
const BAD_CREDENTIALS = '用户名或密码错误';
const LOCKED = '密码错误次数过多，请15分钟后再试或通过忘记密码重置';

const failureKey = (scope: 'buyer' | 'operator', username: string) =>
  `${scope === 'operator' ? 'op:' : ''}${username.trim().toLowerCase()}`;

async function assertNotLocked(db: Db, key: string) {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, key),
        gt(loginFailures.createdAt, new Date(Date.now() - lockoutRules.windowMs)),
      ),
    );
  if ((row?.n ?? 0) >= lockoutRules.maxFailures) throw tooManyRequests(LOCKED);
}

/**
 * Buyer login by phone or user name. Failures are counted per user name in the database; after
 * five within 15 minutes even the right password is refused until the window passes or the
 * password is reset.
 */
export async function loginBuyer(
  db: Db,
  input: { username: string; password: string; ip: string },
): Promise<{ userId: number; passwordHash: string }> {
  const key = failureKey('buyer', input.username);
  await assertNotLocked(db, key);
  const name = input.username.trim();
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(or(eq(users.phone, name), eq(users.username, name)))
    .limit(1);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummy(input.password);
  if (!user || !valid) {
    await db.insert(loginFailures).values({ username: key, ip: input.ip });
    throw badCredentials();
  }
  await db.delete(loginFailures).where(eq(loginFailures.username, key));
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return { userId: user.id, passwordHash: user.passwordHash };
}

/**
 * Read after a login has started its session: whether the password it checked is still the
 * user's. A reset that committed in between ended the sessions that existed then, which may not
 * have included this one; the login route then ends it and refuses.
 */
export async function passwordUnchanged(db: Db, userId: number, passwordHash: string): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return user?.passwordHash === passwordHash;
}

export const badCredentials = () => refusal(BAD_CREDENTIALS);

export async function loginOperator(
  db: Db,
  input: { username: string; password: string; ip: string },
): Promise<number> {
  const key = failureKey('operator', input.username);
  await assertNotLocked(db, key);
  const [operator] = await db
    .select()
    .from(operators)
    .where(eq(operators.username, input.username.trim()))
    .limit(1);
  const valid = operator
    ? await verifyPassword(operator.passwordHash, input.password)
    : await verifyDummy(input.password);
  if (!operator || !valid) {
    await db.insert(loginFailures).values({ username: key, ip: input.ip });
    throw refusal(BAD_CREDENTIALS);
  }
  await db.delete(loginFailures).where(eq(loginFailures.username, key));
  return operator.id;
}

/** Forgot password step 1: the SMS code proves the phone; a 15-minute token allows the reset. */
export async function verifyForgetPhone(db: Db, input: { phone: string; code: string }): Promise<string> {
  if (!(await isPhoneTaken(db, input.phone))) throw fieldError('phone', '该手机号未注册');
  await consumeSmsCode(db, { phone: input.phone, purpose: 'forget', code: input.code });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
  return createDraft(db, { kind: 'forget', phone: input.phone, userId: user.id });
}

/**
 * Sets a new password, either with a forgot-password token or, logged in, with the old
 * password. Ends every session of the user (the route starts a fresh one for a logged-in change)
 * and lifts a login lockout.
 */
export async function resetPassword(
  db: Db,
  sessions: SessionStore,
  input: { token?: string; old_password?: string; password: string },
  sessionUserId: number | undefined,
): Promise<number> {
  let userId: number;
  if (input.token) {
    const draft = await loadDraft(db, input.token, 'forget');
    if (!draft.userId) throw refusal('验证已过期，请重新获取验证码');
    userId = draft.userId;
  } else if (sessionUserId) {
    if (!input.old_password) throw fieldError('old_password', '请输入原密码');
    const [user] = await db.select().from(users).where(eq(users.id, sessionUserId));
    if (!user || !(await verifyPassword(user.passwordHash, input.old_password))) {
      throw fieldError('old_password', '原密码不正确');
    }
    userId = user.id;
  } else {
    throw notLoggedIn();
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (input.token && !(await consumeDraft(tx, input.token))) throw refusal('验证已过期，请重新获取验证码');
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, userId))
      .returning({ phone: users.phone, username: users.username });
    const keys = [user.phone, user.username]
      .filter((k): k is string => Boolean(k))
      .map((k) => failureKey('buyer', k));
    await tx.delete(loginFailures).where(inArray(loginFailures.username, keys));
  });
  // Only after the commit: a login with the old password that started its session before this
  // point is ended too.
  await sessions.destroyUser(userId);
  return userId;
}

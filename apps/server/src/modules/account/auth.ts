import { eq, or } from 'drizzle-orm';
import { operators, users } from '../../db/schema/account';
import type { Ctx, ViewerCtx } from '../../lib/context';
import { fieldError, notLoggedIn, refusal, tooManyRequests } from '../../lib/errors';
import type { SessionStore } from '../../lib/session-store';
import { consumeDraft, createDraft, loadDraft } from './drafts';
import { type LoginAttempts, lockoutRules } from './login-attempts';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';
import { consumeSmsCode, isPhoneTaken } from './sms-codes';

const BAD_CREDENTIALS = '用户名或密码错误';
const LOCKED = '密码错误次数过多，请15分钟后再试或通过忘记密码重置';

/**
 * The lockout key of a login: the account, whatever name was typed for it (phone or user name);
 * a name without an account counts under the name, so a locked name tells nothing either way.
 */
const attemptKey = (scope: 'buyer' | 'operator', accountId: number | undefined, typed: string) =>
  accountId ? `${scope}:${accountId}` : `name:${scope}:${typed.trim().toLowerCase()}`;

/**
 * Counts the attempt and checks the password. The count comes first, in one atomic step, so of
 * any number of parallel attempts at most `maxAttempts` in a window reach the (slow) password
 * check; beyond that even the right password is refused until the window passes or the password
 * is reset. A right password clears the count.
 */
async function checkPassword(
  ctx: Ctx,
  attempts: LoginAttempts,
  key: string,
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  if ((await attempts.hit(ctx, key)) > lockoutRules.maxAttempts) throw tooManyRequests(LOCKED);
  const valid = passwordHash ? await verifyPassword(passwordHash, password) : await verifyDummy(password);
  if (valid) await attempts.clear(ctx, key);
  return valid;
}

/** Buyer login by phone or user name (lockout: checkPassword). */
export async function loginBuyer(
  ctx: Ctx,
  attempts: LoginAttempts,
  input: { username: string; password: string },
): Promise<{ userId: number; passwordHash: string }> {
  const name = input.username.trim();
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(or(eq(users.phone, name), eq(users.username, name)))
    .limit(1);
  const key = attemptKey('buyer', user?.id, name);
  if (!user || !(await checkPassword(ctx, attempts, key, user?.passwordHash, input.password)))
    throw badCredentials();
  await ctx.db.update(users).set({ lastLoginAt: ctx.now }).where(eq(users.id, user.id));
  return { userId: user.id, passwordHash: user.passwordHash };
}

/**
 * Read after a login has started its session: whether the password it checked is still the
 * user's. A reset that committed in between ended the sessions that existed then, which may not
 * have included this one; the login route then ends it and refuses.
 */
export async function passwordUnchanged(ctx: Ctx, userId: number, passwordHash: string): Promise<boolean> {
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return user?.passwordHash === passwordHash;
}

export const badCredentials = () => refusal(BAD_CREDENTIALS);

export async function loginOperator(
  ctx: Ctx,
  attempts: LoginAttempts,
  input: { username: string; password: string },
): Promise<number> {
  const name = input.username.trim();
  const [operator] = await ctx.db
    .select({ id: operators.id, passwordHash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.username, name))
    .limit(1);
  const key = attemptKey('operator', operator?.id, name);
  if (!operator || !(await checkPassword(ctx, attempts, key, operator?.passwordHash, input.password)))
    throw badCredentials();
  return operator.id;
}

/** Forgot password step 1: the SMS code proves the phone; a 15-minute token allows the reset. */
export async function verifyForgetPhone(ctx: Ctx, input: { phone: string; code: string }): Promise<string> {
  if (!(await isPhoneTaken(ctx, input.phone))) throw fieldError('phone', '该手机号未注册');
  await consumeSmsCode(ctx, { phone: input.phone, purpose: 'forget', code: input.code });
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
  return createDraft(ctx.db, { kind: 'forget', phone: input.phone, userId: user.id });
}

/**
 * Sets a new password, either with a forgot-password token or, logged in, with the old
 * password. Ends every session of the user (the route starts a fresh one for a logged-in change)
 * and lifts a login lockout.
 */
export async function resetPassword(
  ctx: ViewerCtx,
  stores: { sessions: SessionStore; attempts: LoginAttempts },
  input: { token?: string; old_password?: string; password: string },
): Promise<number> {
  const { db } = ctx;
  const sessionUserId = ctx.actor.kind === 'buyer' ? ctx.actor.userId : undefined;
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
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  });
  await stores.attempts.clear(ctx, attemptKey('buyer', userId, ''));
  // Only after the commit: a login with the old password that started its session before this
  // point is ended too.
  await stores.sessions.destroyUser(userId);
  return userId;
}

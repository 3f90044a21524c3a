import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountDrafts } from '../../db/schema/account';
import { AppError } from '../../lib/errors';

export type DraftKind = 'register' | 'register_dd' | 'forget';
export type Draft = typeof accountDrafts.$inferSelect;

const TTL_MS: Record<DraftKind, number> = {
  register: 3600_000,
  register_dd: 3600_000,
  forget: 15 * 60_000,
};

const expiredMessage: Record<DraftKind, string> = {
  register: '注册信息已过期，请重新验证手机号',
  register_dd: '门店注册信息已过期，请重新验证手机号',
  forget: '验证已过期，请重新获取验证码',
};

export async function createDraft(
  db: DbOrTx,
  values: Omit<typeof accountDrafts.$inferInsert, 'token' | 'expiresAt'> & { kind: DraftKind },
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insert(accountDrafts)
    .values({ ...values, token, expiresAt: new Date(Date.now() + TTL_MS[values.kind]) });
  return token;
}

/** A live (unused, unexpired) draft of the kind, or a 410 telling the buyer to start again. */
export async function loadDraft(db: DbOrTx, token: string, kind: DraftKind): Promise<Draft> {
  const [draft] = await db
    .select()
    .from(accountDrafts)
    .where(
      and(
        eq(accountDrafts.token, token),
        eq(accountDrafts.kind, kind),
        isNull(accountDrafts.usedAt),
        gt(accountDrafts.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!draft) throw new AppError(410, expiredMessage[kind]);
  return draft;
}

/** Marks the draft used; false when another request used it first. */
export async function consumeDraft(db: DbOrTx, token: string): Promise<boolean> {
  const rows = await db
    .update(accountDrafts)
    .set({ usedAt: new Date() })
    .where(and(eq(accountDrafts.token, token), isNull(accountDrafts.usedAt)))
    .returning({ token: accountDrafts.token });
  return rows.length === 1;
}

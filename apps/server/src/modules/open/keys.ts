import { createHash, randomBytes } from 'node:crypto';
import {
  type OpenKeyCreateBody,
  type OpenKeyCreated,
  type OpenKeyView,
  type OpenScope,
  openScopeCodes,
  openScopePermissions,
  type PermissionCode,
} from '@yaocai/domain';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { openApiKeys } from '../../db/schema/open';
import type { OperatorCtx } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { audit } from '../audit/service';

// The open API's keys: made and revoked by an operator (audited), presented by the ERP as a
// bearer token. A key is `yc_` and 43 base64url characters (32 random bytes); only its SHA-256
// is stored, so a leaked database does not leak keys.

const KEY_PREFIX = 'yc_';
/** How many of a key's characters the console shows to tell keys apart. */
const SHOWN_CHARS = 10;
/** The most live keys at once: each ERP connection needs one or two. */
export const MAX_LIVE_KEYS = 50;
/** A key's last use is written at most this often (every call would be a write). */
const LAST_USED_STEP_MS = 60_000;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The key that called, as the routes and the audit trail see it. */
export interface OpenKey {
  id: number;
  name: string;
  scopes: readonly OpenScope[];
  rateLimitPerMinute: number;
  createdBy: number;
}

type KeyRow = typeof openApiKeys.$inferSelect;

const scopesOf = (row: KeyRow): OpenScope[] =>
  row.scopes.filter((s): s is OpenScope => (openScopeCodes as readonly string[]).includes(s));

function viewOf(row: KeyRow): OpenKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row),
    rate_limit_per_minute: row.rateLimitPerMinute,
    created_by: row.createdByName,
    created_at: row.createdAt.getTime(),
    last_used_at: row.lastUsedAt?.getTime() ?? null,
    revoked_at: row.revokedAt?.getTime() ?? null,
  };
}

export async function listKeys(ctx: OperatorCtx): Promise<OpenKeyView[]> {
  const rows = await ctx.db.select().from(openApiKeys).orderBy(desc(openApiKeys.id)).limit(500);
  return rows.map(viewOf);
}

export async function createKey(ctx: OperatorCtx, input: OpenKeyCreateBody): Promise<OpenKeyCreated> {
  const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return ctx.db.transaction(async (tx) => {
    const [live] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(openApiKeys)
      .where(isNull(openApiKeys.revokedAt));
    if ((live?.n ?? 0) >= MAX_LIVE_KEYS) {
      throw conflict(`有效密钥最多${MAX_LIVE_KEYS}个，请先吊销不用的密钥`);
    }
    const [row] = await tx
      .insert(openApiKeys)
      .values({
        name: input.name,
        prefix: secret.slice(0, SHOWN_CHARS),
        secretHash: hashOf(secret),
        scopes: input.scopes,
        rateLimitPerMinute: input.rate_limit_per_minute,
        createdBy: ctx.actor.operatorId,
        createdByName: ctx.actor.username,
        createdAt: ctx.now,
      })
      .returning();
    if (!row) throw new Error('the key was not inserted');
    // The secret never reaches the audit trail: its prefix names it.
    await audit(tx, ctx, {
      action: 'open_key.create',
      target: { type: 'open_key', id: row.id },
      after: {
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes,
        rate_limit_per_minute: row.rateLimitPerMinute,
      },
    });
    return { ...viewOf(row), key: secret };
  });
}

export async function revokeKey(ctx: OperatorCtx, id: number): Promise<OpenKeyView> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(openApiKeys).where(eq(openApiKeys.id, id)).for('update');
    if (!row) throw notFound('没有这个接口密钥');
    if (row.revokedAt) return viewOf(row);
    const [revoked] = await tx
      .update(openApiKeys)
      .set({ revokedAt: ctx.now })
      .where(eq(openApiKeys.id, id))
      .returning();
    if (!revoked) throw notFound('没有这个接口密钥');
    await audit(tx, ctx, {
      action: 'open_key.revoke',
      target: { type: 'open_key', id },
      before: { name: row.name, prefix: row.prefix, revoked: false },
      after: { revoked: true },
    });
    return viewOf(revoked);
  });
}

/**
 * The live key a bearer token names, or undefined (unknown, malformed or revoked: the caller
 * answers 401 without saying which). Notes its use, at most once a minute.
 */
export async function authenticateKey(db: Db, token: string, now: Date): Promise<OpenKey | undefined> {
  if (!token.startsWith(KEY_PREFIX) || token.length > 100) return undefined;
  const [row] = await db
    .select()
    .from(openApiKeys)
    .where(and(eq(openApiKeys.secretHash, hashOf(token)), isNull(openApiKeys.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
    await db
      .update(openApiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(openApiKeys.id, row.id),
          or(
            isNull(openApiKeys.lastUsedAt),
            lt(openApiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_STEP_MS)),
          ),
        ),
      );
  }
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdBy: row.createdBy,
  };
}

/** The audit trail's name of a key's writes: 开放接口·<key name>. */
export const keyActorName = (key: Pick<OpenKey, 'name'>) => `开放接口·${key.name}`;

/** The console permissions the key's scopes stand for (lib/context's operator actor). */
export function permissionsOf(key: Pick<OpenKey, 'scopes'>): PermissionCode[] {
  return [...new Set(key.scopes.flatMap((scope) => openScopePermissions[scope]))];
}

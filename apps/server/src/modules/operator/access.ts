import { type PermissionCode, permissionCodes } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operators } from '../../db/schema/account';
import { operatorRoles, rolePermissions, roles } from '../../db/schema/operator';
import { sharedForget } from '../../lib/cache-bus';

/** What an operator may do, loaded on every operator request (roles are data and change). */
export interface OperatorAccess {
  id: number;
  username: string;
  name: string;
  disabled: boolean;
  sessionVersion: number;
  roles: { code: string; name: string }[];
  permissions: PermissionCode[];
}

/** One round trip: the operator row joined to its roles and their permission codes. */
export async function loadOperatorAccess(
  db: DbOrTx,
  operatorId: number,
): Promise<OperatorAccess | undefined> {
  const rows = await db
    .select({
      id: operators.id,
      username: operators.username,
      name: operators.name,
      disabled: operators.disabled,
      sessionVersion: operators.sessionVersion,
      code: roles.code,
      roleName: roles.name,
      all: roles.allPermissions,
      permission: rolePermissions.permission,
    })
    .from(operators)
    .leftJoin(operatorRoles, eq(operatorRoles.operatorId, operators.id))
    .leftJoin(roles, eq(roles.id, operatorRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(operators.id, operatorId));
  const [first] = rows;
  if (!first) return undefined;
  const held = new Set<string>();
  const roleList = new Map<string, string>();
  for (const row of rows) {
    if (row.code && row.roleName) roleList.set(row.code, row.roleName);
    if (row.all) for (const code of permissionCodes) held.add(code);
    if (row.permission) held.add(row.permission);
  }
  return {
    id: first.id,
    username: first.username,
    name: first.name,
    disabled: first.disabled,
    sessionVersion: first.sessionVersion,
    roles: [...roleList].map(([code, name]) => ({ code, name })),
    // Only codes the catalogue knows: a code a later version dropped grants nothing.
    permissions: permissionCodes.filter((code) => held.has(code)),
  };
}

/**
 * The access of an operator as this process last read it, for SESSION_CACHE_MS (1 s by default,
 * 0 = off), as sessions themselves are: the console's screens make several calls a second. Every
 * write of this process to operators or their roles drops the copies at once (a disable, a
 * password reset, a role change); another process's write shows within that second.
 */
const ACCESS_CACHE_MS = Number(process.env.SESSION_CACHE_MS ?? 1_000);
let accessByDb = new WeakMap<
  object,
  Map<number, { until: number; access: Promise<OperatorAccess | undefined> }>
>();

export function cachedOperatorAccess(db: DbOrTx, operatorId: number): Promise<OperatorAccess | undefined> {
  if (ACCESS_CACHE_MS <= 0) return loadOperatorAccess(db, operatorId);
  let cache = accessByDb.get(db);
  if (!cache) {
    cache = new Map();
    accessByDb.set(db, cache);
  }
  const hit = cache.get(operatorId);
  if (hit && hit.until > Date.now()) return hit.access;
  if (cache.size > 10_000) cache.clear();
  const access = loadOperatorAccess(db, operatorId);
  cache.set(operatorId, { until: Date.now() + ACCESS_CACHE_MS, access });
  access.catch(() => cache.delete(operatorId));
  return access;
}

/** Drops this process's copies of operator access (after any write to operators or roles). */
export const forgetOperatorAccess = sharedForget('operator-access', () => {
  accessByDb = new WeakMap();
});

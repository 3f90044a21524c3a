import { type PermissionCode, permissionCodes } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operatorRoles, operators, rolePermissions, roles } from '../../db/schema';

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

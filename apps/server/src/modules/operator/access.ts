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

export async function loadOperatorAccess(
  db: DbOrTx,
  operatorId: number,
): Promise<OperatorAccess | undefined> {
  const [operator] = await db
    .select({
      id: operators.id,
      username: operators.username,
      name: operators.name,
      disabled: operators.disabled,
      sessionVersion: operators.sessionVersion,
    })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!operator) return undefined;
  const rows = await db
    .select({
      code: roles.code,
      name: roles.name,
      all: roles.allPermissions,
      permission: rolePermissions.permission,
    })
    .from(operatorRoles)
    .innerJoin(roles, eq(roles.id, operatorRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(operatorRoles.operatorId, operatorId));
  const held = new Set<string>();
  const roleList = new Map<string, string>();
  for (const row of rows) {
    roleList.set(row.code, row.name);
    if (row.all) for (const code of permissionCodes) held.add(code);
    if (row.permission) held.add(row.permission);
  }
  return {
    ...operator,
    roles: [...roleList].map(([code, name]) => ({ code, name })),
    // Only codes the catalogue knows: a code a later version dropped grants nothing.
    permissions: permissionCodes.filter((code) => held.has(code)),
  };
}

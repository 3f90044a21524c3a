import type { createOperatorBody, updateOperatorBody } from '@yaocai/domain';
import { and, asc, count, eq, inArray, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { operators } from '../../db/schema/account';
import { operatorRoles, rolePermissions, roles } from '../../db/schema/operator';
import type { OperatorCtx } from '../../lib/context';
import { conflict, fieldError, notFound, refusal } from '../../lib/errors';
import { hashPassword } from '../account/passwords';
import { audit } from '../audit/service';
import { forgetOperatorAccess } from './access';

// Operator accounts (operators:write): create, edit name and roles, reset the password, disable.
// Disabling or resetting raises the account's session version, which ends its sessions at once
// (plugins/operator-access.ts refuses a session of an older version).

export async function listRoles(db: DbOrTx) {
  const [rows, grants] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.id)),
    db.select().from(rolePermissions),
  ]);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    all_permissions: r.allPermissions,
    permissions: grants.filter((g) => g.roleId === r.id).map((g) => g.permission),
  }));
}

export async function listOperators(db: DbOrTx) {
  const [rows, links] = await Promise.all([
    db.select().from(operators).orderBy(asc(operators.id)),
    db.select().from(operatorRoles),
  ]);
  return rows.map((o) =>
    operatorView(
      o,
      links.filter((l) => l.operatorId === o.id).map((l) => l.roleId),
    ),
  );
}

function operatorView(o: typeof operators.$inferSelect, roleIds: number[]) {
  return {
    id: o.id,
    username: o.username,
    name: o.name,
    disabled: o.disabled,
    role_ids: roleIds.sort((a, b) => a - b),
    created_at: Math.floor(o.createdAt.getTime() / 1000),
  };
}

async function assertRoles(tx: Tx, roleIds: number[]) {
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
  if (found.length !== new Set(roleIds).size) throw fieldError('role_ids', '角色不存在');
}

async function rolesOf(tx: Tx, operatorId: number) {
  const rows = await tx
    .select({ id: operatorRoles.roleId })
    .from(operatorRoles)
    .where(eq(operatorRoles.operatorId, operatorId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

async function setRoles(tx: Tx, operatorId: number, roleIds: number[]) {
  await tx.delete(operatorRoles).where(eq(operatorRoles.operatorId, operatorId));
  await tx.insert(operatorRoles).values([...new Set(roleIds)].map((roleId) => ({ operatorId, roleId })));
}

async function lockOperator(tx: Tx, id: number) {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!row) throw notFound('操作员不存在');
  return row;
}

export async function createOperator(ctx: OperatorCtx, input: z.output<typeof createOperatorBody>) {
  const passwordHash = await hashPassword(input.password);
  const result = await ctx.db.transaction(async (tx) => {
    await assertRoles(tx, input.role_ids);
    const [created] = await tx
      .insert(operators)
      .values({ username: input.username, name: input.name, passwordHash, createdAt: ctx.now })
      .onConflictDoNothing({ target: operators.username })
      .returning();
    if (!created) throw fieldError('username', '该用户名已被使用');
    await setRoles(tx, created.id, input.role_ids);
    const view = operatorView(created, await rolesOf(tx, created.id));
    await audit(tx, ctx, {
      action: 'operator.create',
      target: { type: 'operator', id: created.id },
      after: { username: view.username, name: view.name, role_ids: view.role_ids },
    });
    return view;
  });
  forgetOperatorAccess();
  return result;
}

export async function updateOperator(
  ctx: OperatorCtx,
  id: number,
  input: z.output<typeof updateOperatorBody>,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await lockOperator(tx, id);
    await assertRoles(tx, input.role_ids);
    const beforeRoles = await rolesOf(tx, id);
    const [row] = await tx
      .update(operators)
      .set({ name: input.name })
      .where(eq(operators.id, id))
      .returning();
    await setRoles(tx, id, input.role_ids);
    await assertSuperAdminRemains(tx);
    const view = operatorView(row, await rolesOf(tx, id));
    await audit(tx, ctx, {
      action: 'operator.update',
      target: { type: 'operator', id },
      before: { name: before.name, role_ids: beforeRoles },
      after: { name: view.name, role_ids: view.role_ids },
    });
    return view;
  });
  forgetOperatorAccess();
  return result;
}

export async function resetOperatorPassword(ctx: OperatorCtx, id: number, password: string) {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await lockOperator(tx, id);
    await tx
      .update(operators)
      .set({ passwordHash, sessionVersion: sql`${operators.sessionVersion} + 1` })
      .where(eq(operators.id, id));
    // The new password is never recorded, only that it changed.
    await audit(tx, ctx, { action: 'operator.reset_password', target: { type: 'operator', id } });
  });
  forgetOperatorAccess();
}

export async function setOperatorDisabled(ctx: OperatorCtx, id: number, disabled: boolean) {
  if (disabled && id === ctx.actor.operatorId) throw refusal('不能停用自己的账号');
  const result = await ctx.db.transaction(async (tx) => {
    const before = await lockOperator(tx, id);
    const [row] = await tx
      .update(operators)
      .set({ disabled, sessionVersion: sql`${operators.sessionVersion} + 1` })
      .where(eq(operators.id, id))
      .returning();
    await assertSuperAdminRemains(tx);
    await audit(tx, ctx, {
      action: 'operator.set_status',
      target: { type: 'operator', id },
      before: { disabled: before.disabled },
      after: { disabled },
    });
    return operatorView(row, await rolesOf(tx, id));
  });
  forgetOperatorAccess();
  return result;
}

/** At least one enabled operator keeps a role holding every permission: nobody locks the console. */
async function assertSuperAdminRemains(tx: Tx) {
  const [row] = await tx
    .select({ n: count() })
    .from(operators)
    .innerJoin(operatorRoles, eq(operatorRoles.operatorId, operators.id))
    .innerJoin(roles, eq(roles.id, operatorRoles.roleId))
    .where(and(eq(roles.allPermissions, true), not(operators.disabled)));
  if (!row || Number(row.n) === 0) throw conflict('至少保留一个启用的超级管理员');
}

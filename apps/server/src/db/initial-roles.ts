import { initialRoles } from '@yaocai/domain';
import { count } from 'drizzle-orm';
import { rolePermissions, roles } from './schema';
import type { Db } from './types';

/**
 * A database without roles (a new one) gets the initial roles of packages/domain. Runs at every
 * start, after the migrations; once any role exists the roles are data the console edits, so a
 * start never brings back what an operator changed.
 */
export async function seedInitialRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(728303)' as never);
    const [existing] = await tx.select({ n: count() }).from(roles);
    if ((existing?.n ?? 0) > 0) return;
    for (const role of initialRoles) {
      const [row] = await tx
        .insert(roles)
        .values({ code: role.code, name: role.name, allPermissions: role.allPermissions })
        .returning({ id: roles.id });
      if (role.permissions.length > 0) {
        await tx
          .insert(rolePermissions)
          .values(role.permissions.map((permission) => ({ roleId: row.id, permission })));
      }
    }
  });
}

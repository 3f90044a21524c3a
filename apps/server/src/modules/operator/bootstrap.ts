import { initialRoles, strongPasswordProblem } from '@yaocai/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operators } from '../../db/schema/account';
import { operatorRoles, roles } from '../../db/schema/operator';
import type { OperatorCtx } from '../../lib/context';
import type { LoginAttempts } from '../account/login-attempts';
import { hashPassword } from '../account/passwords';
import { audit } from '../audit/service';

// The console's first 超级管理员 and the way back in after a forgotten password, from the
// command line (`npm run operator:create -- <username>`, src/cli/operator-create.ts): a
// production database has no demo operator, so nobody could sign in otherwise.

/** Who the audit log names for what the command line did (no operator signed in). */
export const CLI_ACTOR = 'system:cli';

const SUPER_ADMIN = initialRoles.find((role) => role.allPermissions)?.code ?? 'super_admin';

export class WeakPasswordError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(`${zh} (${en})`);
  }
}

export async function operatorCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(operators);
  return Number(row?.n ?? 0);
}

/**
 * Creates the operator as 超级管理员, or, when the user name exists, sets its password, enables
 * it, ends its sessions and clears its login lockout. Audited as `system:cli` either way; the
 * password is checked against the rule of packages/domain first and never recorded.
 */
export async function createOrResetOperator(
  db: Db,
  input: { username: string; password: string; now: Date; attempts: LoginAttempts },
): Promise<{ action: 'created' | 'reset'; id: number }> {
  const problem = strongPasswordProblem(input.password);
  if (problem) throw new WeakPasswordError(problem.zh, problem.en);
  const passwordHash = await hashPassword(input.password);
  const ctx: OperatorCtx = {
    db,
    now: input.now,
    actor: { kind: 'operator', operatorId: 0, username: CLI_ACTOR, permissions: [] },
  };
  const result = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(operators)
      .where(eq(operators.username, input.username))
      .for('update');
    if (existing) {
      await tx
        .update(operators)
        .set({ passwordHash, disabled: false, sessionVersion: sql`${operators.sessionVersion} + 1` })
        .where(eq(operators.id, existing.id));
      await audit(tx, ctx, {
        action: 'operator.reset_password',
        target: { type: 'operator', id: existing.id },
        ...(existing.disabled ? { before: { disabled: true }, after: { disabled: false } } : {}),
      });
      return { action: 'reset' as const, id: existing.id };
    }
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, SUPER_ADMIN));
    if (!role) throw new Error(`the ${SUPER_ADMIN} role is missing`);
    const [created] = await tx
      .insert(operators)
      .values({ username: input.username, name: '超级管理员', passwordHash, createdAt: input.now })
      .returning({ id: operators.id });
    await tx.insert(operatorRoles).values({ operatorId: created.id, roleId: role.id });
    await audit(tx, ctx, {
      action: 'operator.create',
      target: { type: 'operator', id: created.id },
      after: { username: input.username, name: '超级管理员', role_ids: [role.id] },
    });
    return { action: 'created' as const, id: created.id };
  });
  // The lockout counter is keyed by the account (modules/account/auth.ts, attemptKey).
  await input.attempts.clear(ctx, `operator:${result.id}`);
  return result;
}

/**
 * What a production start says loudly: demo data (with its published passwords) was asked for,
 * or the database has no operator yet and the command that makes the first one.
 */
export async function productionStartNotices(
  app: { db: Db; log: { warn(message: string): void } },
  config: { production: boolean; seedDemoData: boolean },
): Promise<void> {
  if (!config.production) return;
  if (config.seedDemoData)
    app.log.warn(
      '!!! SEED_DEMO_DATA=1 under NODE_ENV=production: the demo data and its PUBLISHED demo passwords ' +
        '(admin / Admin@123456, 13800000001 / Demo@123456 ...) are loaded into an empty database. ' +
        'Never do this on a real installation: anyone can sign in to the console. !!!',
    );
  if ((await operatorCount(app.db)) === 0)
    app.log.warn(
      'No console operator exists yet. Create the first 超级管理员 with: ' +
        'npm run operator:create -- <username>   (password from standard input, or ADMIN_PASSWORD)',
    );
}

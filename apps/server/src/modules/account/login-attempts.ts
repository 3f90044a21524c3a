import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { loginAttempts } from '../../db/schema/account';
import type { Ctx } from '../../lib/context';

export const lockoutRules = { maxAttempts: 5, windowMs: 15 * 60_000 } as const;

/**
 * Login attempts per account in a 15-minute window. `hit` counts one attempt and answers the
 * count so far, this one included, in a single atomic step: parallel attempts each get their own
 * number, so no more than `maxAttempts` of them ever reach the password check.
 */
export interface LoginAttempts {
  hit(ctx: Ctx, key: string): Promise<number>;
  /** Forgets the key's attempts (a successful login, a password reset). */
  clear(ctx: Ctx, key: string): Promise<void>;
}

/** One row per key in `login_attempts`; one upsert counts and answers (the row lock orders them). */
export class DbLoginAttempts implements LoginAttempts {
  async hit(ctx: Ctx, key: string) {
    const now = sql`${ctx.now.toISOString()}::timestamptz`;
    const expired = sql`${loginAttempts.windowStart} <= ${now} - make_interval(secs => ${lockoutRules.windowMs / 1000})`;
    const [row] = await ctx.db
      .insert(loginAttempts)
      .values({ key, attempts: 1, windowStart: ctx.now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          attempts: sql`case when ${expired} then 1 else ${loginAttempts.attempts} + 1 end`,
          windowStart: sql`case when ${expired} then ${now} else ${loginAttempts.windowStart} end`,
        },
      })
      .returning({ attempts: loginAttempts.attempts });
    return row.attempts;
  }

  async clear(ctx: Ctx, key: string) {
    await ctx.db.delete(loginAttempts).where(eq(loginAttempts.key, key));
  }
}

/** INCR + PEXPIRE in one script: the window is Redis's key expiry (Redis's clock, not ctx.now). */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export class RedisLoginAttempts implements LoginAttempts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(_ctx: Ctx, key: string) {
    return Number(await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, lockoutRules.windowMs));
  }

  async clear(_ctx: Ctx, key: string) {
    await this.redis.del(this.prefix + key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The login lockout counter: in Redis when REDIS_URL is set, else in the database. */
    loginAttempts: LoginAttempts;
  }
}

export const loginAttemptsPlugin = fp(
  async (app: FastifyInstance, options: { redisPrefix?: string }) => {
    app.decorate(
      'loginAttempts',
      app.redis
        ? new RedisLoginAttempts(app.redis, `${options.redisPrefix ?? 'yc:'}login:`)
        : new DbLoginAttempts(),
    );
  },
  { name: 'login-attempts' },
);

import type { FastifyBaseLogger } from 'fastify';

export type CheckState = 'ok' | 'failed' | 'absent';
export type Part = 'database' | 'redis' | 'storage';

/** How long one part may take to answer before it counts as failed. */
export const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([check(), late]).finally(() => clearTimeout(timer));
}

/**
 * Asks each configured part at once; a part not configured (`undefined`: no Redis, a store
 * without a check) is `absent`. A failure is logged with its reason (driver messages name hosts,
 * never credentials) and answered only as `failed`.
 */
export async function readiness(
  parts: Record<Part, (() => Promise<void>) | undefined> & { log: Pick<FastifyBaseLogger, 'warn'> },
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Record<Part, CheckState>> {
  const names: Part[] = ['database', 'redis', 'storage'];
  const states = await Promise.all(
    names.map(async (name): Promise<CheckState> => {
      const check = parts[name];
      if (!check) return 'absent';
      try {
        await withTimeout(check, timeoutMs);
        return 'ok';
      } catch (err) {
        parts.log.warn({ part: name, reason: (err as Error).message }, 'readiness check failed');
        return 'failed';
      }
    }),
  );
  return { database: states[0], redis: states[1], storage: states[2] };
}

import type { JobKindName } from '@yaocai/domain';
import type { FastifyInstance } from 'fastify';
import type { JobsConfig } from '../../config';

/**
 * One kind of background job: the module that owns the work declares it (its `jobs.ts`); the
 * runners (in-process timers on the embedded database, the queue on PostgreSQL) only schedule
 * and record it. `run` must be idempotent and do its writes in transactions: a queued job whose
 * worker died is run again, and a slow one may overlap its next run.
 */
export interface JobKind {
  name: JobKindName;
  /** Seconds between runs, from the configuration; 0 = turned off. */
  everySeconds(config: JobsConfig): number;
  /** Also runs when the runner starts (work due daily: a process restarted on the hour). */
  atStart?: boolean;
  run(app: FastifyInstance): Promise<void>;
}

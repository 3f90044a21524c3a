import { randomUUID } from 'node:crypto';
import { type JobKindName, type JobRunView, jobKinds } from '@yaocai/domain';
import type { FastifyInstance } from 'fastify';
import type { JobsConfig } from '../../config';
import type { JobKind } from './kind';
import { allJobKinds } from './kinds';
import type { JobRunner } from './runner';

const KEEP_FAILED = 20;
const apiSeconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The embedded database's runner: this one process runs each job on a timer (never two runs of
 * one kind at once), as the demo always did, and keeps its record of runs in memory for the
 * console: the last run of each kind, the runs in progress, the last failures. A failure is
 * logged and tried again at the next tick, or at once by 重试.
 */
export function inProcessRunner(app: FastifyInstance, config: JobsConfig): JobRunner {
  const timers: NodeJS.Timeout[] = [];
  const last = new Map<JobKindName, JobRunView>();
  const nextAt = new Map<JobKindName, number>();
  const running = new Map<JobKindName, JobRunView>();
  let failed: JobRunView[] = [];
  let closed = false;

  const run = async (kind: JobKind, attempts = 1): Promise<JobRunView | undefined> => {
    if (running.has(kind.name) || closed) return undefined;
    const record: JobRunView = {
      id: randomUUID(),
      kind: kind.name,
      title: jobKinds[kind.name],
      state: 'running',
      started_at: apiSeconds(Date.now()),
      finished_at: null,
      attempts,
      error: null,
    };
    running.set(kind.name, record);
    try {
      await kind.run(app);
      record.state = 'completed';
    } catch (err) {
      app.log.error({ err, job: kind.name }, `background job ${kind.name} failed`);
      app.metrics.jobs.failed.inc({ queue: kind.name });
      record.state = 'failed';
      record.error = err instanceof Error ? err.message : String(err);
      failed = [record, ...failed].slice(0, KEEP_FAILED);
    } finally {
      record.finished_at = apiSeconds(Date.now());
      running.delete(kind.name);
      last.set(kind.name, record);
    }
    return record;
  };

  return {
    kind: 'in_process',
    async start() {
      if (!config.runJobs) return;
      // The metrics read what this process holds: a run in progress, the failures it keeps.
      const scheduled = allJobKinds.filter((kind) => kind.everySeconds(config) > 0);
      app.metrics.jobs.reportDepth(async () =>
        scheduled.flatMap((kind) => [
          { queue: kind.name, state: 'active', count: running.has(kind.name) ? 1 : 0 },
          { queue: kind.name, state: 'failed', count: failed.filter((r) => r.kind === kind.name).length },
        ]),
      );
      for (const kind of allJobKinds) {
        const seconds = kind.everySeconds(config);
        if (!(seconds > 0)) continue;
        nextAt.set(kind.name, apiSeconds(Date.now()) + seconds);
        const timer = setInterval(() => {
          nextAt.set(kind.name, apiSeconds(Date.now()) + seconds);
          void run(kind);
        }, seconds * 1000);
        timer.unref();
        timers.push(timer);
        if (kind.atStart) void run(kind);
      }
    },
    async overview() {
      return {
        runner: 'in_process',
        kinds: allJobKinds.map((kind) => {
          const every = config.runJobs ? kind.everySeconds(config) : 0;
          return {
            name: kind.name,
            title: jobKinds[kind.name],
            every_seconds: every,
            last_run: last.get(kind.name) ?? null,
            next_run_at: every > 0 ? (nextAt.get(kind.name) ?? null) : null,
          };
        }),
        running: [...running.values()],
        failed,
      };
    },
    async retry(name, id) {
      const failure = failed.find((r) => r.id === id && r.kind === name);
      const kind = allJobKinds.find((k) => k.name === name);
      if (!failure || !kind) return undefined;
      failed = failed.filter((r) => r !== failure);
      // Already running (its timer came first): that run is the retry.
      return (await run(kind, failure.attempts + 1)) ?? running.get(name);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
    },
  };
}

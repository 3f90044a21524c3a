import { jobKinds } from '@yaocai/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../../config';
import type { JobKind } from './kind';
import { allJobKinds, scheduledKinds } from './kinds';
import { failedRun, QUEUE_SCHEMA, queueDepth, queueState } from './queue-state';
import { type JobRunner, nextSlot } from './runner';

const RETRY_LIMIT = 3;
/** The advisory lock that lets one process at a time create or update the queues. */
const QUEUES_LOCK = 728304;

/**
 * Runs `work` while holding QUEUES_LOCK: pg-boss 10 creates a queue's partition table inside
 * create_queue, and two processes creating queues at once deadlock.
 */
async function oneAtATime(url: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'yaocai-queues' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUES_LOCK]);
    await work();
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL runner: every job kind is a pg-boss queue. A process that runs the jobs (the
 * worker role, or a web process with RUN_JOBS=1) sends each kind's job for the current slot of
 * its schedule (singletonSeconds: one job per slot however many processes send it) and works
 * the queues (SKIP LOCKED: one process takes each job; the `singleton` policy lets one run of
 * a kind be active at a time). A failed job is retried RETRY_LIMIT times with exponential
 * backoff; one still active after JOB_TIMEOUT_SECONDS (its worker was killed) is failed by the
 * queue's maintenance and retried the same way. A web process that runs none only reads the
 * queue for the console, opening its connection on the first read.
 */
export function queueRunner(app: FastifyInstance, config: JobsConfig, url: string): JobRunner {
  const working = config.runJobs;
  const timers: NodeJS.Timeout[] = [];
  let opening: Promise<PgBoss> | undefined;
  const open = () => {
    opening ??= (async () => {
      const boss = new PgBoss({
        connectionString: url,
        schema: QUEUE_SCHEMA,
        application_name: working ? 'yaocai-worker' : 'yaocai-web',
        max: working ? 4 : 2,
        // Maintenance (failing timed-out jobs, archiving) only where jobs are worked; the
        // processes share it through the queue's own lock. No cron: schedules are slots.
        supervise: working,
        schedule: false,
        maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.ceil(config.timeoutSeconds / 2))),
        // Failures stay retryable from the console for a week.
        archiveFailedAfterSeconds: 7 * 86_400,
      });
      boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
      await boss.start();
      return boss;
    })();
    return opening;
  };

  return {
    kind: 'queue',
    async start() {
      // Nothing scheduled (every schedule 0, as under vitest): no queue connection at all.
      if (!working || scheduledKinds(config).length === 0) return;
      const boss = await open();
      const queueOf = (kind: JobKind) => ({
        name: kind.name,
        policy: 'singleton' as const,
        retryLimit: RETRY_LIMIT,
        retryDelay: Math.min(30, kind.everySeconds(config)),
        retryBackoff: true,
        expireInSeconds: config.timeoutSeconds,
      });
      await oneAtATime(url, async () => {
        for (const kind of scheduledKinds(config)) {
          await boss.createQueue(kind.name, queueOf(kind));
          await boss.updateQueue(kind.name, queueOf(kind));
        }
      });
      for (const kind of scheduledKinds(config)) {
        const every = kind.everySeconds(config);
        await boss.work(
          kind.name,
          { pollingIntervalSeconds: Math.max(0.5, Math.min(2, every / 2)) },
          async (jobs) => {
            for (const job of jobs) {
              app.log.info({ job: kind.name, id: job.id }, `background job ${kind.name} started`);
              try {
                await kind.run(app);
              } catch (err) {
                // Counted here; pg-boss records the failure and retries it (a run lost with its
                // process is failed by the queue's maintenance instead, and not counted).
                app.metrics.jobs.failed.inc({ queue: kind.name });
                app.log.error({ err, job: kind.name, id: job.id }, `background job ${kind.name} failed`);
                throw err;
              }
              app.log.info({ job: kind.name, id: job.id }, `background job ${kind.name} done`);
            }
          },
        );
        const send = () =>
          boss
            .send(kind.name, {}, { singletonKey: kind.name, singletonSeconds: every })
            .catch((err) => app.log.error({ err, job: kind.name }, 'could not queue a background job'));
        // Twice a slot, so a slot is never missed; the queue keeps one job per slot.
        const timer = setInterval(send, Math.max(1, every / 2) * 1000);
        timer.unref();
        timers.push(timer);
        await send();
      }
      const queues = scheduledKinds(config).map((k) => k.name);
      app.metrics.jobs.reportDepth(() => queueDepth(boss, queues));
      app.log.info({ jobs: queues }, 'this process runs the background jobs from the queue');
    },
    async overview(now) {
      const boss = await open();
      const state = await queueState(
        boss,
        allJobKinds.map((k) => k.name),
      );
      return {
        runner: 'queue',
        kinds: allJobKinds.map((kind) => {
          const every = kind.everySeconds(config);
          return {
            name: kind.name,
            title: jobKinds[kind.name],
            every_seconds: every,
            last_run: state.last.get(kind.name) ?? null,
            next_run_at: nextSlot(now, every),
          };
        }),
        running: state.running,
        failed: state.failed,
      };
    },
    async retry(name, id) {
      const boss = await open();
      const failure = await failedRun(boss, name, id);
      if (!failure) return undefined;
      await boss.retry(name, id);
      return { ...failure, state: 'retry', finished_at: null };
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      if (!opening) return;
      const boss = await opening.catch(() => undefined);
      // Waits for the jobs in progress (up to 10 s), then closes the queue's connections.
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

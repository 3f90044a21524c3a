import { type JobKindName, type JobRunState, type JobRunView, jobKinds } from '@yaocai/domain';
import type PgBoss from 'pg-boss';

// What the console reads from the job queue. pg-boss 10 has no call that lists jobs by state, so
// these statements read its own tables (schema `pgboss`, job and archive: completed jobs move
// there after 12 hours) through its connection. Ours never join them.

export const QUEUE_SCHEMA = 'pgboss';

interface JobRow {
  id: string;
  name: JobKindName;
  state: string;
  started_on: Date | null;
  completed_on: Date | null;
  retry_count: number;
  error: string | null;
}

const columns = `id, name, state, started_on, completed_on, retry_count,
  coalesce(output->>'message', output->'value'->>'message') as error`;

const lastRuns = `
  select r.* from unnest($1::text[]) as k(name)
  join lateral (
    select * from (
      (select ${columns} from ${QUEUE_SCHEMA}.job j
        where j.name = k.name and j.state in ('completed', 'failed')
        order by j.completed_on desc limit 1)
      union all
      (select ${columns} from ${QUEUE_SCHEMA}.archive a
        where a.name = k.name and a.state in ('completed', 'failed')
        order by a.completed_on desc limit 1)
    ) runs order by completed_on desc limit 1
  ) r on true`;

const inProgress = `
  select ${columns} from ${QUEUE_SCHEMA}.job
  where name = any($1::text[]) and state in ('active', 'retry')
  order by started_on nulls last limit 50`;

const failures = `
  select ${columns} from ${QUEUE_SCHEMA}.job
  where name = any($1::text[]) and state = 'failed'
  order by completed_on desc limit 20`;

const oneFailure = `
  select ${columns} from ${QUEUE_SCHEMA}.job
  where name = $1 and id = $2::uuid and state = 'failed'`;

const TIMED_OUT = 'job failed by timeout in active state';

export function runView(row: JobRow): JobRunView {
  const state: JobRunState =
    row.state === 'active'
      ? 'running'
      : row.state === 'completed' || row.state === 'retry'
        ? row.state
        : 'failed';
  const seconds = (date: Date | null) => (date ? Math.floor(new Date(date).getTime() / 1000) : null);
  return {
    id: row.id,
    kind: row.name,
    title: jobKinds[row.name] ?? row.name,
    state,
    started_at: seconds(row.started_on),
    finished_at: state === 'running' ? null : seconds(row.completed_on),
    attempts: row.retry_count + 1,
    error:
      row.error === TIMED_OUT
        ? '运行超时：执行它的进程已退出或卡住（JOB_TIMEOUT_SECONDS），按重试策略再次运行'
        : row.error,
  };
}

export async function queueState(boss: PgBoss, names: readonly JobKindName[]) {
  const db = boss.getDb();
  const [last, running, failed] = await Promise.all(
    [lastRuns, inProgress, failures].map(
      async (text) => (await db.executeSql(text, [names])).rows as JobRow[],
    ),
  );
  return {
    last: new Map(last.map((row) => [row.name, runView(row)])),
    running: running.map(runView),
    failed: failed.map(runView),
  };
}

/** The states a job waits, runs or stays failed in (completed and cancelled jobs are done). */
export const DEPTH_STATES = ['created', 'retry', 'active', 'failed'] as const;

const depth = `
  select name, state, count(*)::int as count from ${QUEUE_SCHEMA}.job
  where name = any($1::text[]) and state::text = any($2::text[])
  group by name, state`;

/** How many jobs of each queue are in each of DEPTH_STATES (0 where none), for the metrics. */
export async function queueDepth(boss: PgBoss, names: readonly JobKindName[]) {
  const { rows } = await boss.getDb().executeSql(depth, [names, DEPTH_STATES]);
  const counted = new Map(
    (rows as { name: string; state: string; count: number }[]).map((r) => [`${r.name} ${r.state}`, r.count]),
  );
  return names.flatMap((queue) =>
    DEPTH_STATES.map((state) => ({ queue, state, count: counted.get(`${queue} ${state}`) ?? 0 })),
  );
}

export async function failedRun(boss: PgBoss, name: JobKindName, id: string) {
  const { rows } = await boss.getDb().executeSql(oneFailure, [name, id]);
  return rows[0] ? runView(rows[0] as JobRow) : undefined;
}

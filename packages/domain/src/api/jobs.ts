import { z } from 'zod';

// 系统 → 后台任务: the background jobs (sweeps) the server runs on a schedule, their last and
// next run, the runs in progress and the failed ones an operator may retry.

/** Every kind of background job, by its queue name, with the name the console shows. */
export const jobKinds = {
  'order-expire': '超时未付订单取消',
  'order-auto-receive': '自动确认收货',
  reminders: '证照与优惠券到期提醒',
  'points-expire': '积分年度过期',
  'refund-poll': '渠道退款结果查询',
  'webhook-deliver': 'Webhook 投递',
} as const;
export type JobKindName = keyof typeof jobKinds;
export const jobKindNames = Object.keys(jobKinds) as [JobKindName, ...JobKindName[]];

export const jobRunStates = {
  running: '运行中',
  completed: '成功',
  failed: '失败',
  retry: '等待重试',
} as const;
export type JobRunState = keyof typeof jobRunStates;

/** One run of a job (times in API seconds). */
export const jobRunView = z.object({
  id: z.string(),
  kind: z.enum(jobKindNames),
  title: z.string(),
  state: z.enum(Object.keys(jobRunStates) as [JobRunState, ...JobRunState[]]),
  started_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
  /** Tries so far: 1 for a first run, more after retries. */
  attempts: z.number().int(),
  error: z.string().nullable(),
});
export type JobRunView = z.infer<typeof jobRunView>;

export const jobKindView = z.object({
  name: z.enum(jobKindNames),
  title: z.string(),
  /** Seconds between runs; 0 = turned off. */
  every_seconds: z.number().int(),
  last_run: jobRunView.nullable(),
  next_run_at: z.number().int().nullable(),
});
export type JobKindView = z.infer<typeof jobKindView>;

export const jobsOverview = z.object({
  /**
   * Who runs the jobs: `in_process` (the embedded database: this one process, on timers),
   * `queue` (PostgreSQL: the job queue, worked by the worker role).
   */
  runner: z.enum(['in_process', 'queue']),
  kinds: z.array(jobKindView),
  running: z.array(jobRunView),
  failed: z.array(jobRunView),
});
export type JobsOverview = z.infer<typeof jobsOverview>;

/** POST /api/admin/jobs/{kind}/runs/{id}/retry */
export const jobRetryParams = z.strictObject({
  kind: z.enum(jobKindNames, { error: '没有这种后台任务' }),
  id: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: '任务编号不正确' }),
});
export type JobRetryParams = z.infer<typeof jobRetryParams>;

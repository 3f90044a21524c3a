import type { JobKindName, JobRunView, JobsOverview } from '@yaocai/domain';

/**
 * Who runs the background jobs of this process, and what the console's 后台任务 screen reads:
 * the in-process timers on the embedded database (in-process.ts), the PostgreSQL job queue
 * otherwise (queue.ts). Both answer with the same overview.
 */
export interface JobRunner {
  readonly kind: JobsOverview['runner'];
  /** Starts running the scheduled jobs (when this process runs them; see JobsConfig.runJobs). */
  start(): Promise<void>;
  overview(now: Date): Promise<JobsOverview>;
  /** Runs a failed run of `kind` again; undefined when `id` names no failed run of it. */
  retry(kind: JobKindName, id: string): Promise<JobRunView | undefined>;
  close(): Promise<void>;
}

/** The start of the next slot of `everySeconds` after `now` (API seconds), null when off. */
export function nextSlot(now: Date, everySeconds: number): number | null {
  if (!(everySeconds > 0)) return null;
  const seconds = Math.floor(now.getTime() / 1000);
  return (Math.floor(seconds / everySeconds) + 1) * everySeconds;
}

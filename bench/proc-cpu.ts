/**
 * CPU time from /proc, a measure that survives a loaded machine where latency does not: a
 * process's utime + stime, and the backends PostgreSQL runs for a given application name (the
 * server's pool connects with it in its URL). Snapshot before a run, again after, and divide
 * the difference by the requests.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICK_MS = 10;

/** utime + stime of a process in ms (0 once it has gone). */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** A database URL whose connections carry `appName` (pg_stat_activity.application_name). */
export const withAppName = (url: string, appName: string) =>
  `${url}${url.includes('?') ? '&' : '?'}application_name=${appName}`;

export async function backendPids(admin: pg.Client, appName: string): Promise<number[]> {
  const { rows } = await admin.query('select pid from pg_stat_activity where application_name = $1', [
    appName,
  ]);
  return rows.map((r: { pid: number }) => r.pid);
}

export interface CpuSnapshot {
  node: number;
  backends: Map<number, number>;
}

export async function cpuSnapshot(
  admin: pg.Client,
  serverPid: number,
  appName: string,
): Promise<CpuSnapshot> {
  const backends = new Map((await backendPids(admin, appName)).map((pid) => [pid, cpuMs(pid)]));
  return { node: cpuMs(serverPid), backends };
}

/**
 * CPU spent since `before`, in ms: the server's and its backends' (backends opened during the run
 * count whole; those closed during it are lost, but a pool keeps its connections while busy).
 */
export async function cpuSince(
  admin: pg.Client,
  serverPid: number,
  appName: string,
  before: CpuSnapshot,
): Promise<{ nodeMs: number; pgMs: number }> {
  const nodeMs = cpuMs(serverPid) - before.node;
  let pgMs = 0;
  for (const pid of await backendPids(admin, appName)) pgMs += cpuMs(pid) - (before.backends.get(pid) ?? 0);
  return { nodeMs, pgMs };
}

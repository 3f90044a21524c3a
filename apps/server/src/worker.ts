import { buildApp } from './app';
import { loadConfig } from './config';
import { listenUrl } from './lib/listen-address';

/**
 * The worker role: the same application and configuration as server.ts, serving no HTTP, running
 * the background jobs from the PostgreSQL job queue (modules/jobs). Any number may run beside
 * any number of web processes; each job runs once. The embedded database has no worker: its one
 * process runs the jobs itself.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'The worker role needs DATABASE_URL (PostgreSQL). On the embedded database the server process runs the background jobs itself.',
  );
  process.exit(1);
}
const app = await buildApp({ config: { ...config, jobs: { ...config.jobs, runJobs: true } } });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  });
}

await app.ready();
app.log.info(`药采 worker is running the background jobs on ${app.database.kind}`);
// The job queue's depth and failures are the worker's to report: its own metrics listener.
if (config.metricsPort !== undefined) {
  const metrics = await app.metrics.serve({ port: config.metricsPort, host: config.metricsHost });
  app.log.info(`metrics (GET /metrics) at ${listenUrl(config.metricsHost, metrics.port)}`);
}

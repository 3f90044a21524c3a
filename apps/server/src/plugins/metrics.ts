import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// Prometheus metrics (prom-client), one registry per app (the test suite builds many apps in one
// process). They are served by a listener of their own on METRICS_PORT (`serve`, called by
// server.ts), never on the public port: the public port's /metrics is the shop's not-found.
// Modules add their own metrics to `app.metrics.registry` (lib/sms.ts, modules/payment/metrics.ts);
// figures that live in the database are read at scrape time by a gauge's `collect`.

export interface AppMetrics {
  registry: Registry;
  /** METRICS_PORT is set: request metrics are recorded and the listener may be opened. */
  enabled: boolean;
  /**
   * The background jobs of this process (modules/jobs): how many jobs wait, run or failed per
   * queue and state, read from the runner when scraped (`reportDepth`), and how many runs failed
   * (counted by the runner as each fails). Only a process that runs the jobs reports them.
   */
  jobs: {
    depth: Gauge<'queue' | 'state'>;
    failed: Counter<'queue'>;
    /** The runner's reading of its queues, asked at each scrape (replaces the last reading). */
    reportDepth(read: () => Promise<JobDepth[]>): void;
  };
  /** Opens the metrics listener (GET /metrics, everything else 404); closed with the app. */
  serve(options: { port: number; host: string }): Promise<AddressInfo>;
}

/** One queue's jobs in one state (pg-boss's: created, retry, active, failed). */
export interface JobDepth {
  queue: string;
  state: string;
  count: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Requests no route matched (the SPAs' pages and every 404) share one label. */
const UNMATCHED_ROUTE = '(not found handler)';

function requestMetrics(app: FastifyInstance, registry: Registry) {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'yaocai_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'yaocai_http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'yaocai_http_server_errors_total',
    help: 'Answers with a 5xx status (503 includes shed requests), by route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/goods/:id`), never the raw URL: one series per route, not per id.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const { method } = request;
    requests.inc({ method, route, status: reply.statusCode });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc({ method, route });
  });
}

function poolMetrics(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'yaocai_db_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = app.database.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'yaocai_db_pool_max',
    help: 'The most connections the PostgreSQL pool opens',
    registers: [registry],
    collect() {
      const max = app.database.pool?.options.max;
      if (max !== undefined) this.set(max);
    },
  });
}

export const metricsPlugin = fp(async (app: FastifyInstance, options: { enabled: boolean }) => {
  const registry = new Registry();
  let readDepth: (() => Promise<JobDepth[]>) | undefined;
  const jobs = {
    depth: new Gauge({
      name: 'yaocai_jobs_depth',
      help: 'Background jobs by queue and state (created, retry, active, failed), read when scraped from the runner of a process that runs them',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        if (!readDepth) return;
        // A queue that cannot be read leaves the scrape whole, without this gauge's figures.
        const rows = await readDepth().catch((err) => {
          app.log.warn({ err }, 'job queue depth could not be read for the metrics');
          return [];
        });
        this.reset();
        for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.count);
      },
    }),
    failed: new Counter({
      name: 'yaocai_jobs_failed_total',
      help: 'Background job runs that failed, by queue (counted by the process whose run failed)',
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
    reportDepth(read: () => Promise<JobDepth[]>) {
      readDepth = read;
    },
  };
  let server: Server | undefined;

  app.decorate('metrics', {
    registry,
    enabled: options.enabled,
    jobs,
    async serve({ port, host }) {
      if (server) throw new Error('the metrics listener is already open');
      server = createServer((request, response) => {
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || path !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (err) => {
            app.log.error({ err }, 'metrics collection failed');
            response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('collection failed');
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      return listening.address() as AddressInfo;
    },
  } satisfies AppMetrics);
  app.addHook('onClose', async () => {
    const open = server;
    if (open) await new Promise((resolve) => open.close(resolve));
  });

  if (!options.enabled) return;
  collectDefaultMetrics({ register: registry, prefix: 'yaocai_' });
  requestMetrics(app, registry);
  // The pool is the db plugin's, registered after this one: read when scraped.
  poolMetrics(app, registry);
});

import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';
import { listenUrl } from './lib/listen-address';

/** Listens and shuts down gracefully; everything else is in app.ts. */
const config = loadConfig();
const startedAt = performance.now();
const app = await buildApp({ config });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  });
}

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
app.log.info(
  `药采 is serving ${listenUrl(config.host, port)} on ${app.database.kind} (ready in ${Math.round(performance.now() - startedAt)} ms)`,
);
if (config.metricsPort !== undefined) {
  const metrics = await app.metrics.serve({ port: config.metricsPort, host: config.metricsHost });
  app.log.info(`metrics (GET /metrics) at ${listenUrl(config.metricsHost, metrics.port)}`);
}

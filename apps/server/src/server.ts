import { buildApp } from './app';
import { loadConfig } from './config';

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
app.log.info(
  `药采 is serving http://localhost:${config.port} on ${app.database.kind} (ready in ${Math.round(performance.now() - startedAt)} ms)`,
);

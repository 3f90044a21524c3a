import type { FastifyInstance } from 'fastify';

/**
 * Runs `sweep` every `<variable>` seconds (default `defaultSeconds`; 0 = off; off under vitest,
 * where tests call the sweeps themselves with their own clock), never two at once in this
 * process, logging a failure instead of throwing. The timer is unref'd and cleared on close;
 * `atStart` also runs it once when the app is ready. Every sweeper of the server goes through
 * here (the operations issue moves them into the job queue).
 */
export function everyInterval(
  app: FastifyInstance,
  options: { name: string; variable: string; defaultSeconds: number; atStart?: boolean },
  sweep: () => Promise<void>,
) {
  const seconds = Number(process.env[options.variable] ?? (process.env.VITEST ? 0 : options.defaultSeconds));
  if (!(seconds > 0)) return;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await sweep();
    } catch (err) {
      app.log.error({ err }, `${options.name} failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, seconds * 1000);
  timer.unref();
  if (options.atStart)
    app.addHook('onReady', async () => {
      void run();
    });
  app.addHook('onClose', async () => clearInterval(timer));
}

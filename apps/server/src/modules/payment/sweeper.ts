import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pollRefunds } from './refunds';

/**
 * Asks the providers where their PROCESSING refunds stand, on an interval (PAYMENT_SWEEP_SECONDS,
 * default 60; 0 = off; off under vitest, where tests call pollRefunds themselves). The timer is
 * unref'd. (The operations issue moves this into the job queue with the other sweeps.)
 */
export const paymentSweeper = fp(async (app: FastifyInstance) => {
  const seconds = Number(process.env.PAYMENT_SWEEP_SECONDS ?? (process.env.VITEST ? 0 : 60));
  if (!(seconds > 0)) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const settled = await pollRefunds(app.db);
      if (settled) app.log.info({ settled }, 'provider refunds settled');
    } catch (err) {
      app.log.error({ err }, 'refund poll failed');
    } finally {
      running = false;
    }
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval } from '../../lib/periodic';
import { pollRefunds } from './refunds';

/** Asks the providers where their PROCESSING refunds stand (PAYMENT_SWEEP_SECONDS, default 60). */
export const paymentSweeper = fp(async (app: FastifyInstance) => {
  everyInterval(
    app,
    { name: 'refund poll', variable: 'PAYMENT_SWEEP_SECONDS', defaultSeconds: 60 },
    async () => {
      const settled = await pollRefunds(app.db);
      if (settled) app.log.info({ settled }, 'provider refunds settled');
    },
  );
});

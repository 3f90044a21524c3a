import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepDeliveredOrders, sweepExpiredOrders } from './service';

/**
 * Cancels expired unpaid orders and receives long-shipped ones (自动确认收货) on an interval
 * (ORDER_SWEEP_SECONDS, default 60; 0 = off; off under vitest, where tests call the sweeps
 * themselves). The timer is unref'd.
 */
export const orderSweeper = fp(async (app: FastifyInstance) => {
  const seconds = Number(process.env.ORDER_SWEEP_SECONDS ?? (process.env.VITEST ? 0 : 60));
  if (!(seconds > 0)) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const closed = await sweepExpiredOrders(app.db, app.clock.now());
      if (closed) app.log.info({ closed }, 'expired unpaid orders cancelled');
      const received = await sweepDeliveredOrders(app.db, app.clock.now());
      if (received) app.log.info({ received }, 'shipped orders received automatically');
    } catch (err) {
      app.log.error({ err }, 'order sweep failed');
    } finally {
      running = false;
    }
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});

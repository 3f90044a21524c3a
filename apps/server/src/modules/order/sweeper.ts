import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval } from '../../lib/periodic';
import { sweepDeliveredOrders, sweepExpiredOrders } from './service';

/**
 * Cancels expired unpaid orders and receives long-shipped ones (自动确认收货) on an interval
 * (ORDER_SWEEP_SECONDS, default 60; 0 = off; off under vitest, where tests call the sweeps
 * themselves). The timer is unref'd.
 */
export const orderSweeper = fp(async (app: FastifyInstance) => {
  everyInterval(
    app,
    { name: 'order sweep', variable: 'ORDER_SWEEP_SECONDS', defaultSeconds: 60 },
    async () => {
      const closed = await sweepExpiredOrders(app.db, app.clock.now());
      if (closed) app.log.info({ closed }, 'expired unpaid orders cancelled');
      const received = await sweepDeliveredOrders(app.db, app.clock.now());
      if (received) app.log.info({ received }, 'shipped orders received automatically');
    },
  );
});

import type { JobKind } from '../jobs/kind';
import { sweepDeliveredOrders, sweepExpiredOrders } from './service';

/** Cancels expired unpaid orders (ORDER_SWEEP_SECONDS), each in its own transaction. */
export const orderExpireJob: JobKind = {
  name: 'order-expire',
  everySeconds: (config) => config.orderSweepSeconds,
  async run(app) {
    const closed = await sweepExpiredOrders(app.db, app.clock.now());
    if (closed) app.log.info({ closed }, 'expired unpaid orders cancelled');
  },
};

/** Receives long-shipped orders (自动确认收货) on the same schedule. */
export const orderAutoReceiveJob: JobKind = {
  name: 'order-auto-receive',
  everySeconds: (config) => config.orderSweepSeconds,
  async run(app) {
    const received = await sweepDeliveredOrders(app.db, app.clock.now());
    if (received) app.log.info({ received }, 'shipped orders received automatically');
  },
};

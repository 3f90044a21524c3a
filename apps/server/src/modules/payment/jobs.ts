import type { JobKind } from '../jobs/kind';
import { pollRefunds } from './refunds';

/** Asks the providers where their PROCESSING refunds stand (PAYMENT_SWEEP_SECONDS). */
export const refundPollJob: JobKind = {
  name: 'refund-poll',
  everySeconds: (config) => config.paymentSweepSeconds,
  async run(app) {
    const settled = await pollRefunds(app.db);
    if (settled) app.log.info({ settled }, 'provider refunds settled');
  },
};

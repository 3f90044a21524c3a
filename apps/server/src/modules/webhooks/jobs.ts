import type { JobKind } from '../jobs/kind';
import { deliverDue } from './delivery';

/** Sends the due webhook deliveries (WEBHOOK_SWEEP_SECONDS): first tries, retries, redeliveries. */
export const webhookDeliverJob: JobKind = {
  name: 'webhook-deliver',
  everySeconds: (config) => config.webhookSweepSeconds,
  async run(app) {
    const result = await deliverDue(app.db, () => app.clock.now(), app.webhookSettings);
    if (result.delivered || result.retried || result.failed) app.log.info(result, 'webhook deliveries sent');
  },
};

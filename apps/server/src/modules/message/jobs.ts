import type { JobKind } from '../jobs/kind';
import { sendReminders } from './service';

/**
 * Writes the due reminders (licences, coupons about to expire), REMINDER_SWEEP_SECONDS and once
 * at start. Each reminder is written once through its dedupe key, whatever the number of runs.
 */
export const remindersJob: JobKind = {
  name: 'reminders',
  everySeconds: (config) => config.reminderSweepSeconds,
  atStart: true,
  async run(app) {
    const sent = await sendReminders(app.db, app.clock.now(), app.sms);
    if (sent) app.log.info({ sent }, 'reminders sent');
  },
};

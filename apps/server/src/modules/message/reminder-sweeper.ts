import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval } from '../../lib/periodic';
import { expirePoints } from '../points/service';
import { sendReminders } from './service';

/**
 * Writes the due reminders (licences, coupons about to expire) and expires last year's unused
 * points once their day has come, on an interval
 * (REMINDER_SWEEP_SECONDS, default 3600 and once at start; 0 = off; off under vitest, where tests
 * call sendReminders with their own clock). Each reminder is written once, whatever the number of
 * runs or processes. The timer is unref'd.
 */
export const reminderSweeper = fp(async (app: FastifyInstance) => {
  everyInterval(
    app,
    { name: 'reminder sweep', variable: 'REMINDER_SWEEP_SECONDS', defaultSeconds: 3600, atStart: true },
    async () => {
      const sent = await sendReminders(app.db, app.clock.now(), app.sms);
      if (sent) app.log.info({ sent }, 'reminders sent');
      const expired = await expirePoints(app.db, app.clock.now());
      if (expired) app.log.info({ expired }, 'points expired');
    },
  );
});

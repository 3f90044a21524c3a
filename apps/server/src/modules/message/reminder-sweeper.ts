import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
  const seconds = Number(process.env.REMINDER_SWEEP_SECONDS ?? (process.env.VITEST ? 0 : 3600));
  if (!(seconds > 0)) return;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await sendReminders(app.db, app.clock.now(), app.sms);
      if (sent) app.log.info({ sent }, 'reminders sent');
      const expired = await expirePoints(app.db, app.clock.now());
      if (expired) app.log.info({ expired }, 'points expired');
    } catch (err) {
      app.log.error({ err }, 'reminder sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, seconds * 1000);
  timer.unref();
  app.addHook('onReady', async () => {
    void run();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});

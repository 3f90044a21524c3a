import type { JobKind } from '../jobs/kind';
import { expirePoints } from './service';

/** Expires last year's unused points once their day has come (with the reminders' schedule). */
export const pointsExpireJob: JobKind = {
  name: 'points-expire',
  everySeconds: (config) => config.reminderSweepSeconds,
  atStart: true,
  async run(app) {
    const expired = await expirePoints(app.db, app.clock.now());
    if (expired) app.log.info({ expired }, 'points expired');
  },
};

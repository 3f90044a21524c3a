import { addDays, addMonths, beijingStartOf, beijingToday } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPages } from '../../apps/server/src/db/schema';
import { forgetEveryCache } from '../../apps/server/src/lib/cache-bus';
import { axeViolations } from '../support/axe';
import { e2eStart } from '../support/clock';
import { collectConsoleErrors, type Harness, navigateInApp, startHarness } from '../support/harness';

/**
 * The journeys' date-sensitive parts at the days that break date code: the demo data is seeded at
 * E2E_NOW, then the server's and the browser's clock move to a Sunday, the month's last evening,
 * the year's last evening, and the first and last day of an activity page. At each the buyer's
 * date-dependent pages (home, list, activity zone, daily specials, coupon centre, cart, member
 * centre) load without a console error or a 5xx, the badges and tags of whatever is live then
 * pass axe, and the activity page is upcoming, running or ended as its dates say.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const at = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

/** A Sunday, the month's end and the year's end after the journeys' start, in Beijing. */
function calendarDays(start: Date): [string, Date][] {
  const today = beijingToday(start);
  const weekday = new Date(`${today}T12:00:00+08:00`).getUTCDay();
  const monthEnd = addDays(addMonths(`${today.slice(0, 7)}-01`, 1), -1);
  return [
    ['a Sunday', at(addDays(today, 7 - weekday), '10:00')],
    ['the month end', at(monthEnd, '23:30')],
    ['the year end', at(`${today.slice(0, 4)}-12-31`, '23:30')],
  ];
}

/** Pages whose content depends on the date; `axe`: checked with axe too (badges, tags, prices). */
const datedPages: { url: string; axe: boolean }[] = [
  { url: '/', axe: true },
  { url: '/list', axe: true },
  { url: '/yjh', axe: true },
  { url: '/mrtj', axe: false },
  { url: '/lqzx', axe: false },
  { url: '/cart', axe: true },
  { url: '/user', axe: false },
];

/** Opens a logged-in buyer's page with the browser's clock at the server's. */
async function buyerPage() {
  const opened = await h.newPage();
  await h.signInBuyer(opened.context, '13800000001');
  const failures: string[] = [];
  opened.page.on('response', (r) => {
    if (r.status() >= 500) failures.push(`${r.status()} ${r.url()}`);
  });
  return { ...opened, errors: collectConsoleErrors(opened.page), failures };
}

/** The first page is loaded, the rest reached in the app as its links reach them. */
async function walk(page: Page, label: string, shot: string) {
  for (const [i, { url, axe }] of datedPages.entries()) {
    if (i === 0) await page.goto(url, { waitUntil: 'networkidle' });
    else await navigateInApp(page, url);
    if (url === '/') await h.shot(page, `calendar-${shot}-home`);
    if (axe) expect(await axeViolations(page), `${label} ${url}`).toEqual([]);
  }
}

/** Moves the server's clock (and forgets what its caches hold for the old instant). */
function moveTo(instant: Date) {
  h.clock.set(instant);
  forgetEveryCache();
}

describe('the date-sensitive pages on the days that break date code', () => {
  it.each(calendarDays(new Date(e2eStart())))('on %s (%s)', async (label, instant) => {
    moveTo(instant);
    const { page, context, errors, failures } = await buyerPage();
    await walk(page, label, beijingToday(instant));
    expect(errors).toEqual([]);
    expect(failures).toEqual([]);
    await context.close();
  });

  it('an activity page is upcoming before its first day, runs through its last and ends after it', async () => {
    const [upcoming] = await h.app.db
      .select()
      .from(activityPages)
      .where(eq(activityPages.title, '双十二道地药材节'));
    expect(upcoming.startsAt.getTime()).toBeGreaterThan(e2eStart());
    const minutes = (instant: Date, n: number) => new Date(instant.getTime() + n * 60_000);
    const moments: [string, Date, 'upcoming' | 'running' | 'ended'][] = [
      ['the eve of its first day', minutes(upcoming.startsAt, -10), 'upcoming'],
      ['its first day', minutes(upcoming.startsAt, 10), 'running'],
      ['its last day', minutes(upcoming.endsAt, -10), 'running'],
      ['the day after', minutes(beijingStartOf(addDays(beijingToday(upcoming.endsAt), 1)), 10), 'ended'],
    ];
    for (const [label, instant, phase] of moments) {
      moveTo(instant);
      const { page, context, errors, failures } = await buyerPage();
      await page.goto(`/activity/${upcoming.id}`);
      if (phase === 'upcoming') {
        await page.getByTestId('activity-inactive').getByText('活动暂未开始').waitFor();
        await page.getByRole('timer').first().waitFor();
      } else if (phase === 'running') {
        await page.getByTestId('activity-page').getByRole('heading', { name: upcoming.title }).waitFor();
        expect(await page.getByTestId('activity-inactive').count(), label).toBe(0);
      } else {
        await page.getByTestId('activity-alert').waitFor();
      }
      await h.shot(page, `calendar-activity-${phase}-${beijingToday(instant)}`);
      // The activity zone on that day too.
      await navigateInApp(page, '/yjh');
      expect(await axeViolations(page), `${label} /yjh`).toEqual([]);
      expect(errors, label).toEqual([]);
      expect(failures, label).toEqual([]);
      await context.close();
    }
  });
});

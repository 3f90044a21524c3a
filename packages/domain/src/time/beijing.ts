// Beijing calendar dates. Licences, expiry dates, daily limits and "today" in the shop all
// follow the calendar in China (UTC+8, no daylight saving). Every date comparison goes through
// these helpers; nothing else derives a date from a Date.

const BEIJING_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** The Beijing calendar date of an instant. */
export function beijingDateOf(instant: Date): IsoDate {
  return new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today in Beijing, for the request's clock `now`. */
export function beijingToday(now: Date): IsoDate {
  return beijingDateOf(now);
}

/** The instant a Beijing calendar date starts (00:00 UTC+8). */
export function beijingStartOf(date: IsoDate): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - BEIJING_OFFSET_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** `date` plus `days` calendar days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * How the screens write an instant (API seconds): `YYYY-MM-DD HH:mm` in Beijing time, the same on
 * every browser whatever its locale or time zone.
 */
export function beijingDateTimeText(seconds: number): string {
  const iso = new Date(seconds * 1000 + BEIJING_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
/** The same for an instant the API sends as an ISO-8601 string (messages, feedback). */
export const beijingIsoText = (iso: string): string => beijingDateTimeText(Date.parse(iso) / 1000);
/** `HH:mm` in Beijing time (a spike slot's start). */
export const beijingClockText = (seconds: number): string => beijingDateTimeText(seconds).slice(11);
/** `YYYY-MM-DD HH:mm:ss` in Beijing time: for what happens every few seconds (background jobs). */
export function beijingDateTimeSecondsText(seconds: number): string {
  const iso = new Date(seconds * 1000 + BEIJING_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
/** The Beijing date of an instant given in API seconds. */
export const beijingDateText = (seconds: number): IsoDate => beijingDateOf(new Date(seconds * 1000));

/** `date` plus `months` calendar months, the day kept or clamped to the month's last day. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The instant a Beijing wall-clock time `YYYY-MM-DD HH:mm` names (the console's date-time
 * fields), or undefined when the text names no such minute.
 */
export function beijingInstantOf(text: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [, date, hours, minutes] = match;
  if (Number(hours) > 23 || Number(minutes) > 59) return undefined;
  const instant = new Date(Date.parse(`${date}T${hours}:${minutes}:00Z`) - BEIJING_OFFSET_MS);
  if (Number.isNaN(instant.getTime())) return undefined;
  return beijingDateTimeText(instant.getTime() / 1000) === `${date} ${hours}:${minutes}`
    ? instant
    : undefined;
}

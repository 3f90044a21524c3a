import { beijingDateTimeText, beijingToday } from '@yaocai/domain';
import dayjs, { type Dayjs } from 'dayjs';

// The console's date pickers hold wall-clock values (dayjs in the browser's zone). The shop runs
// on Beijing time, so an operator's picked time is read as Beijing time whatever the browser's
// zone, and stored instants are shown as Beijing time: an operator working from a laptop set to
// another zone (or a browser in UTC) sets the same window as one in Hangzhou. (In a browser zone
// with daylight saving, the hour its clocks skip cannot be picked: pickers hold local times.)

/** The picked wall-clock date and time, read as Beijing time, in seconds. */
export const pickedBeijingSeconds = (d: Dayjs): number =>
  Math.floor(Date.parse(`${d.format('YYYY-MM-DDTHH:mm')}:00+08:00`) / 1000);

/** An instant (seconds) as the picker's wall-clock value in Beijing time. */
export const beijingPickerValue = (seconds: number): Dayjs => dayjs(beijingDateTimeText(seconds));

/** Now, to the minute, as a picker value in Beijing time. */
export const beijingNowPickerValue = (): Dayjs =>
  beijingPickerValue(Math.floor(Date.now() / 1000)).startOf('minute');

/** Today's Beijing date as a date picker's value. */
export const beijingTodayPickerValue = (): Dayjs => dayjs(beijingToday(new Date()));

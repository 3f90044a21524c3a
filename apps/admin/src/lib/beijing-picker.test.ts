import dayjs from 'dayjs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { beijingPickerValue, pickedBeijingSeconds } from './beijing-picker';

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe('console pickers in Beijing time, whatever the browser zone', () => {
  for (const zone of ['Asia/Shanghai', 'UTC', 'America/New_York', 'Pacific/Kiritimati']) {
    it(`a picked 2026-12-01 09:30 is 09:30 in Beijing, and shows back as picked (${zone})`, () => {
      process.env.TZ = zone;
      const picked = dayjs('2026-12-01 09:30');
      const seconds = pickedBeijingSeconds(picked);
      expect(seconds).toBe(Date.parse('2026-12-01T09:30:00+08:00') / 1000);
      expect(beijingPickerValue(seconds).format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 09:30');
    });
  }

  it('any minute survives the round trip (a half-hour zone)', () => {
    process.env.TZ = 'Asia/Kolkata';
    fc.assert(
      fc.property(fc.integer({ min: 28_333_334, max: 31_666_666 }), (minute) => {
        const seconds = minute * 60;
        expect(pickedBeijingSeconds(beijingPickerValue(seconds))).toBe(seconds);
      }),
    );
  });
});

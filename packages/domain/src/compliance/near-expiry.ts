import { addMonths, type IsoDate } from '../time/beijing';

/**
 * 近效期 (near expiry): goods whose earliest batch in stock has less than `months` of shelf life
 * left on `today` (Beijing), and is still in date. The window, as the catalogue filters it: an
 * expiry after today and before the cut-off.
 */
export interface NearExpiryWindow {
  after: IsoDate;
  before: IsoDate;
}

export const nearExpiryWindow = (today: IsoDate, months: number): NearExpiryWindow => ({
  after: today,
  before: addMonths(today, months),
});

export const isNearExpiry = (expiresOn: IsoDate | null, w: NearExpiryWindow): boolean =>
  expiresOn !== null && expiresOn > w.after && expiresOn < w.before;

/**
 * What the server writes into the shop's HTML and the shop reads back (zod-free: the shop's first
 * chunk uses it).
 */

/**
 * 1 while the buyer has closed the top ad: a session cookie, so the ad stays closed until the
 * browser closes, and the server leaves it out of the home page's HTML.
 */
export const TOP_AD_CLOSED_COOKIE = 'yc_topad_closed';

/** The id of the top ad the server writes into the home page's HTML; the shop's TopAd replaces it. */
export const STATIC_TOP_AD_ID = 'sh-topad-static';

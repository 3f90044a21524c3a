/**
 * Cookies the shop sets for itself and the server reads (zod-free: the shop's first chunk uses it).
 * 1 while the buyer has closed the top ad: a session cookie, so the ad stays closed until the
 * browser closes, and the server leaves it out of the home page's HTML.
 */
export const TOP_AD_CLOSED_COOKIE = 'yc_topad_closed';

/**
 * The mobile site (apps/h5, served at /m/) and the PC shop offer each other: a phone opening the
 * PC shop is offered the mobile site, and the mobile site links back (电脑版). Both read and
 * write the same browser storage (one origin).
 */

/** Set when the buyer closed the offer or chose the PC site from the mobile one: no more offers. */
export const MOBILE_OFFER_DISMISSED_KEY = 'yaocai.mobileOfferDismissed';

/** Phones (not tablets, not desktops): what UA-CH calls mobile, and the usual phone tokens. */
export function isPhoneUserAgent(userAgent: string): boolean {
  if (/iPad|Tablet/i.test(userAgent)) return false;
  if (/Android/i.test(userAgent)) return /Mobile/i.test(userAgent);
  return /iPhone|iPod|Mobile|MicroMessenger|HarmonyOS/i.test(userAgent);
}

/** The mobile site's page for a PC shop path: the same goods where there is one, else its home. */
export function mobilePathFor(pcPath: string): string {
  const detail = /^\/list\/info\/(\d+)/.exec(pcPath);
  if (detail) return `/m/goods/${detail[1]}`;
  if (pcPath.startsWith('/cart')) return '/m/cart';
  if (pcPath === '/order' || pcPath.startsWith('/order/')) return '/m/orders';
  return '/m/';
}

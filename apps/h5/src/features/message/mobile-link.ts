/**
 * Where a message's link (a PC shop path, written by the server's events) leads on the phone:
 * the mobile screen showing the same thing, or null when the mobile site has none.
 */
const rules: [RegExp, (id: string) => string][] = [
  [/^\/order\/info\/(\d+)$/, (id) => `/orders/${id}`],
  [/^\/order\/(?:returnInfo|afterSalesInfo)\/(\d+)$/, (id) => `/after-sales/${id}`],
  [/^\/cart\/step3\/(\d+)$/, (id) => `/pay/${id}`],
  [/^\/list\/info\/(\d+)$/, (id) => `/goods/${id}`],
  [/^\/zzzj$/, () => '/licences'],
  [/^\/wdqb\/yhq$/, () => '/coupons'],
];

export function mobileLink(link: string | null): string | null {
  if (!link) return null;
  for (const [pattern, to] of rules) {
    const match = pattern.exec(link);
    if (match) return to(match[1] ?? '');
  }
  return null;
}

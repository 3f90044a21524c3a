/** What the loading interstitial does with a link (spec 8: empty link or inactive activity). */
export type Forward =
  | { kind: 'route'; to: string }
  | { kind: 'external'; to: string }
  | { kind: 'alert'; text: string };

export const ACTIVITY_NOT_STARTED = '活动暂未开始';

/**
 * Resolves a forward target: an in-site path is routed, an absolute http(s) link is opened,
 * an empty link alerts 活动暂未开始, and a bare "#text" link alerts the text after the hash.
 */
export function resolveForward(raw: string | null | undefined, origin: string): Forward {
  const link = (raw ?? '').trim();
  if (!link) return { kind: 'alert', text: ACTIVITY_NOT_STARTED };
  if (link.startsWith('#')) return { kind: 'alert', text: link.slice(1).trim() || ACTIVITY_NOT_STARTED };
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'route', to: link };
  if (/^https?:\/\//i.test(link)) {
    const url = new URL(link);
    if (url.origin === origin) return { kind: 'route', to: `${url.pathname}${url.search}${url.hash}` };
    return { kind: 'external', to: url.href };
  }
  return { kind: 'alert', text: ACTIVITY_NOT_STARTED };
}

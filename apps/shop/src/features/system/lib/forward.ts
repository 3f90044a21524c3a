/** What the loading interstitial does with a link (spec 8: empty link or inactive activity). */
export type Forward = { kind: 'route'; to: string } | { kind: 'alert'; text: string };

export const ACTIVITY_NOT_STARTED = '活动暂未开始';

/**
 * The in-site path a link names, or undefined when it would leave the site. Only a path starting
 * with a single `/` (not `//` or `/\`, which browsers read as another host) or a link on this
 * very origin counts; it is resolved against the origin, so tabs, newlines and backslashes
 * hidden further in cannot carry it elsewhere.
 */
export function sameSitePath(link: string, origin: string): string | undefined {
  const isPath = link.startsWith('/') && link[1] !== '/' && link[1] !== '\\';
  if (!isPath && !/^https?:\/\//i.test(link)) return undefined;
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Resolves a forward target: an in-site path (or a link on this origin) is routed, an empty
 * link alerts 活动暂未开始, and a bare "#text" link alerts the text after the hash. Anything
 * else (another site, `//host`, `javascript:`) goes home: the interstitial never leaves the site.
 */
export function resolveForward(raw: string | null | undefined, origin: string): Forward {
  const link = (raw ?? '').trim();
  if (!link) return { kind: 'alert', text: ACTIVITY_NOT_STARTED };
  if (link.startsWith('#')) return { kind: 'alert', text: link.slice(1).trim() || ACTIVITY_NOT_STARTED };
  return { kind: 'route', to: sameSitePath(link, origin) ?? '/' };
}

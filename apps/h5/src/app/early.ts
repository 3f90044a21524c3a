import pageUrls from 'virtual:early-pages';
import { goodsImageSrcSet } from '@yaocai/domain/catalog/image-widths';
import { requestUrl } from '@yaocai/web-client/form-encode';
import { listPageQuery, readListParams } from '../features/catalog/list-params';

// The first screen's data, started by a small script of its own: index.html loads this entry
// async beside the app, so on a slow 4G phone the screen's calls, its largest picture and its
// answers arrive while the app's 120 KB still download, instead of one after the other (the home
// banner waited for the app, then for its call, then for its picture: LCP 2.6 s). The app's
// HTTP client takes a started GET of the same URL instead of asking again (lib/http.ts); what
// no screen takes within a few seconds is forgotten.

/** A GET started here, by URL, as the HTTP client asks it (`/api/focus?position=home_banner`). */
export type StartedRequests = Map<string, { at: number; response: Promise<Response> }>;

declare global {
  interface Window {
    /** The requests of this file, for the HTTP client (lib/http.ts takeStartedRequest). */
    __ycStarted?: StartedRequests;
  }
}

/** The first screens that start early: their path below /m/ and what they ask. */
interface EarlyScreen {
  path: RegExp;
  /** What the screen asks of anyone (the address's path match and query). */
  requests(match: RegExpMatchArray, search: URLSearchParams): string[];
  /** What it asks once the buyer is known to be signed in (a visitor's would be refused). */
  signedIn?: string[];
  /** Whether the screen asks who is signed in (the tab bar's and the buy bar's cart count). */
  asksWhoIsIn: boolean;
  /** The URL of the screen's largest picture, from one of its answers. */
  picture?: { from: (match: RegExpMatchArray) => string; pick: (data: unknown) => string | undefined };
  /** The screen's code, by its name in vite.config.ts `earlyPages`. */
  page: 'home' | 'detail' | 'cart' | 'list';
}

const firstOf = (list: unknown): string | undefined =>
  Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;

/**
 * The four screens of the phone budgets (issue 35): home, detail, cart and list (its first page,
 * built by the list's own readListParams and listPageQuery and the client's requestUrl). Each URL is
 * written as the screen's own call builds it; apps/h5's first-screen journey checks that each is
 * taken (a URL that drifts would be asked twice).
 */
const screens: EarlyScreen[] = [
  {
    path: /^\/?$/,
    requests: () => ['/api/focus?position=home_banner', '/api/index/spike', '/api/goods/hot?page_size=10'],
    picture: {
      from: () => '/api/focus?position=home_banner',
      pick: (data) => (Array.isArray(data) ? (data[0] as { image?: string } | undefined)?.image : undefined),
    },
    asksWhoIsIn: true,
    page: 'home',
  },
  {
    path: /^\/goods\/(\d+)$/,
    requests: (m) => [`/api/goods/detail/${m[1]}`],
    picture: {
      from: (m) => `/api/goods/detail/${m[1]}`,
      pick: (data) => {
        const goods = data as { gallery?: unknown; image?: string } | null;
        return firstOf(goods?.gallery) ?? goods?.image ?? undefined;
      },
    },
    asksWhoIsIn: true,
    page: 'detail',
  },
  {
    path: /^\/cart$/,
    requests: () => [],
    signedIn: ['/api/cart/list?filters=99999&new=1'],
    asksWhoIsIn: true,
    page: 'cart',
  },
  {
    path: /^\/list$/,
    requests: (_, search) => [requestUrl('/api/goods/list', listPageQuery(readListParams(search), 1))],
    asksWhoIsIn: false,
    page: 'list',
  },
];

/** Who is signed in (visitors too), and for a signed-in buyer the cart's count. */
const whoIsIn = '/api/user/base';
const signedInCommon = ['/api/cart/total'];

/** The data of a started call's answer (the spec's envelope), read from a copy. */
async function dataOf(response: Promise<Response> | undefined): Promise<unknown> {
  const r = await response;
  if (!r?.ok) return undefined;
  return ((await r.clone().json()) as { data?: unknown }).data;
}

function start(url: string, started: StartedRequests): Promise<Response> {
  const response = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  // A failed start is the client's to report when it takes it; unhandled here it would log twice.
  response.catch(() => undefined);
  started.set(url, { at: Date.now(), response });
  return response;
}

/** Loads the screen's largest picture at once, in the size the screen will ask for. */
function preloadPicture(src: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  const srcset = goodsImageSrcSet(src);
  if (srcset) {
    link.setAttribute('imagesrcset', srcset);
    link.setAttribute('imagesizes', '100vw');
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

/**
 * Loads (and runs, which only defines it) the screen's code with everything it imports, the
 * app's entry among them: the same modules the router's lazy import asks for a moment later,
 * so they are fetched and run once. Without it the screen's code was asked only after the app's
 * entry had run.
 */
function loadPage(url: string | undefined): void {
  if (url) import(/* @vite-ignore */ url).catch(() => undefined);
}

function startFirstScreen(): void {
  const base = '/m';
  const { pathname } = window.location;
  if (!pathname.startsWith(base)) return;
  const path = pathname.slice(base.length);
  for (const screen of screens) {
    const match = path.match(screen.path);
    if (!match) continue;
    const started: StartedRequests = new Map();
    window.__ycStarted = started;
    const search = new URLSearchParams(window.location.search);
    for (const url of screen.requests(match, search)) start(url, started);
    if (screen.asksWhoIsIn) start(whoIsIn, started);
    dataOf(started.get(whoIsIn)?.response)
      .then((user) => {
        if ((user as { is_login?: boolean } | undefined)?.is_login !== true) return;
        for (const url of [...(screen.signedIn ?? []), ...signedInCommon]) start(url, started);
      })
      .catch(() => undefined);
    const picture = screen.picture;
    if (picture) {
      dataOf(started.get(picture.from(match))?.response)
        .then((data) => {
          const src = picture.pick(data);
          if (src) preloadPicture(src);
        })
        .catch(() => undefined);
    }
    loadPage(pageUrls[screen.page]);
    return;
  }
}

startFirstScreen();

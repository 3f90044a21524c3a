import { type ActivityPhase, activityPhase } from '../time/countdown';

// 专题/活动页 (activity pages, spec sections 2, 4 and 8): an operator builds a page from sections
// and moves it through draft -> published <-> paused -> ended. What a buyer sees follows from the
// status and, for a published page, its phase against the server clock.

export const activityPageTemplates = ['zqmb', 'hdmb'] as const;
export type ActivityPageTemplate = (typeof activityPageTemplates)[number];
export const activityPageTemplateNames: Record<ActivityPageTemplate, string> = {
  zqmb: '专区模板',
  hdmb: '活动模板',
};

export const activityPageStatuses = ['draft', 'published', 'paused', 'ended'] as const;
export type ActivityPageStatus = (typeof activityPageStatuses)[number];
export const activityPageStatusNames: Record<ActivityPageStatus, string> = {
  draft: '草稿',
  published: '已发布',
  paused: '已暂停',
  ended: '已结束',
};

/** Where a page stands for a buyer: a draft is never shown; paused and ended pages say so. */
export type ActivityPagePhase = 'draft' | 'paused' | ActivityPhase;
export const activityPagePhases = [
  'draft',
  'paused',
  'upcoming',
  'running',
  'ended',
] as const satisfies readonly ActivityPagePhase[];
export const activityPagePhaseNames: Record<ActivityPagePhase, string> = {
  draft: '草稿',
  paused: '已暂停',
  upcoming: '未开始',
  running: '进行中',
  ended: '已结束',
};

export interface PageTiming {
  status: ActivityPageStatus;
  /** 10-digit seconds. */
  startsAt: number;
  endsAt: number;
}

/** The phase of a page at `nowSeconds` (the server clock). An ended status ends it whatever the dates. */
export function activityPagePhase(page: PageTiming, nowSeconds: number): ActivityPagePhase {
  if (page.status === 'draft' || page.status === 'paused') return page.status;
  if (page.status === 'ended') return 'ended';
  return activityPhase(page.startsAt, page.endsAt, nowSeconds);
}

/** The status moves the console offers: publish a draft, pause and resume, end for good. */
const moves: Record<ActivityPageStatus, readonly ActivityPageStatus[]> = {
  draft: ['published'],
  published: ['paused', 'ended'],
  paused: ['published', 'ended'],
  ended: [],
};

export function canMoveActivityPage(from: ActivityPageStatus, to: ActivityPageStatus): boolean {
  return moves[from].includes(to);
}

export const ACTIVITY_NOT_STARTED_TEXT = '活动暂未开始';
export const ACTIVITY_INACTIVE_TEXT = '活动未开始';

export interface InactiveNotice {
  text: string;
  /** A page not started counts down to its start (10-digit seconds). */
  countdownTo: number | null;
}

/**
 * What a buyer is told instead of the page (spec 8, empty link or inactive activity): a page
 * not started says 活动暂未开始 with a countdown to its start; a paused or ended page says
 * 活动未开始. The page's own text, when the operator wrote one, replaces either. A running
 * page (or a draft, which no buyer sees) has no notice.
 */
export function inactiveNotice(
  phase: ActivityPagePhase,
  page: { startsAt: number; noticeText: string },
): InactiveNotice | null {
  const own = page.noticeText.trim();
  if (phase === 'upcoming') return { text: own || ACTIVITY_NOT_STARTED_TEXT, countdownTo: page.startsAt };
  if (phase === 'paused' || phase === 'ended')
    return { text: own || ACTIVITY_INACTIVE_TEXT, countdownTo: null };
  return null;
}

/** The shop address of a page: its template route with the page id. */
export const activityPageHref = (page: { id: number; template: ActivityPageTemplate }) =>
  `/${page.template}?id=${page.id}`;

/** What an activity link (/activity/:url?/:url1?/:url2? -> /loading/activity?url=) names. */
export type ActivityLink =
  | { kind: 'page'; id: number }
  | { kind: 'text'; text: string }
  | { kind: 'path'; path: string }
  | { kind: 'unknown' };

/**
 * Reads an activity link: empty -> 活动暂未开始; `#text` -> the text after the hash; a page id
 * (`12`, or `yjh/12`, `zqmb/12`, `hdmb/12`) -> that page; an in-site path (`/...`) -> itself;
 * anything else is unknown (/noActivity).
 */
export function parseActivityLink(raw: string | null | undefined): ActivityLink {
  const link = (raw ?? '').trim();
  if (!link) return { kind: 'text', text: ACTIVITY_NOT_STARTED_TEXT };
  if (link.startsWith('#')) return { kind: 'text', text: link.slice(1).trim() || ACTIVITY_NOT_STARTED_TEXT };
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'path', path: link };
  const match = /^(?:(?:yjh|zqmb|hdmb)\/)?(\d{1,9})$/.exec(link);
  if (match && Number(match[1]) > 0) return { kind: 'page', id: Number(match[1]) };
  return { kind: 'unknown' };
}

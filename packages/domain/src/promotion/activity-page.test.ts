import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityPageBody } from '../api/activity-pages';
import { beijingInstantOf } from '../time/beijing';
import {
  activityPagePhase,
  activityPageStatuses,
  canMoveActivityPage,
  inactiveNotice,
  parseActivityLink,
} from './activity-page';

const page = { startsAt: 1_000, endsAt: 2_000 };

describe('activityPagePhase', () => {
  it('a published page follows the clock: upcoming before its start, running until its end, then ended', () => {
    expect(activityPagePhase({ ...page, status: 'published' }, 999)).toBe('upcoming');
    expect(activityPagePhase({ ...page, status: 'published' }, 1_000)).toBe('running');
    expect(activityPagePhase({ ...page, status: 'published' }, 1_999)).toBe('running');
    expect(activityPagePhase({ ...page, status: 'published' }, 2_000)).toBe('ended');
  });

  it('draft, paused and ended statuses win over the clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000 }), (now) => {
        expect(activityPagePhase({ ...page, status: 'draft' }, now)).toBe('draft');
        expect(activityPagePhase({ ...page, status: 'paused' }, now)).toBe('paused');
        expect(activityPagePhase({ ...page, status: 'ended' }, now)).toBe('ended');
      }),
    );
  });
});

describe('canMoveActivityPage', () => {
  it('publish a draft, pause and resume, end; an ended page stays ended and nothing goes back to draft', () => {
    expect(canMoveActivityPage('draft', 'published')).toBe(true);
    expect(canMoveActivityPage('published', 'paused')).toBe(true);
    expect(canMoveActivityPage('paused', 'published')).toBe(true);
    expect(canMoveActivityPage('paused', 'ended')).toBe(true);
    expect(canMoveActivityPage('draft', 'paused')).toBe(false);
    for (const to of activityPageStatuses) {
      expect(canMoveActivityPage('ended', to)).toBe(false);
      expect(canMoveActivityPage(to, 'draft')).toBe(false);
    }
  });
});

describe('inactiveNotice (spec 8)', () => {
  it('not started: 活动暂未开始 counting down to the start; paused or ended: 活动未开始', () => {
    expect(inactiveNotice('upcoming', { startsAt: 1_000, noticeText: '' })).toEqual({
      text: '活动暂未开始',
      countdownTo: 1_000,
    });
    expect(inactiveNotice('paused', { startsAt: 1_000, noticeText: ' ' })).toEqual({
      text: '活动未开始',
      countdownTo: null,
    });
    expect(inactiveNotice('ended', { startsAt: 1_000, noticeText: '' })?.text).toBe('活动未开始');
    expect(inactiveNotice('running', { startsAt: 1_000, noticeText: '敬请期待' })).toBeNull();
  });

  it("the page's own text replaces the default", () => {
    expect(inactiveNotice('upcoming', { startsAt: 5, noticeText: '双十二零点开抢' })).toEqual({
      text: '双十二零点开抢',
      countdownTo: 5,
    });
    expect(inactiveNotice('ended', { startsAt: 5, noticeText: '本场已售罄' })?.text).toBe('本场已售罄');
  });
});

describe('parseActivityLink', () => {
  it('reads empty links, hash texts, page ids, in-site paths and refuses the rest', () => {
    expect(parseActivityLink('')).toEqual({ kind: 'text', text: '活动暂未开始' });
    expect(parseActivityLink(null)).toEqual({ kind: 'text', text: '活动暂未开始' });
    expect(parseActivityLink('#敬请期待')).toEqual({ kind: 'text', text: '敬请期待' });
    expect(parseActivityLink('#')).toEqual({ kind: 'text', text: '活动暂未开始' });
    expect(parseActivityLink('12')).toEqual({ kind: 'page', id: 12 });
    expect(parseActivityLink('yjh/7')).toEqual({ kind: 'page', id: 7 });
    expect(parseActivityLink('hdmb/3')).toEqual({ kind: 'page', id: 3 });
    expect(parseActivityLink('/lqzx')).toEqual({ kind: 'path', path: '/lqzx' });
    for (const link of ['0', 'abc', '//evil.example', 'javascript:alert(1)', '1234567890', 'kxzq/1'])
      expect(parseActivityLink(link)).toEqual({ kind: 'unknown' });
  });
});

describe('beijingInstantOf', () => {
  it('reads a Beijing wall-clock minute and refuses impossible ones', () => {
    expect(beijingInstantOf('2026-12-12 00:00')?.toISOString()).toBe('2026-12-11T16:00:00.000Z');
    expect(beijingInstantOf('2026-02-30 10:00')).toBeUndefined();
    expect(beijingInstantOf('2026-12-12 24:00')).toBeUndefined();
    expect(beijingInstantOf('2026-12-12')).toBeUndefined();
  });
});

describe('activityPageBody', () => {
  const body = {
    title: '冬季感冒专场',
    template: 'zqmb',
    starts_at: '2026-12-01 00:00',
    ends_at: '2026-12-31 23:59',
    sections: [
      { type: 'banner', image: '/media/banners/1.svg' },
      { type: 'goods', title: '热销感冒药', goods_ids: '3,1,3' },
      { type: 'countdown', title: '距活动结束' },
    ],
  };

  it('accepts a page and normalises its sections', () => {
    const parsed = activityPageBody.parse(body);
    expect(parsed.sections[1]).toEqual({ type: 'goods', title: '热销感冒药', goods_ids: [3, 1] });
    expect(parsed.sections[2]).toEqual({ type: 'countdown', title: '距活动结束', until: '' });
  });

  it('says what is wrong in Chinese, field by field', () => {
    const result = activityPageBody.safeParse({
      ...body,
      sections: [
        { type: 'video' },
        { type: 'goods', title: '', goods_ids: [] },
        { type: 'banner', image: 'javascript:x' },
      ],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      'sections.0.type': '板块类型不正确',
      'sections.1.title': '请填写楼层标题',
      'sections.1.goods_ids': '请选择楼层商品',
      'sections.2.image': '横幅图片须以 / 或 https:// 开头',
    });
    const early = activityPageBody.safeParse({ ...body, ends_at: '2026-11-30 00:00' });
    expect(early.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ends_at', '结束时间须晚于开始时间'],
    ]);
  });
});

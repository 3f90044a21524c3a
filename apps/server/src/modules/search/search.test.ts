import { goodsSearchListData } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, searchDailyStats } from '../../db/schema';
import { flushSearchStats, recordSearch } from './service';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await operatorCookie(ctx.app, 'operations')).cookie;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const search = async (query: string) => {
  const res = await send('GET', `/api/goods/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return goodsSearchListData.parse(res.json().data);
};
const q = (keyword: string, more = '') => `keywords=${encodeURIComponent(keyword)}${more}`;

describe('aliases in the goods list', () => {
  it('a new installation has the real aliases (the data migration), readable in the console', async () => {
    const res = await send(
      'GET',
      `/api/admin/search/synonyms?${q('扑热息痛').replace('keywords', 'keyword')}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list).toEqual([
      expect.objectContaining({ term: '扑热息痛', expansions: ['对乙酰氨基酚'], two_way: true }),
    ]);
    const all = (await send('GET', '/api/admin/search/synonyms?page_size=100', admin)).json().data;
    expect(all.total).toBeGreaterThanOrEqual(40);
  });

  it('an old name finds the goods under their generic name and says what it searched', async () => {
    const found = await search(q('扑热息痛'));
    expect(found.searched_as).toBe('对乙酰氨基酚');
    expect(found.total).toBeGreaterThan(0);
    expect(found.list.every((g) => `${g.name}${g.common_name}`.includes('对乙酰氨基酚'))).toBe(true);
    // A nickname, typed in another case.
    const vc = await search(q('维c'));
    expect(vc.searched_as).toBe('维生素C');
    expect(vc.list.map((g) => g.name)).toContain('维生素C片');
  });

  it('a keyword without an alias, and a maker search, expand to nothing', async () => {
    const plain = await search(q('感冒'));
    expect(plain).toMatchObject({ searched_as: null, did_you_mean: null });
    expect(plain.total).toBeGreaterThan(0);
    const maker = await search(q('扑热息痛', '&type=1'));
    expect(maker).toMatchObject({ searched_as: null, total: 0 });
  });

  it('a search that finds nothing offers the nearest name by pinyin', async () => {
    const typo = await search(q('阿摸西林'));
    expect(typo.total).toBe(0);
    expect(typo.did_you_mean).toContain('阿莫西林');
    const again = await search(q(typo.did_you_mean!));
    expect(again.total).toBeGreaterThan(0);
    expect((await search(q('qqqqzzzz'))).did_you_mean).toBeNull();
  });
});

describe('console: 搜索同义词', () => {
  it('adds an alias the shop searches by at once; edits and deletes it; each write audited', async () => {
    expect((await search(q('拉肚子'))).total).toBe(0);
    const added = await send('POST', '/api/admin/search/synonyms', admin, {
      term: '拉肚子',
      expansions: '蒙脱石散、小檗碱',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id as number;
    expect(added.json().data).toMatchObject({
      term: '拉肚子',
      expansions: ['蒙脱石散', '小檗碱'],
      two_way: false,
    });
    const found = await search(q('拉肚子'));
    expect(found.searched_as).toBe('蒙脱石散、小檗碱');
    expect(found.list.some((g) => g.name.includes('蒙脱石散'))).toBe(true);

    const edited = await send('POST', `/api/admin/search/synonyms/${id}`, admin, {
      term: '拉肚子',
      expansions: ['小檗碱'],
      two_way: '1',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await search(q('拉肚子'));
    expect(after.searched_as).toBe('小檗碱');
    expect(after.list.some((g) => g.name.includes('蒙脱石散'))).toBe(false);

    expect((await send('POST', `/api/admin/search/synonyms/${id}/delete`, admin)).statusCode).toBe(200);
    expect((await search(q('拉肚子'))).total).toBe(0);
    expect((await send('POST', `/api/admin/search/synonyms/${id}/delete`, admin)).statusCode).toBe(404);

    const actions = await ctx.app.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'search_synonym'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'search_synonym.create',
      'search_synonym.update',
      'search_synonym.delete',
    ]);
    expect(actions[1]).toMatchObject({
      before: { expansions: ['蒙脱石散', '小檗碱'] },
      after: { expansions: ['小檗碱'], two_way: true },
    });
  });

  it('refuses a taken term, an alias naming itself and empty names in Chinese, writing nothing', async () => {
    const cases: [object, string, string][] = [
      [{ term: '扑热息痛', expansions: ['百服宁'] }, 'term', '该搜索词已有同义词，请编辑原有的一条'],
      [{ term: '维ｃ', expansions: ['维生素C'] }, 'term', '该搜索词已有同义词，请编辑原有的一条'],
      [{ term: '退热', expansions: ['退热'] }, 'expansions', '同义词不能与搜索词相同'],
      [{ term: '退热', expansions: '、 ,' }, 'expansions', '请至少填写一个同义词'],
      [{ term: '', expansions: ['布洛芬'] }, 'term', '请填写搜索词'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('POST', '/api/admin/search/synonyms', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().data.errors[field]).toContain(message);
    }
    const taken = await send('GET', '/api/admin/search/synonyms?keyword=%E9%80%80%E7%83%AD', admin);
    expect(taken.json().data.list.map((s: { term: string }) => s.term)).not.toContain('退热');
  });

  it('needs search:write to change and search:read to read (403 for 仓库, 401 for a visitor)', async () => {
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    const write = await send('POST', '/api/admin/search/synonyms', warehouse, {
      term: '头疼药',
      expansions: ['布洛芬'],
    });
    expect(write.statusCode).toBe(403);
    expect((await send('GET', '/api/admin/search/synonyms', warehouse)).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/search/stats', warehouse)).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/search/stats')).statusCode).toBe(401);
  });
});

describe('search statistics (搜索词统计)', () => {
  it('counts first-page searches per keyword, and those that found nothing', async () => {
    await flushSearchStats(ctx.app.db);
    await ctx.app.db.delete(searchDailyStats);
    await search(q('布洛芬'));
    await search(q('布洛芬'));
    await search(q('布洛芬', '&page=2'));
    await search(q('没有这种药'));
    await flushSearchStats(ctx.app.db);
    const zero = (await send('GET', '/api/admin/search/stats?view=zero', admin)).json().data;
    expect(zero.list).toEqual([
      expect.objectContaining({ keyword: '没有这种药', searches: 1, zero_results: 1 }),
    ]);
    const top = (await send('GET', '/api/admin/search/stats?view=top', admin)).json().data;
    expect(top.list[0]).toMatchObject({ keyword: '布洛芬', searches: 2, zero_results: 0, synonym_id: null });
    // A keyword with an alias says so (the console then offers to edit it, not to add one).
    await search(q('扑热息痛'));
    await flushSearchStats(ctx.app.db);
    const aliased = (
      await send(
        'GET',
        `/api/admin/search/stats?view=top&${q('扑热息痛').replace('keywords', 'keyword')}`,
        admin,
      )
    ).json().data;
    expect(aliased.list[0].synonym_id).toEqual(expect.any(Number));
  });

  it('counts by the Beijing day, and the console reads a date range', async () => {
    // 2026-03-01 23:59 and 2026-03-02 00:01 in Beijing (UTC+8).
    recordSearch(ctx.app.db, '夜间药', 0, new Date('2026-03-01T15:59:00Z'));
    recordSearch(ctx.app.db, '夜间药', 3, new Date('2026-03-01T16:01:00Z'));
    recordSearch(ctx.app.db, '夜间药', 0, new Date('2026-03-01T16:02:00Z'));
    await flushSearchStats(ctx.app.db);
    const days = (
      await send(
        'GET',
        `/api/admin/search/stats?view=top&from=2026-03-01&to=2026-03-02&${q('夜间药').replace('keywords', 'keyword')}`,
        admin,
      )
    ).json().data.list;
    expect(days).toEqual([
      expect.objectContaining({ day: '2026-03-02', searches: 2, zero_results: 1 }),
      expect.objectContaining({ day: '2026-03-01', searches: 1, zero_results: 1 }),
    ]);
    const first = (
      await send('GET', '/api/admin/search/stats?view=top&from=2026-03-01&to=2026-03-01', admin)
    ).json().data;
    expect(first.list.map((r: { day: string }) => r.day)).toEqual(['2026-03-01']);
    const backwards = await send('GET', '/api/admin/search/stats?from=2026-03-02&to=2026-03-01', admin);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().data.errors.from).toContain('开始日期不能晚于结束日期');
  });
});

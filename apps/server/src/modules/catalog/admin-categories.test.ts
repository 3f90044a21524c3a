import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, goods, goodsCategories } from '../../db/schema';

let ctx: TestContext;
let operations: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operations = (await operatorCookie(ctx.app, 'operations')).cookie;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = operations) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

interface MenuItem {
  id: number;
  name: string;
  children: MenuItem[];
}
const header = async () =>
  (await ctx.app.inject('/api/focus/common')).json().data as Record<string, MenuItem[]>;

describe('console category menus', () => {
  it('lists a menu parents first with goods and children counts', async () => {
    const res = await call('GET', '/api/admin/categories?menu=normal');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as {
      id: number;
      parent_id: number | null;
      goods: number;
      child_count: number;
    }[];
    const first = list[0];
    expect(first.parent_id).toBeNull();
    expect(list.slice(1, 1 + first.child_count).every((c) => c.parent_id === first.id)).toBe(true);
    expect(list.some((c) => c.goods > 0)).toBe(true);
  });

  it('a new category and its child show in the shop header at once; edits and deletes follow, audited', async () => {
    const top = await call('POST', '/api/admin/categories', { menu: 'yx', name: '冬季专区', sort: 0 });
    expect(top.statusCode, top.body).toBe(200);
    const topId = top.json().data.id as number;
    expect(top.json().data.code).toBe(`yx-c${topId}`);
    const child = await call('POST', '/api/admin/categories', {
      menu: 'yx',
      parent_id: topId,
      name: '感冒用药',
      code: 'yx-winter-cold',
    });
    expect(child.statusCode, child.body).toBe(200);
    const childId = child.json().data.id as number;
    const inHeader = (await header()).category_yx.find((c) => c.id === topId);
    expect(inHeader?.name).toBe('冬季专区');
    expect(inHeader?.children.map((c) => c.name)).toEqual(['感冒用药']);

    expect(
      (
        await call('POST', `/api/admin/categories/${childId}`, {
          menu: 'yx',
          parent_id: topId,
          name: '感冒发烧',
        })
      ).statusCode,
    ).toBe(200);
    expect((await header()).category_yx.find((c) => c.id === topId)?.children[0].name).toBe('感冒发烧');

    // A parent with children is not deleted; the child first, then the parent.
    const refused = await call('POST', `/api/admin/categories/${topId}/delete`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.errors.id).toEqual(['该分类下还有下级分类，请先删除或移走下级分类']);
    expect((await call('POST', `/api/admin/categories/${childId}/delete`)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/categories/${topId}/delete`)).statusCode).toBe(200);
    expect((await header()).category_yx.some((c) => c.id === topId)).toBe(false);

    const trail = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(childId)));
    expect(trail.map((a) => a.action)).toEqual(['category.create', 'category.update', 'category.delete']);
    expect(trail[1].before).toMatchObject({ name: '感冒用药' });
    expect(trail[1].after).toMatchObject({ name: '感冒发烧' });
  });

  it('refuses a category in use, a third level, another menu as parent and a taken code', async () => {
    const [used] = await ctx.app.db
      .select({ id: goodsCategories.categoryId })
      .from(goodsCategories)
      .innerJoin(goods, eq(goods.id, goodsCategories.goodsId))
      .limit(1);
    const inUse = await call('POST', `/api/admin/categories/${used.id}/delete`);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().data.errors.id[0]).toMatch(/^该分类下还有\d+个商品，请先把商品移到其他分类$/);

    const normal = (await call('GET', '/api/admin/categories?menu=normal')).json().data as {
      id: number;
      code: string;
      parent_id: number | null;
    }[];
    const second = normal.find((c) => c.parent_id !== null)!;
    const third = await call('POST', '/api/admin/categories', {
      menu: 'normal',
      parent_id: second.id,
      name: '三级',
    });
    expect(third.statusCode).toBe(422);
    expect(third.json().data.errors.parent_id).toEqual(['分类最多2级，请选择一级分类作为上级']);
    const otherMenu = await call('POST', '/api/admin/categories', {
      menu: 'qx',
      parent_id: normal[0].id,
      name: '跨菜单',
    });
    expect(otherMenu.json().data.errors.parent_id).toEqual(['上级分类须在同一菜单']);
    const taken = await call('POST', '/api/admin/categories', {
      menu: 'normal',
      name: '重码',
      code: normal[0].code,
    });
    expect(taken.json().data.errors.code).toEqual(['分类编码已被使用']);
    const blank = await call('POST', '/api/admin/categories', { menu: 'normal', name: '' });
    expect(blank.json().data.errors.name).toEqual(['请填写分类名称']);
    expect(
      (await call('POST', '/api/admin/categories/999999', { menu: 'normal', name: 'x' })).statusCode,
    ).toBe(404);
  });

  it('403 without content:write', async () => {
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    expect((await call('GET', '/api/admin/categories', undefined, warehouse)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/categories', { menu: 'yx', name: 'x' }, warehouse)).statusCode,
    ).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { CATEGORY_DEPTH, type CategoryBody, type CategoryMenu, type CategoryNode } from '@yaocai/domain';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, goodsCategories } from '../../db/schema/catalog';
import type { OperatorCtx } from '../../lib/context';
import { notFound, validationError } from '../../lib/errors';
import { audit } from '../audit/service';
import { invalidateContent } from '../content/service';
import { invalidateCartPromotions } from '../promotion/loaders';
import { invalidateWelfareDefinitions } from '../promotion/welfare';
import { invalidateGoodsLists } from './queries';

// Console category menus: list a menu, create, edit (rename, move, reorder), delete. The menu
// trees are two levels; a category is deleted only when no goods and no child use it. Each
// write drops the header's and the catalogue's cached copies, so the shop follows at once.

type Row = typeof categories.$inferSelect;
const view = (r: Row) => ({
  id: r.id,
  code: r.code,
  menu: r.menu,
  parent_id: r.parentId,
  name: r.name,
  sort: r.sort,
});

export async function listCategories(ctx: OperatorCtx, menu: CategoryMenu): Promise<CategoryNode[]> {
  const rows = await ctx.db
    .select({
      c: categories,
      goods: sql<number>`(select count(*)::int from ${goodsCategories} where ${goodsCategories.categoryId} = ${categories.id})`,
      children: sql<number>`(select count(*)::int from ${categories} as k where k.parent_id = ${categories.id})`,
    })
    .from(categories)
    .where(eq(categories.menu, menu))
    .orderBy(asc(categories.sort), asc(categories.id));
  const nodes = rows.map((r) => ({
    ...view(r.c),
    menu,
    goods: Number(r.goods),
    child_count: Number(r.children),
  }));
  // Parents first, each followed by its children (the order the console's tree reads).
  const top = nodes.filter((n) => n.parent_id === null);
  return top.flatMap((t) => [t, ...nodes.filter((n) => n.parent_id === t.id)]);
}

async function findCategory(db: DbOrTx, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound('分类不存在');
  return row;
}

async function checkPlace(tx: DbOrTx, body: CategoryBody, id: number | null) {
  if (body.parent_id === undefined) return null;
  if (body.parent_id === id) throw validationError({ parent_id: ['上级分类不能是自己'] });
  const [parent] = await tx.select().from(categories).where(eq(categories.id, body.parent_id));
  if (!parent) throw validationError({ parent_id: ['上级分类不存在'] });
  if (parent.menu !== body.menu) throw validationError({ parent_id: ['上级分类须在同一菜单'] });
  if (parent.parentId !== null)
    throw validationError({ parent_id: [`分类最多${CATEGORY_DEPTH}级，请选择一级分类作为上级`] });
  if (id !== null) {
    const [child] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
    if ((child?.n ?? 0) > 0)
      throw validationError({ parent_id: ['该分类有下级分类，不能再放到其他分类之下'] });
  }
  return parent.id;
}

async function uniqueCode(tx: DbOrTx, body: CategoryBody, id: number | null) {
  if (body.code) {
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        id === null
          ? eq(categories.code, body.code)
          : and(eq(categories.code, body.code), ne(categories.id, id)),
      );
    if (taken) throw validationError({ code: ['分类编码已被使用'] });
    return body.code;
  }
  return null;
}

/** A category change moves lists, the header's menu and which goods a promotion's categories cover. */
function invalidate() {
  invalidateContent();
  invalidateGoodsLists();
  invalidateCartPromotions();
  invalidateWelfareDefinitions();
}

export async function saveCategory(ctx: OperatorCtx, id: number | null, body: CategoryBody) {
  const saved = await ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await findCategory(tx, id);
    if (before && before.menu !== body.menu) {
      const [used] = await tx
        .select({ n: count() })
        .from(goodsCategories)
        .where(eq(goodsCategories.categoryId, before.id));
      if ((used?.n ?? 0) > 0 && before.parentId === null)
        throw validationError({ menu: ['该分类下有商品，不能移到其他菜单'] });
    }
    const parentId = await checkPlace(tx, body, id);
    const code = await uniqueCode(tx, body, id);
    const values = { menu: body.menu, parentId, name: body.name, sort: body.sort };
    let row: Row;
    if (before) {
      [row] = await tx
        .update(categories)
        .set({ ...values, ...(code ? { code } : {}) })
        .where(eq(categories.id, before.id))
        .returning();
    } else {
      // Without a code: the menu and a number the sequence gives (unique by construction).
      [row] = await tx
        .insert(categories)
        .values({ ...values, code: code ?? `${body.menu}-new-${randomUUID()}` })
        .returning();
      if (!code)
        [row] = await tx
          .update(categories)
          .set({ code: `${body.menu}-c${row.id}` })
          .where(eq(categories.id, row.id))
          .returning();
    }
    await audit(tx, ctx, {
      action: before ? 'category.update' : 'category.create',
      target: { type: 'category', id: row.id },
      before: before ? view(before) : undefined,
      after: view(row),
    });
    return view(row);
  });
  invalidate();
  return saved;
}

export async function deleteCategory(ctx: OperatorCtx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, id);
    const [children] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
    if ((children?.n ?? 0) > 0)
      throw validationError({ id: ['该分类下还有下级分类，请先删除或移走下级分类'] });
    const [used] = await tx
      .select({ n: count() })
      .from(goodsCategories)
      .where(eq(goodsCategories.categoryId, id));
    if ((used?.n ?? 0) > 0)
      throw validationError({ id: [`该分类下还有${used?.n}个商品，请先把商品移到其他分类`] });
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(tx, ctx, {
      action: 'category.delete',
      target: { type: 'category', id },
      before: view(before),
    });
  });
  invalidate();
}

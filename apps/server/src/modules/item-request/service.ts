import {
  type AdminItemRequestView,
  fromYuan,
  type ItemRequestBody,
  type ItemRequestStatus,
  type ItemRequestView,
  itemRequestStatusName,
  toYuan,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemRequests } from '../../db/schema/self-service';
import type { BuyerCtx, OperatorCtx } from '../../lib/context';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { assertOwnFiles } from '../account/files';
import { companyFacts, storeUserFacts } from '../account/store-facts';
import { audit } from '../audit/service';
import { listAdminGoods } from '../catalog/admin-goods-list';
import { goodsPaperFacts } from '../catalog/goods-facts';
import { notify } from '../message/service';
import { operatorNames } from '../operator/names';

// 品种求购: a store asks for goods the catalogue lacks (with its own pictures); customer service
// answers once: listed, naming the goods now on sale, or not available; the store gets a message.

type Row = typeof itemRequests.$inferSelect;
const goodsLink = (id: number) => `/list/info/${id}`;

/** The names of the goods the requests name, by id (one read of the catalogue). */
async function goodsNamesOf(db: DbOrTx, rows: Row[]): Promise<Map<number, string>> {
  const facts = await goodsPaperFacts(
    db,
    rows.flatMap((r) => (r.goodsId ? [r.goodsId] : [])),
  );
  return new Map([...facts].map(([id, g]) => [id, g.name]));
}

const view = (r: Row, goodsName: string | null): ItemRequestView => ({
  id: r.id,
  name: r.name,
  spec: r.spec,
  manufacturer: r.manufacturer,
  approval_no: r.approvalNo,
  quantity: r.quantity,
  expected_price: toYuan(r.expectedPriceFen),
  remark: r.remark,
  photos: r.photoFileIds.map((id) => `/api/files/${id}`),
  status: r.status as ItemRequestStatus,
  status_name: itemRequestStatusName(r.status),
  reply: r.reply,
  goods: r.goodsId && goodsName ? { id: r.goodsId, name: goodsName, link: goodsLink(r.goodsId) } : null,
  replied_at: r.repliedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

export async function submitItemRequest(ctx: BuyerCtx, body: ItemRequestBody): Promise<ItemRequestView> {
  await assertOwnFiles(ctx.db, ctx.actor.userId, body.photo_ids, true);
  const [row] = await ctx.db
    .insert(itemRequests)
    .values({
      userId: ctx.actor.userId,
      companyId: ctx.actor.companyId,
      name: body.name,
      spec: body.spec,
      manufacturer: body.manufacturer,
      approvalNo: body.approval_no,
      quantity: body.quantity,
      expectedPriceFen: fromYuan(body.expected_price.toFixed(2)),
      remark: body.remark,
      photoFileIds: body.photo_ids,
      createdAt: ctx.now,
    })
    .returning();
  return view(row, null);
}

export async function myItemRequests(
  ctx: BuyerCtx,
  q: { status?: ItemRequestStatus; page: number; page_size: number },
) {
  const where = and(
    eq(itemRequests.userId, ctx.actor.userId),
    q.status ? eq(itemRequests.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(itemRequests)
      .where(where)
      .orderBy(desc(itemRequests.createdAt), desc(itemRequests.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(itemRequests).where(where),
  ]);
  const goodsNames = await goodsNamesOf(ctx.db, rows);
  return {
    list: rows.map((r) => view(r, r.goodsId ? (goodsNames.get(r.goodsId) ?? null) : null)),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}

/** One of the store's own requests (another store's: 404). */
export async function myItemRequest(ctx: BuyerCtx, id: number): Promise<ItemRequestView> {
  const [r] = await ctx.db
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.id, id), eq(itemRequests.userId, ctx.actor.userId)));
  if (!r) throw notFound('求购记录不存在');
  const goodsNames = await goodsNamesOf(ctx.db, [r]);
  return view(r, r.goodsId ? (goodsNames.get(r.goodsId) ?? null) : null);
}

export async function itemRequestInbox(
  ctx: OperatorCtx,
  q: { status?: ItemRequestStatus; keyword?: string; page: number; page_size: number },
) {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const users = storeUserFacts(ctx.db);
  const where = and(
    q.status ? eq(itemRequests.status, q.status) : undefined,
    like
      ? or(
          ilike(itemRequests.name, like),
          ilike(itemRequests.manufacturer, like),
          ilike(itemRequests.approvalNo, like),
          ilike(users.storeName, like),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        r: itemRequests,
        storeName: users.storeName,
        phone: users.phone,
      })
      .from(itemRequests)
      .innerJoin(users, eq(users.id, itemRequests.userId))
      .where(where)
      // Waiting ones first, oldest first: the list is worked in order.
      .orderBy(
        ...(q.status === 'pending'
          ? [asc(itemRequests.createdAt), asc(itemRequests.id)]
          : [desc(itemRequests.createdAt), desc(itemRequests.id)]),
      )
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db
      .select({ n: count() })
      .from(itemRequests)
      .innerJoin(users, eq(users.id, itemRequests.userId))
      .where(where),
  ]);
  const requests = rows.map((x) => x.r);
  const [goodsNames, companies, operators] = await Promise.all([
    goodsNamesOf(ctx.db, requests),
    companyFacts(
      ctx.db,
      requests.map((r) => r.companyId),
    ),
    operatorNames(
      ctx.db,
      requests.map((r) => r.repliedBy),
    ),
  ]);
  return {
    list: rows.map(
      (x): AdminItemRequestView => ({
        ...view(x.r, x.r.goodsId ? (goodsNames.get(x.r.goodsId) ?? null) : null),
        store_name: x.storeName,
        phone: x.phone,
        company_name: companies.get(x.r.companyId)?.name ?? '',
        replied_by: x.r.repliedBy === null ? null : (operators.get(x.r.repliedBy) ?? null),
      }),
    ),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}

/** Answers a request once: the store's message and the audit row in the same transaction. */
export async function replyItemRequest(
  ctx: OperatorCtx,
  id: number,
  input: { status: 'listed' | 'unavailable'; goods_id: number; reply: string },
): Promise<ItemRequestView> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(itemRequests).where(eq(itemRequests.id, id)).for('update');
    if (!before) throw notFound('求购记录不存在');
    let goodsName: string | null = null;
    if (input.status === 'listed') {
      const g = (await goodsPaperFacts(tx, [input.goods_id])).get(input.goods_id);
      if (!g) throw fieldError('goods_id', '商品不存在');
      if (!g.isOnSale) throw fieldError('goods_id', '该商品未上架，请先上架再回复');
      goodsName = g.name;
    }
    const [row] = await tx
      .update(itemRequests)
      .set({
        status: input.status,
        reply: input.reply,
        goodsId: input.status === 'listed' ? input.goods_id : null,
        repliedBy: ctx.actor.operatorId,
        repliedAt: ctx.now,
      })
      .where(and(eq(itemRequests.id, id), eq(itemRequests.status, 'pending')))
      .returning();
    if (!row) throw conflict('该求购已回复');
    await notify(
      tx,
      {
        userId: row.userId,
        category: 'service',
        title: input.status === 'listed' ? '您求购的商品已上架' : '您的求购已回复',
        body:
          input.status === 'listed'
            ? `您求购的「${row.name} ${row.spec}」已上架（${goodsName}）：${input.reply}`
            : `您求购的「${row.name} ${row.spec}」暂无货源：${input.reply}`,
        link: `/pzqg/info?id=${row.id}`,
      },
      ctx.now,
    );
    await audit(tx, ctx, {
      action: 'item_request.reply',
      target: { type: 'item_request', id },
      before: { status: before.status },
      after: { status: input.status, goods_id: row.goodsId, reply: input.reply },
    });
    return view(row, goodsName);
  });
}

/**
 * Goods on sale matching a word (name, pinyin, approval number, maker: the console goods search),
 * for the answer's goods picker; customer service need not hold goods:read for it.
 */
export async function goodsForItemRequest(ctx: OperatorCtx, q: string) {
  const page = await listAdminGoods(ctx, { q, on_sale: '1', page: 1, page_size: 10 });
  return page.list.map((g) => ({ id: g.id, name: g.name, spec: g.spec, manufacturer: g.manufacturer }));
}

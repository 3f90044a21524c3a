import {
  type AdminFeedbackView,
  beijingDateOf,
  type FeedbackBody,
  type FeedbackView,
  feedbackTypeName,
} from '@yaocai/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { companies, feedback, operators, users } from '../../db/schema/account';
import type { BuyerCtx, OperatorCtx } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { assertOwnFiles } from '../account/files';
import { audit } from '../audit/service';
import { notify } from '../message/service';

// Feedback: a store writes (with up to three of its own pictures); customer service answers once
// in the console; the answer is on the store's /yjfk page and in its messages.

type Row = typeof feedback.$inferSelect;

const view = (r: Row): FeedbackView => ({
  id: r.id,
  type: r.type,
  type_name: feedbackTypeName(r.type),
  content: r.content,
  photos: r.photoFileIds.map((id) => `/api/files/${id}`),
  contact: r.contact,
  status: r.status as FeedbackView['status'],
  reply: r.reply,
  replied_at: r.repliedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

export async function submitFeedback(ctx: BuyerCtx, body: FeedbackBody): Promise<FeedbackView> {
  await assertOwnFiles(ctx.db, ctx.actor.userId, body.photo_ids, true);
  const [row] = await ctx.db
    .insert(feedback)
    .values({
      userId: ctx.actor.userId,
      companyId: ctx.actor.companyId,
      type: body.type,
      content: body.content,
      photoFileIds: body.photo_ids,
      contact: body.contact,
      createdAt: ctx.now,
    })
    .returning();
  return view(row);
}

export async function myFeedback(ctx: BuyerCtx, page: number, pageSize: number) {
  const mine = eq(feedback.userId, ctx.actor.userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(feedback)
      .where(mine)
      .orderBy(desc(feedback.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(feedback).where(mine),
  ]);
  return { list: rows.map(view), total: total?.n ?? 0, page, page_size: pageSize };
}

export async function feedbackInbox(
  ctx: OperatorCtx,
  query: { status?: 'pending' | 'replied'; page: number; page_size: number },
) {
  const where = query.status ? eq(feedback.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        f: feedback,
        storeName: users.storeName,
        phone: users.phone,
        companyName: companies.name,
        repliedBy: operators.name,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .innerJoin(companies, eq(companies.id, feedback.companyId))
      .leftJoin(operators, eq(operators.id, feedback.repliedBy))
      .where(where)
      // Waiting ones first, oldest first: the inbox is worked in order.
      .orderBy(query.status === 'pending' ? feedback.id : desc(feedback.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(feedback).where(where),
  ]);
  return {
    list: rows.map(
      (r): AdminFeedbackView => ({
        ...view(r.f),
        store_name: r.storeName,
        phone: r.phone,
        company_name: r.companyName,
        replied_by: r.repliedBy,
      }),
    ),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** Answers a feedback once: the store's message and the audit row in the same transaction. */
export async function replyFeedback(ctx: OperatorCtx, id: number, reply: string): Promise<FeedbackView> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
    if (!before) throw notFound('反馈不存在');
    const [row] = await tx
      .update(feedback)
      .set({ status: 'replied', reply, repliedBy: ctx.actor.operatorId, repliedAt: ctx.now })
      .where(and(eq(feedback.id, id), eq(feedback.status, 'pending')))
      .returning();
    if (!row) throw conflict('该反馈已回复');
    await notify(
      tx,
      {
        userId: row.userId,
        category: 'service',
        title: '您的意见反馈已回复',
        body: `您于${beijingDateOf(row.createdAt)}提交的「${feedbackTypeName(row.type)}」反馈已回复：${reply}`,
        link: '/yjfk',
      },
      ctx.now,
    );
    await audit(tx, ctx, {
      action: 'feedback.reply',
      target: { type: 'feedback', id },
      before: { status: before.status },
      after: { status: 'replied', reply },
    });
    return view(row);
  });
}

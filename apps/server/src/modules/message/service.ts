import {
  addDays,
  beijingToday,
  daysBetween,
  type MessageCategory,
  type MessagePage,
  type MessageView,
  messageCategoryName,
  qualificationKindName,
} from '@yaocai/domain';
import { and, count, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { companies, messages, qualifications, users } from '../../db/schema/account';
import type { BuyerCtx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { SmsProvider } from '../../lib/sms';
import { isCurrentLicence } from '../account/licences';
import { heldCouponsEnding } from '../promotion/service';
import { recordWebhookEvent } from '../webhooks/events';

// 我的消息: every message a store gets is written here, by the event it reports (an order
// shipped, a decision taken, an answer given), in the transaction of that event; the reminders
// (licences, coupons about to expire) by a sweep, once each through their dedupe key.

export interface Notice {
  userId: number;
  category: MessageCategory;
  title: string;
  body: string;
  /** A shop path to what the message is about. */
  link?: string | null;
  /** Set by sweeps: the same key for the same store is written once. */
  dedupeKey?: string;
}

/** Writes messages in the caller's transaction. Returns how many were new. */
export async function notify(db: DbOrTx, notices: Notice | Notice[], now: Date): Promise<number> {
  const list = Array.isArray(notices) ? notices : [notices];
  if (list.length === 0) return 0;
  const rows = await db
    .insert(messages)
    .values(
      list.map((n) => ({
        userId: n.userId,
        category: n.category,
        title: n.title,
        body: n.body,
        link: n.link ?? null,
        dedupeKey: n.dedupeKey ?? null,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: messages.id });
  return rows.length;
}

/** The same notice to every store of a company (qualification news concerns them all). */
export async function notifyCompany(
  db: DbOrTx,
  companyId: number,
  notice: Omit<Notice, 'userId'>,
  now: Date,
): Promise<number> {
  const stores = await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  return notify(
    db,
    stores.map((s) => ({ ...notice, userId: s.id })),
    now,
  );
}

const view = (r: typeof messages.$inferSelect): MessageView => ({
  id: r.id,
  category: r.category,
  category_name: messageCategoryName(r.category),
  title: r.title,
  body: r.body,
  link: r.link,
  read: r.readAt !== null,
  created_at: r.createdAt.toISOString(),
});

/** How many of a store user's messages are unread (the member centre's figure). */
export async function unreadMessageCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return Number(row?.n ?? 0);
}

async function unreadCounts(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ category: messages.category, n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)))
    .groupBy(messages.category);
  const byCategory: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    byCategory[r.category] = r.n;
    total += r.n;
  }
  return { total, by_category: byCategory };
}

export async function myMessages(
  ctx: BuyerCtx,
  q: { category?: MessageCategory; unread: number; page: number; page_size: number },
): Promise<MessagePage> {
  const where = and(
    eq(messages.userId, ctx.actor.userId),
    q.category ? eq(messages.category, q.category) : undefined,
    q.unread ? isNull(messages.readAt) : undefined,
  );
  const [rows, [total], unread] = await Promise.all([
    ctx.db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(messages).where(where),
    unreadCounts(ctx.db, ctx.actor.userId),
  ]);
  return { list: rows.map(view), total: total?.n ?? 0, page: q.page, page_size: q.page_size, unread };
}

/**
 * Marks messages read: the given ids (each must be the store's own, or nothing changes and the
 * answer is 404), or every unread one, of a category if given.
 */
export async function markRead(ctx: BuyerCtx, input: { ids?: number[]; category?: MessageCategory }) {
  const mine = eq(messages.userId, ctx.actor.userId);
  return ctx.db.transaction(async (tx) => {
    if (input.ids) {
      const [owned] = await tx
        .select({ n: count() })
        .from(messages)
        .where(and(mine, inArray(messages.id, input.ids)));
      if ((owned?.n ?? 0) !== input.ids.length) throw notFound('消息不存在');
    }
    const updated = await tx
      .update(messages)
      .set({ readAt: ctx.now })
      .where(
        and(
          mine,
          isNull(messages.readAt),
          input.ids ? inArray(messages.id, input.ids) : undefined,
          input.category ? eq(messages.category, input.category) : undefined,
        ),
      )
      .returning({ id: messages.id });
    const unread = await unreadCounts(tx, ctx.actor.userId);
    return { updated: updated.length, unread: unread.total };
  });
}

/** Days before a licence ends on which its stores are told (and told again, nearer). */
export const LICENCE_REMINDER_DAYS = [60, 30, 7] as const;
/** Days before an unused coupon ends on which its store is told. */
export const COUPON_REMINDER_DAYS = 3;

/**
 * The reminders due at `now`: approved licences entering their 60/30/7-day windows (Beijing
 * calendar; a licence is valid through its expiry day), unused coupons ending within three days.
 * Each is written once per window through its dedupe key, so the sweep may run any number of
 * times, in any number of processes. Returns how many messages were new.
 */
export async function sendReminders(
  db: Db,
  now: Date,
  sms?: Pick<SmsProvider, 'sendNotice'>,
): Promise<number> {
  const today = beijingToday(now);
  const widest = Math.max(...LICENCE_REMINDER_DAYS);
  const licences = await db
    .select({
      id: qualifications.id,
      companyId: qualifications.companyId,
      phone: companies.contactPhone,
      kind: qualifications.kind,
      number: qualifications.number,
      expiresOn: qualifications.expiresOn,
    })
    .from(qualifications)
    .innerJoin(companies, eq(companies.id, qualifications.companyId))
    .where(
      and(
        eq(qualifications.status, 'approved'),
        isCurrentLicence(),
        gte(qualifications.expiresOn, today),
        lte(qualifications.expiresOn, addDays(today, widest)),
      ),
    );
  let sent = 0;
  for (const l of licences) {
    if (l.expiresOn === null) continue; // long-term: the query's range already leaves it out
    const left = daysBetween(today, l.expiresOn);
    // The narrowest window the licence is in: one message per window.
    const window = [...LICENCE_REMINDER_DAYS].sort((a, b) => a - b).find((d) => left <= d);
    if (window === undefined) continue;
    // The messages and the ERP's licence.expiring event: once per window, in one transaction.
    const written = await db.transaction(async (tx) => {
      const n = await notifyCompany(
        tx,
        l.companyId,
        {
          category: 'account',
          title: left === 0 ? '资质证件今日到期' : `资质证件${left}天后到期`,
          body:
            left === 0
              ? `您的${qualificationKindName(l.kind)}（${l.number}）今日到期，明日起将无法下单，请尽快上传新证件。`
              : `您的${qualificationKindName(l.kind)}（${l.number}）将于${l.expiresOn}到期，还剩${left}天。到期后将无法下单，请尽快上传新证件。`,
          link: '/zzzj',
          dedupeKey: `licence:${l.id}:${l.expiresOn}:${window}`,
        },
        now,
      );
      if (n > 0)
        await recordWebhookEvent(
          tx,
          'licence.expiring',
          {
            company_id: l.companyId,
            licence_id: l.id,
            kind: l.kind,
            number: l.number,
            expires_on: l.expiresOn,
            days_left: left,
          },
          now,
        );
      return n;
    });
    sent += written;
    // The company's contact hears it by SMS too, once per window (the sweep that wrote the
    // messages sends it); a failed SMS leaves the messages, and is not retried.
    if (written > 0 && sms)
      await sms
        .sendNotice('licence_expiry', l.phone, {
          // Template variables, in this order: licence, number, date, days.
          params: {
            licence: qualificationKindName(l.kind),
            number: l.number,
            date: l.expiresOn,
            days: String(left),
          },
          text: `【药采】您的${qualificationKindName(l.kind)}（${l.number}）${
            left === 0 ? '今日到期' : `将于${l.expiresOn}到期，还剩${left}天`
          }，到期后将无法下单，请尽快登录药采上传新证件。`,
        })
        .catch(() => undefined);
  }
  const soon = new Date(now.getTime() + COUPON_REMINDER_DAYS * 86_400_000);
  const ending = await heldCouponsEnding(db, now, soon);
  if (ending.length > 0)
    sent += await notify(
      db,
      ending.map((c) => ({
        userId: c.userId,
        category: 'promotion' as const,
        title: '优惠券即将过期',
        body: `您的优惠券「${c.name}」将于${beijingToday(c.validTo ?? now)}到期，请尽快使用。`,
        link: '/yhq',
        dedupeKey: `coupon:${c.id}`,
      })),
      now,
    );
  return sent;
}

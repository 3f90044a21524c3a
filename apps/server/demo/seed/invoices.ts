import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import { invoices, messages, operators, orders } from '../../src/db/schema';
import { issuedNotice, issuedValues } from '../../src/modules/invoice/issue';
import { notify } from '../../src/modules/message/service';

const DAY = 86_400_000;

/**
 * The demo orders' invoices (/dzfp, 发票管理): each order that asked for one at checkout has its
 * request; the completed order's invoice is issued by 财务小陈 (with its message), the shipped
 * one was sent back for a wrong title, the rest wait for payment or in finance's queue. Needs
 * the orders and the operators.
 */
export async function seedInvoices(tx: Tx) {
  const [caiwu] = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, 'caiwu'));
  const asked = await tx.select().from(orders).where(isNotNull(orders.invoice)).orderBy(asc(orders.id));
  if (!caiwu) return;
  for (const o of asked) {
    const request = o.invoice;
    if (!request) continue;
    const [row] = await tx
      .insert(invoices)
      .values({
        orderId: o.id,
        userId: o.userId,
        type: request.type,
        title: request.title,
        taxNo: request.taxNo ?? '',
        createdAt: o.createdAt,
        updatedAt: o.createdAt,
      })
      .returning();
    if (o.status === 'shipped') {
      await tx
        .update(invoices)
        .set({ status: 'rejected', rejectReason: '专票需填写纳税人识别号，请补充后重新提交' })
        .where(eq(invoices.id, row.id));
      await tx.insert(messages).values({
        userId: o.userId,
        category: 'order',
        title: '发票申请被退回',
        body: `订单${o.orderNo}的发票申请被退回：专票需填写纳税人识别号，请补充后重新提交。请修改开票信息后重新提交。`,
        link: '/dzfp',
        createdAt: new Date(o.createdAt.getTime() + DAY),
      });
    }
    if (o.status !== 'completed') continue;
    const issuedAt = new Date(o.createdAt.getTime() + 2 * DAY);
    const issued = await issuedValues(tx, row.id, o.id, caiwu.id, issuedAt);
    await tx.update(invoices).set(issued).where(eq(invoices.id, row.id));
    await notify(tx, issuedNotice(o.userId, o.orderNo, issued), issuedAt);
  }
}

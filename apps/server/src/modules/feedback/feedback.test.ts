import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer, operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, files, messages } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

async function picture(userId: number, mime = 'image/png') {
  const [row] = await ctx.app.db
    .insert(files)
    .values({
      storageKey: `uploads/test/${userId}.png`,
      mime,
      size: 10,
      originalName: 'p.png',
      ownerUserId: userId,
    })
    .returning();
  return row.id;
}

describe('feedback', () => {
  it('a store sends feedback; customer service answers once; the store reads it and gets a message', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const photo = await picture(buyer.user.id);
    const sent = await send('POST', '/api/user/feedback', cookie, {
      type: 'delivery',
      content: '上周的订单外箱破损，请加强包装',
      photo_ids: [photo],
      contact: '13900000000',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().data.id as number;
    expect(sent.json().data).toMatchObject({
      status: 'pending',
      type_name: '物流配送',
      photos: [`/api/files/${photo}`],
    });

    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    const inbox = (await send('GET', '/api/admin/feedback?status=pending', service)).json().data;
    expect(inbox.list.find((f: { id: number }) => f.id === id)).toMatchObject({
      phone: buyer.user.phone,
      status: 'pending',
    });

    const answered = await send('POST', `/api/admin/feedback/${id}/reply`, service, {
      reply: '已安排更换加厚纸箱，感谢反馈',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const again = await send('POST', `/api/admin/feedback/${id}/reply`, service, { reply: '再次回复' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该反馈已回复');

    const mine = (await send('GET', '/api/user/feedback', cookie)).json().data;
    expect(mine.list[0]).toMatchObject({ id, status: 'replied', reply: '已安排更换加厚纸箱，感谢反馈' });
    const [message] = await ctx.app.db.select().from(messages).where(eq(messages.userId, buyer.user.id));
    expect(message.title).toBe('您的意见反馈已回复');
    expect(message.body).toContain('已安排更换加厚纸箱');
    const [row] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'feedback.reply'));
    expect(row).toMatchObject({
      targetId: String(id),
      after: { status: 'replied', reply: '已安排更换加厚纸箱，感谢反馈' },
    });
  });

  it('refuses bad input in Chinese, and a picture of another store or a non-image file, writing nothing', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const other = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const bad = await send('POST', '/api/user/feedback', cookie, {
      type: 'x',
      content: '短',
      photo_ids: [1, 2, 3, 4],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors).toMatchObject({
      type: ['请选择反馈类型'],
      content: ['反馈内容至少5个字'],
      photo_ids: ['最多上传3张图片'],
    });
    const long = await send('POST', '/api/user/feedback', cookie, {
      type: 'other',
      content: '长'.repeat(501),
    });
    expect(long.statusCode).toBe(422);
    const theirs = await picture(other.user.id);
    const stolen = await send('POST', '/api/user/feedback', cookie, {
      type: 'other',
      content: '用别人的图片试试',
      photo_ids: [theirs],
    });
    expect(stolen.statusCode).toBe(404);
    const pdf = await picture(buyer.user.id, 'application/pdf');
    const notImage = await send('POST', '/api/user/feedback', cookie, {
      type: 'other',
      content: '上传的是文档不是图片',
      photo_ids: [pdf],
    });
    expect(notImage.statusCode).toBe(422);
    expect((await send('GET', '/api/user/feedback', cookie)).json().data.total).toBe(0);
  });

  it('401 for a visitor, 403 for an operator without feedback:write, 404 for a missing one', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/user/feedback', payload: {} })).statusCode,
    ).toBe(401);
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    expect((await send('GET', '/api/admin/feedback', warehouse)).statusCode).toBe(403);
    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    expect(
      (await send('POST', '/api/admin/feedback/999999/reply', service, { reply: '你好' })).statusCode,
    ).toBe(404);
  });
});

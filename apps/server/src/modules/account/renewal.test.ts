import { addDays, beijingToday } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer, operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { files, messages, qualifications } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const today = beijingToday(new Date());
const soon = addDays(today, 19);
const later = addDays(today, 5 * 365);
let n = 0;
async function fileOf(userId: number) {
  n++;
  const [row] = await ctx.app.db
    .insert(files)
    .values({
      storageKey: `uploads/test/l${n}.pdf`,
      mime: 'application/pdf',
      size: 10,
      originalName: 'l.pdf',
      ownerUserId: userId,
    })
    .returning();
  return row.id;
}

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

describe('资质证件: a renewal goes to the review queue and replaces the old licence once approved', () => {
  it('refuses an expired date, a file not the store’s, and a second renewal of the same kind', async () => {
    const b = await createBuyer(ctx.app.db, { licences: false });
    const other = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const old = await fileOf(b.user.id);
    const [licence] = await ctx.app.db
      .insert(qualifications)
      .values({
        companyId: b.company.id,
        kind: 'drug_licence',
        number: '浙AA5710001',
        expiresOn: soon,
        fileId: old,
        status: 'approved',
      })
      .returning();
    const renewal = { kind: 'drug_licence', number: '浙AA5710002', expires_on: later };

    const expired = await call('POST', '/api/user/zizhi', cookie, {
      ...renewal,
      expires_on: today,
      file_id: await fileOf(b.user.id),
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().data.errors.expires_on).toEqual(['新证件的有效期须晚于今天']);
    const notMine = await call('POST', '/api/user/zizhi', cookie, {
      ...renewal,
      file_id: await fileOf(other.user.id),
    });
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().data.errors.file_id).toEqual(['证件文件不存在，请重新上传']);
    const reused = await call('POST', '/api/user/zizhi', cookie, { ...renewal, file_id: old });
    expect(reused.statusCode).toBe(422);

    const sent = await call('POST', '/api/user/zizhi', cookie, {
      ...renewal,
      file_id: await fileOf(b.user.id),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const again = await call('POST', '/api/user/zizhi', cookie, {
      ...renewal,
      file_id: await fileOf(b.user.id),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().data.errors.kind).toEqual(['药品经营许可证已有待审核的新证件，请等待审核']);

    // The old licence goes on counting until the renewal is approved.
    const list = (await call('GET', '/api/user/zizhi', cookie)).json().data;
    expect(list.map((q: { status: string }) => q.status)).toEqual(['approved', 'pending']);
    expect((await call('GET', '/api/user/center', cookie)).json().data.qualification).toMatchObject({
      expires_on: soon,
      days_left: 19,
      warning: '资质证件将在19天后到期，请及时上传新证件',
    });

    // 质管 sees the approved company in the 待审核 queue, approves the new document.
    const op = await operatorCookie(ctx.app);
    const queue = (await call('GET', '/api/admin/qualifications?status=pending', op.cookie)).json().data;
    const row = queue.list.find((c: { id: number }) => c.id === b.company.id);
    expect(row).toMatchObject({ qualification_status: 'approved', documents_pending: 1 });
    // The total counts what the list holds.
    expect(queue.total).toBe(queue.list.length);
    const decided = await call(
      'POST',
      `/api/admin/qualifications/${b.company.id}/documents/${sent.json().data.id}`,
      op.cookie,
      { approve: true },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const [before] = await ctx.app.db.select().from(qualifications).where(eq(qualifications.id, licence.id));
    expect(before.status).toBe('replaced');
    expect((await call('GET', '/api/user/center', cookie)).json().data.qualification).toMatchObject({
      expires_on: later,
      warning: null,
    });
    const told = await ctx.app.db.select().from(messages).where(eq(messages.userId, b.user.id));
    expect(told.map((m) => m.title)).toContain('证件更新已通过');
    const after = (await call('GET', '/api/admin/qualifications?status=pending', op.cookie)).json().data;
    expect(after.list.some((c: { id: number }) => c.id === b.company.id)).toBe(false);
  });

  it('refuses a renewed purchase proxy without its purchaser', async () => {
    const b = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const proxy = {
      kind: 'proxy',
      number: 'WT-2026-002',
      expires_on: later,
      file_id: await fileOf(b.user.id),
    };
    const refused = await call('POST', '/api/user/zizhi', cookie, { ...proxy, holder_name: '刘芳' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.errors).toEqual({ holder_id_no: ['请填写委托书上的采购人员身份证号码'] });
    const sent = await call('POST', '/api/user/zizhi', cookie, {
      ...proxy,
      holder_name: '刘芳',
      holder_id_no: '320508198506123024',
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('a visitor is refused before the body is read', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/zizhi', payload: { kind: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

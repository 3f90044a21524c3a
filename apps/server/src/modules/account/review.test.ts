import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { messages, users } from '../../db/schema';
import { client } from './test-kit';

let ctx: TestContext;
let api: ReturnType<typeof client>;
let quality: string;
beforeAll(async () => {
  ctx = await createTestApp();
  api = client(ctx);
  quality = (await operatorCookie(ctx.app, 'quality')).cookie;
});
afterAll(() => ctx.close());

const firstGoods = async (cookie: string) =>
  (await api.get('/api/goods/list?page_size=3', cookie)).json().data.list[0] as {
    price_visibility: string;
    base_price: number | null;
  };

describe('qualification review (质管)', () => {
  it('approves demo buyer 13800000002 document by document, then the company: the buyer sees prices', async () => {
    const buyer = await api.login('13800000002');
    expect((await firstGoods(buyer)).price_visibility).toBe('pending');

    const queue = (await api.get('/api/admin/qualifications', quality)).json().data;
    const clinic = queue.list.find((c: { name: string }) => c.name === '康宁诊所');
    expect(clinic).toMatchObject({ qualification_status: 'pending', documents: 2, documents_pending: 2 });

    const detail = (await api.get(`/api/admin/qualifications/${clinic.id}`, quality)).json().data;
    expect(detail.stores.map((s: { phone: string }) => s.phone)).toEqual(['13800000002']);
    const [licence, medical] = detail.documents;
    expect(licence).toMatchObject({ kind_name: '营业执照', number: '92320508MA1QW2E45K', status: 'pending' });
    // The document image is served to the operator.
    const image = await api.get(licence.file_url, quality);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, licence.file_mime]);

    // The company cannot be approved while a document waits.
    const early = await api.post(
      `/api/admin/qualifications/${clinic.id}/decision`,
      { approve: true, business_scope: ['fcfy'] },
      quality,
    );
    expect([early.statusCode, early.json().message]).toEqual([400, '还有证件未审核，请先逐项审核证件']);

    const refuseWithout = await api.post(
      `/api/admin/qualifications/${clinic.id}/documents/${licence.id}`,
      { approve: false },
      quality,
    );
    expect(refuseWithout.json().data.errors.reason).toEqual(['退回时请填写原因']);
    const doc = (id: number, body: object) =>
      api.post(`/api/admin/qualifications/${clinic.id}/documents/${id}`, body, quality);
    expect((await doc(licence.id, { approve: true })).json().data.documents[0].status).toBe('approved');
    const corrected = (await doc(medical.id, { approve: true, expires_on: '2030-06-30' })).json().data;
    expect(corrected.documents[1]).toMatchObject({ status: 'approved', expires_on: '2030-06-30' });

    const noScope = await api.post(
      `/api/admin/qualifications/${clinic.id}/decision`,
      { approve: true },
      quality,
    );
    expect(noScope.json().data.errors.business_scope).toEqual(['请至少选择一项经营范围']);
    const approved = await api.post(
      `/api/admin/qualifications/${clinic.id}/decision`,
      { approve: true, business_scope: ['fcfy', 'zcy', 'hxyzj', 'kssz', 'cfy'] },
      quality,
    );
    expect(approved.json().data).toMatchObject({
      qualification_status: 'approved',
      business_scope: ['fcfy', 'zcy', 'hxyzj', 'kssz', 'cfy'],
    });

    const goods = await firstGoods(buyer);
    expect(goods.price_visibility).toBe('visible');
    expect(goods.base_price).toBeGreaterThan(0);
    expect((await api.get('/api/user/base', buyer)).json().data.is_passed).toBe(true);

    // The buyer is told: a message and an SMS.
    const [user] = await ctx.app.db.select().from(users).where(eq(users.phone, '13800000002'));
    const inbox = await ctx.app.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(inbox.map((m) => m.title)).toContain('资质审核通过');
    expect(ctx.app.sms.lastNotice('13800000002')).toContain('审核通过');

    // Each decision is audited with the values before and after.
    const admin = (await operatorCookie(ctx.app)).cookie;
    const company = (
      await api.get(`/api/admin/audit?target_type=company&target_id=${clinic.id}`, admin)
    ).json().data.list;
    expect(company).toEqual([
      expect.objectContaining({
        action: 'company.review',
        before: expect.objectContaining({ qualification_status: 'pending' }),
        after: expect.objectContaining({ qualification_status: 'approved' }),
      }),
    ]);
    const documents = (await api.get('/api/admin/audit?action=qualification.review', admin)).json().data.list;
    expect(
      documents.map((r: { target_id: string; after: { expires_on: string } }) => [
        r.target_id,
        r.after.expires_on,
      ]),
    ).toEqual([
      [String(medical.id), '2030-06-30'],
      [String(licence.id), licence.expires_on],
    ]);
    expect(
      (await api.get('/api/admin/qualifications?status=approved', quality))
        .json()
        .data.list.map((c: { id: number }) => c.id),
    ).toContain(clinic.id);
  });

  it('refuses a company with a reason the buyer reads; an expired document cannot pass', async () => {
    const queue = (await api.get('/api/admin/qualifications?status=approved&keyword=连锁', quality)).json()
      .data;
    const chain = queue.list[0];
    expect(chain).toBeDefined();
    const detail = (await api.get(`/api/admin/qualifications/${chain.id}`, quality)).json().data;
    const expired = await api.post(
      `/api/admin/qualifications/${chain.id}/documents/${detail.documents[0].id}`,
      { approve: true, expires_on: '2020-01-01' },
      quality,
    );
    expect(expired.json().data.errors.expires_on).toEqual(['证件已过期，不能审核通过']);
    const noReason = await api.post(
      `/api/admin/qualifications/${chain.id}/decision`,
      { approve: false },
      quality,
    );
    expect(noReason.statusCode).toBe(422);
    const refused = await api.post(
      `/api/admin/qualifications/${chain.id}/decision`,
      { approve: false, reason: '营业执照已过期' },
      quality,
    );
    expect(refused.json().data).toMatchObject({
      qualification_status: 'rejected',
      qualification_note: '营业执照已过期',
    });
    const phone = detail.stores[0].phone;
    expect(ctx.app.sms.lastNotice(phone)).toContain('营业执照已过期');
    const [user] = await ctx.app.db.select().from(users).where(eq(users.phone, phone));
    const inbox = await ctx.app.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(inbox.find((m) => m.title === '资质审核未通过')?.body).toContain('营业执照已过期');
  });

  it('takes decisions form-encoded, as the console sends them', async () => {
    const queue = (await api.get('/api/admin/qualifications?status=rejected', quality)).json().data;
    const company = queue.list[0];
    const detail = (await api.get(`/api/admin/qualifications/${company.id}`, quality)).json().data;
    const form = (url: string, body: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { cookie: quality, 'content-type': 'application/x-www-form-urlencoded' },
      });
    const doc = await form(
      `/api/admin/qualifications/${company.id}/documents/${detail.documents[0].id}`,
      'approve=false&reason=%E5%9B%BE%E7%89%87%E4%B8%8D%E6%B8%85%E6%99%B0',
    );
    expect(doc.statusCode).toBe(200);
    expect(doc.json().data.documents[0]).toMatchObject({ status: 'rejected', review_note: '图片不清晰' });
    const missing = await form(`/api/admin/qualifications/${company.id}/decision`, 'approve=maybe');
    expect(missing.json().data.errors.approve).toEqual(['请选择通过或退回']);
  });

  it('finds buyer stores by phone, store or company name with their credit', async () => {
    const finance = (await operatorCookie(ctx.app, 'finance')).cookie;
    const found = (await api.get('/api/admin/buyers?keyword=13800000001', finance)).json().data;
    expect(found).toEqual([
      expect.objectContaining({
        phone: '13800000001',
        credit_limit: expect.any(Number),
        term_days: expect.any(Number),
      }),
    ]);
    const empty = await api.get('/api/admin/buyers?keyword=', finance);
    expect(empty.json().data.errors.keyword).toEqual(['请输入手机号、门店或企业名称']);
    expect((await api.get('/api/admin/buyers?keyword=%25', finance)).json().data).toEqual([]);
  });
});

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

/** A console call form-encoded, as the console's HTTP client sends it. */
const form = (url: string, body: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { cookie: quality, 'content-type': 'application/x-www-form-urlencoded' },
  });

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
    expect(clinic).toMatchObject({ qualification_status: 'pending', documents: 3, documents_pending: 3 });

    const detail = (await api.get(`/api/admin/qualifications/${clinic.id}`, quality)).json().data;
    expect(detail.stores.map((s: { phone: string }) => s.phone)).toEqual(['13800000002']);
    const [licence, medical, proxy] = detail.documents;
    expect(licence).toMatchObject({ kind_name: '营业执照', number: '92320508MA1QW2E45K', status: 'pending' });
    // The reviewer chooses the scope codes among what the licence's type may grant.
    expect(medical.grants.map((g: { code: string }) => g.code)).toContain('cfy');
    expect(proxy).toMatchObject({ kind: 'proxy', holder_name: '刘芳', holder_id_no: '320508198506123024' });
    // Nothing approved yet: every licence a clinic needs is missing.
    expect(detail.licence_gaps).toEqual(['缺少「医疗机构执业许可证」', '缺少「采购委托书」']);
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
    const expired = await doc(medical.id, { approve: true, expires_on: '2020-01-01' });
    expect(expired.json().data.errors.expires_on).toEqual(['证件已过期，不能审核通过']);
    const beyond = await doc(medical.id, { approve: true, scopes: ['bjsp'] });
    expect(beyond.json().data.errors.scopes).toEqual(['「医疗机构执业许可证」不能载明「保健食品」经营范围']);
    // Form-encoded, as the console sends it: the corrected date, the issuer and the printed scope.
    const corrected = await form(
      `/api/admin/qualifications/${clinic.id}/documents/${medical.id}`,
      `approve=true&expires_on=2030-06-30&issuer=${encodeURIComponent('苏州市卫健委')}&scopes%5B0%5D=cfy&scopes%5B1%5D=fcfy&scopes%5B2%5D=zcy&scopes%5B3%5D=hxyzj&scopes%5B4%5D=kssz`,
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data.documents[1]).toMatchObject({
      status: 'approved',
      expires_on: '2030-06-30',
      issuer: '苏州市卫健委',
      scopes: ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz'].map((code) => expect.objectContaining({ code })),
    });
    // A proxy is approved with its purchaser; an ID card number with a wrong check digit is refused.
    const badId = await doc(proxy.id, { approve: true, holder_id_no: '320508198506123025' });
    expect(badId.json().data.errors.holder_id_no).toEqual(['请填写正确的18位身份证号码']);
    const proxied = (await doc(proxy.id, { approve: true })).json().data;
    expect(proxied.documents[2]).toMatchObject({ status: 'approved', holder_name: '刘芳' });
    expect(proxied.licence_gaps).toEqual([]);
    // A reviewed licence is kept as reviewed: it cannot be decided again.
    const again = await doc(licence.id, { approve: false, reason: '重复' });
    expect([again.statusCode, again.json().message]).toEqual([400, '该证件已审核，不能再次审核']);

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
    // The demo data's own reviews (of another company's licences) are in the log too.
    const ours = new Set([proxy.id, medical.id, licence.id].map(String));
    const documents = (await api.get('/api/admin/audit?action=qualification.review', admin))
      .json()
      .data.list.filter((r: { target_id: string }) => ours.has(r.target_id));
    expect(
      documents.map((r: { target_id: string; after: { expires_on: string } }) => [
        r.target_id,
        r.after.expires_on,
      ]),
    ).toEqual([
      [String(proxy.id), proxy.expires_on],
      [String(medical.id), '2030-06-30'],
      [String(licence.id), licence.expires_on],
    ]);
    expect(
      (await api.get('/api/admin/qualifications?status=approved', quality))
        .json()
        .data.list.map((c: { id: number }) => c.id),
    ).toContain(clinic.id);
  });

  it('refuses a company with a reason the buyer reads', async () => {
    const queue = (await api.get('/api/admin/qualifications?status=approved&keyword=连锁', quality)).json()
      .data;
    const chain = queue.list[0];
    expect(chain).toBeDefined();
    const detail = (await api.get(`/api/admin/qualifications/${chain.id}`, quality)).json().data;
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
    const refused = await form(
      `/api/admin/qualifications/${company.id}/decision`,
      'approve=false&reason=%E5%9B%BE%E7%89%87%E4%B8%8D%E6%B8%85%E6%99%B0',
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({
      qualification_status: 'rejected',
      qualification_note: '图片不清晰',
    });
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

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../../../test/factories';
import { cookiesOf, createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, serviceContacts, users } from '../../db/schema';

let ctx: TestContext;
let service: string;
beforeAll(async () => {
  ctx = await createTestApp();
  service = (await operatorCookie(ctx.app, 'service')).cookie;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: service } });

async function demoCompanyId() {
  const [user] = await ctx.app.db.select().from(users).where(eq(users.phone, '13800000001'));
  return user.companyId;
}

describe('console buyers', () => {
  it('finds a company by a store phone, its name or a licence number', async () => {
    const id = await demoCompanyId();
    const ids = async (q: string) =>
      (
        (await call('GET', `/api/admin/companies?q=${encodeURIComponent(q)}`)).json().data.list as {
          id: number;
        }[]
      ).map((c) => c.id);
    expect(await ids('13800000001')).toContain(id);
    const detail = (await call('GET', `/api/admin/companies/${id}`)).json().data;
    expect(await ids(detail.name.slice(0, 4))).toContain(id);
    expect(await ids(detail.documents[0].number)).toContain(id);
    expect(detail.stores.length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/api/admin/companies/999999')).statusCode).toBe(404);
  });

  it('disabling a company takes prices and checkout from its stores at once; enabling gives them back; audited', async () => {
    const id = await demoCompanyId();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '13800000001', password: 'Demo@123456' },
    });
    const buyer = cookiesOf(login);
    const firstPrice = async () =>
      (await ctx.app.inject({ url: '/api/goods/list?page_size=1', headers: { cookie: buyer } })).json().data
        .list[0] as {
        base_price: number | null;
        price_tip: string;
      };
    expect((await firstPrice()).base_price).not.toBeNull();
    const off = await call('POST', `/api/admin/companies/${id}/status`, {
      disabled: true,
      reason: '资质存疑，暂停采购',
    });
    expect(off.json()).toMatchObject({ data: { disabled: true } });
    expect(await firstPrice()).toMatchObject({ base_price: null, price_tip: '账号已停用，请联系客服' });
    await call('POST', `/api/admin/companies/${id}/status`, { disabled: false });
    expect((await firstPrice()).base_price).not.toBeNull();
    const trail = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'company.set_status'));
    expect(trail.map((t) => t.after)).toEqual([
      { disabled: true, reason: '资质存疑，暂停采购' },
      { disabled: false, reason: '' },
    ]);
  });

  it("assigns the company's customer-service contact, shown in every store's header", async () => {
    const id = await demoCompanyId();
    const [contact] = await ctx.app.db
      .insert(serviceContacts)
      .values({ name: '专属客服小林', phone: '0571-88886666' })
      .returning();
    const res = await call('POST', `/api/admin/companies/${id}/service-contact`, {
      service_contact_id: contact.id,
    });
    expect(res.json().data.service_contact_id).toBe(contact.id);
    const stores = await ctx.app.db.select().from(users).where(eq(users.companyId, id));
    expect(stores.every((s) => s.serviceContactId === contact.id)).toBe(true);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '13800000001', password: 'Demo@123456' },
    });
    const base = (
      await ctx.app.inject({ url: '/api/user/base', headers: { cookie: cookiesOf(login) } })
    ).json().data;
    expect(base.admin).toEqual({ name: '专属客服小林', phone: '0571-88886666', is_default: 0 });
    const missing = await call('POST', `/api/admin/companies/${id}/service-contact`, {
      service_contact_id: 999999,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await call('POST', `/api/admin/companies/${id}/service-contact`, {});
    expect(bad.json().data.errors.service_contact_id).toEqual(['请选择客服']);
  });
});

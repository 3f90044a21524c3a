import { userBase } from '@yaocai/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, type TestContext } from '../../../test/helpers';
import { cartItems, companies, goods, messages, settings, users, warehouses } from '../../db/schema';
import { client } from './test-kit';

let ctx: TestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = client(ctx);
});
afterAll(() => ctx.close());

describe('GET /api/user/base', () => {
  it('answers visitors with is_login false and the hot line and quality inspection filled', async () => {
    const res = await api.get('/api/user/base');
    expect(res.statusCode).toBe(200);
    const data = userBase.parse(res.json().data);
    expect(data).toMatchObject({ show: true, is_login: false, company: '', admin: null, stores: [] });
    expect(data.common_config.hot_line).toBe('400-820-1234');
    expect(data.common_config.qq1.number).toBeTruthy();
    expect(data.quality_inspection.msg).toBeTruthy();
  });

  it('answers every user-state field with real values for a logged-in store', async () => {
    const cookie = await api.login('13800000001');
    const [user] = await ctx.app.db.select().from(users).where(eq(users.phone, '13800000001'));
    const [warehouse] = await ctx.app.db
      .insert(warehouses)
      .values({ code: 'T1', name: '测试仓' })
      .returning();
    const made = await ctx.app.db
      .insert(goods)
      .values(
        [1, 2].map((i) => ({
          sku: `T-${i}`,
          name: `测试药品${i}`,
          commonName: '测试',
          kind: 'drug',
          manufacturer: '测试药业',
          spec: '10片',
          unit: '盒',
          approvalNo: `国药准字H000000${i}`,
          scopeClass: 'fcfy',
          basePriceFen: 1000,
        })),
      )
      .returning();
    await ctx.app.db
      .insert(cartItems)
      .values(made.map((g) => ({ userId: user.id, goodsId: g.id, warehouseId: warehouse.id, quantity: 2 })));

    // Other areas' demo data (orders, wallet) may add points, cart lines or messages: count them here.
    const [fresh] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    const cartLines = await ctx.app.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    const unread = await ctx.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, user.id), isNull(messages.readAt)));
    expect(cartLines.length).toBeGreaterThanOrEqual(2);
    const data = userBase.parse((await api.get('/api/user/base', cookie)).json().data);
    expect(data).toMatchObject({
      is_login: true,
      id: user.id,
      username: 'renxin',
      name: '张建国',
      phone: '13800000001',
      company: '仁心大药房连锁有限公司',
      rank: '金牌会员',
      admin: { name: '王晓燕', phone: '13957112345', is_default: 0 },
      address: '浙江省杭州市西湖区文三路 259 号 仁心大厦 1 楼',
      is_passed: true,
      contract_signed: true,
      points: fresh.points,
      cart: { count: cartLines.length },
      message_count: unread.length,
    });
    expect(data.stores).toHaveLength(3);
    expect(data.stores.filter((s) => s.is_current)).toEqual([expect.objectContaining({ id: user.id })]);
  });

  it('falls back to the default service contact and reflects review status', async () => {
    const data = (await api.get('/api/user/base', await api.login('13800000002'))).json().data;
    expect(data).toMatchObject({
      company: '康宁诊所',
      admin: { name: '药采客服中心', is_default: 1 },
      is_passed: false,
      qualification_status: 'pending',
      contract_signed: false,
      message_count: expect.any(Number),
      cart: { count: expect.any(Number) },
    });
  });

  it('picks up changed settings within a few seconds', async () => {
    await ctx.app.db
      .update(settings)
      .set({ value: { quality_inspection_url: 'https://example.com/qc', msg: '' } })
      .where(eq(settings.key, 'quality_inspection'));
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const data = (await api.get('/api/user/base')).json().data;
    expect(data.quality_inspection.quality_inspection_url).toBe('https://example.com/qc');
  });
});

describe('business scope, qualifications, stores, contract', () => {
  it('lists the business scope with names and the qualifications with files', async () => {
    // The demo chain: its valid licences grant every class it was confirmed for.
    const chain = (await api.get('/api/user/jyfw', await api.login('13800000001'))).json().data;
    expect(chain.list).toContainEqual({ code: 'cfy', name: '处方药' });
    expect(chain.refusal).toBeNull();
    // The clinic waits for review: no licence counts yet, and it is told why it cannot buy.
    const cookie = await api.login('13800000002');
    expect((await api.get('/api/user/jyfw', cookie)).json().data).toEqual({
      list: [],
      refusal: '您的资质正在审核中，审核通过后才能采购',
    });
    const quals = (await api.get('/api/user/zizhi', cookie)).json().data;
    expect(quals).toHaveLength(3);
    expect(quals[0]).toMatchObject({ kind: 'business_licence', kind_name: '营业执照', status: 'pending' });
    expect((await api.get(quals[0].file.url, cookie)).headers['content-type']).toBe('image/png');
    expect((await api.get('/api/user/zizhi')).statusCode).toBe(401);
  });

  it('switches to another store of the same company only', async () => {
    const cookie = await api.login('13800000001');
    const [other] = await ctx.app.db.select().from(users).where(eq(users.phone, '13800000012'));
    const [foreign] = await ctx.app.db.select().from(users).where(eq(users.phone, '13800000002'));
    expect((await api.post('/api/user/switch_store', { user_id: foreign.id }, cookie)).statusCode).toBe(404);
    expect((await api.post('/api/user/switch_store', { user_id: 'abc' }, cookie)).statusCode).toBe(422);
    const res = await api.post('/api/user/switch_store', { user_id: other.id }, cookie);
    expect(res.statusCode).toBe(200);
    const data = (await api.get('/api/user/base', cookiesOf(res))).json().data;
    expect(data).toMatchObject({
      phone: '13800000012',
      store_name: '仁心大药房（滨江店）',
      admin: { name: '李明' },
    });
  });

  it('shows and signs the e-contract', async () => {
    const cookie = await api.login('13800000002');
    const before = (await api.get('/api/user/contract', cookie)).json().data;
    expect(before).toMatchObject({ company: '康宁诊所', signed: false, signed_at: null });
    expect(before.paragraphs.length).toBeGreaterThan(3);
    // The seller is the legal entity of the site settings, not a made-up 平台运营方.
    expect(before.paragraphs[1]).toBe('乙方（供货方）：药采医药科技（杭州）有限公司');
    // Signed at the application's instant (tests and the demo move it), not the machine's.
    const signedAt = new Date('2026-03-01T02:00:00Z');
    const clock = ctx.app.clock.now;
    ctx.app.clock.now = () => signedAt;
    try {
      expect((await api.post('/api/user/contract/sign', {}, cookie)).statusCode).toBe(200);
    } finally {
      ctx.app.clock.now = clock;
    }
    const after = (await api.get('/api/user/contract', cookie)).json().data;
    expect(after.signed).toBe(true);
    const [company] = await ctx.app.db.select().from(companies).where(eq(companies.name, '康宁诊所'));
    expect(company.contractSignedAt).toEqual(signedAt);
  });

  it("keeps the state briefly per session but never past the session's own changes", async () => {
    await ctx.app.db.update(companies).set({ contractSignedAt: null }).where(eq(companies.name, '康宁诊所'));
    const cookie = await api.login('13800000002');
    const state = async () => userBase.parse((await api.get('/api/user/base', cookie)).json().data);
    expect((await state()).contract_signed).toBe(false);
    // Signing changes what user/base shows for this session at once, cache or not.
    await api.post('/api/user/contract/sign', {}, cookie);
    expect((await state()).contract_signed).toBe(true);
    // Logging out: the same cookie is a visitor at once.
    await api.call('DELETE', '/api/user/logout', { cookie });
    expect((await state()).is_login).toBe(false);
  });
});

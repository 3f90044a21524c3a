import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, type TestContext } from '../../../test/helpers';
import { accountDrafts, companies, files, qualifications, smsCodes, users } from '../../db/schema';
import { client, countRows, multipart, nextIp, tinyPng } from './test-kit';

let ctx: TestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = client(ctx);
});
afterAll(() => ctx.close());

const company = {
  company_name: '百草堂大药房',
  company_type: 'pharmacy',
  contact_name: '赵敏',
  contact_phone: '13911112222',
  province: '浙江省',
  city: '杭州市',
  district: '上城区',
  address: '解放路 100 号',
  business_scope: ['cfy', 'fcfy'],
};

async function verifiedDraft(phone: string) {
  const code = await api.sendCode(phone, 'register');
  const res = await api.post('/api/register/verify', {
    phone,
    code,
    password: 'Abc12345',
    confirm_password: 'Abc12345',
  });
  expect(res.statusCode).toBe(200);
  return { token: res.json().data.token as string, cookie: cookiesOf(res) };
}

async function upload(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type: string },
  cookie?: string,
) {
  const body = multipart(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextIp(),
  });
}

describe('POST /api/user/create_code', () => {
  it('sends a 6-digit code, stored hashed, readable from the log provider', async () => {
    const code = await api.sendCode('13700000001', 'register');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await ctx.app.db.select().from(smsCodes).where(eq(smsCodes.phone, '13700000001'));
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(300_000, -4);
  });
  it('refuses register for a taken phone and forget for an unknown one', async () => {
    const taken = await api.post('/api/user/create_code', { phone: '13800000001', type: 'register' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().data.errors.phone[0]).toContain('已注册');
    const unknown = await api.post('/api/user/create_code', { phone: '13700000099', type: 'forget' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('该手机号未注册');
  });
  it('validates phone, type and unknown fields', async () => {
    for (const body of [
      { phone: '12345678901', type: 'register' },
      { phone: '1380000000', type: 'register' },
      { phone: '13700000002', type: 'hack' },
      { phone: '13700000002', type: 'register', extra: 1 },
      { phone: `1${'3'.repeat(200)}`, type: 'register' },
    ]) {
      const res = await api.post('/api/user/create_code', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
  it('needs a logged-in store of an approved company for register_dd', async () => {
    expect(
      (await api.post('/api/user/create_code', { phone: '13700000003', type: 'register_dd' })).statusCode,
    ).toBe(401);
    const pending = await api.login('13800000002');
    expect(
      (await api.post('/api/user/create_code', { phone: '13700000003', type: 'register_dd' }, pending))
        .statusCode,
    ).toBe(403);
  });
  it('sends at most one code per 60 s and 10 a day per phone', async () => {
    const phone = '13700000010';
    await api.sendCode(phone, 'register');
    const again = await api.post('/api/user/create_code', { phone, type: 'register' });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    for (let i = 1; i < 10; i++) {
      await api.ageCodes(phone, 61);
      await api.sendCode(phone, 'register');
    }
    await api.ageCodes(phone, 61);
    const capped = await api.post('/api/user/create_code', { phone, type: 'register' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toContain('今日');
  });
  it('sends at most 50 codes a day per IP', async () => {
    const ip = '10.9.9.9';
    await ctx.app.db.insert(smsCodes).values(
      Array.from({ length: 50 }, (_, i) => ({
        phone: `1360000${String(i).padStart(4, '0')}`,
        purpose: 'register',
        codeHash: 'x',
        ip,
        expiresAt: new Date(Date.now() + 300_000),
      })),
    );
    const res = await api.call('POST', '/api/user/create_code', {
      body: { phone: '13700000011', type: 'register' },
      ip,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toContain('当前网络');
  });
});

describe('GET /api/user/phone/:value', () => {
  it('tells whether a phone is taken', async () => {
    expect((await api.get('/api/user/phone/13800000001')).json().data).toEqual({ exists: true });
    expect((await api.get('/api/user/phone/13700000001')).json().data).toEqual({ exists: false });
    expect((await api.get('/api/user/phone/abc')).statusCode).toBe(422);
  });
});

describe('registration step 1 (verify)', () => {
  it('refuses a wrong code and counts attempts up to 5', async () => {
    const phone = '13700000020';
    const code = await api.sendCode(phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { phone, code: wrong, password: 'Abc12345', confirm_password: 'Abc12345' };
    const first = await api.post('/api/register/verify', body);
    expect(first.statusCode).toBe(422);
    expect(first.json().data.errors.code).toEqual(['验证码错误']);
    for (let i = 0; i < 4; i++) await api.post('/api/register/verify', body);
    const locked = await api.post('/api/register/verify', { ...body, code });
    expect(locked.json().data.errors.code).toEqual(['验证码错误次数过多，请重新获取']);
    expect(await countRows(ctx, `account_drafts where phone = '${phone}'`)).toBe(0);
  });
  it('refuses an expired code and a reused one', async () => {
    const phone = '13700000021';
    const code = await api.sendCode(phone, 'register');
    await ctx.app.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, phone));
    const body = { phone, code, password: 'Abc12345', confirm_password: 'Abc12345' };
    const expired = await api.post('/api/register/verify', body);
    expect(expired.json().data.errors.code).toEqual(['验证码已过期，请重新获取']);

    await api.ageCodes(phone, 61);
    const fresh = await api.sendCode(phone, 'register');
    expect((await api.post('/api/register/verify', { ...body, code: fresh })).statusCode).toBe(200);
    const reused = await api.post('/api/register/verify', { ...body, code: fresh });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().data.errors.code).toEqual(['验证码已使用，请重新获取']);
  });
  it('refuses a code of another purpose, weak and mismatched passwords, a taken phone', async () => {
    const forgetCode = await api.sendCode('13800000011', 'forget');
    const taken = await api.post('/api/register/verify', {
      phone: '13800000011',
      code: forgetCode,
      password: 'Abc12345',
      confirm_password: 'Abc12345',
    });
    expect(taken.json().data.errors.phone[0]).toContain('已注册');
    const cases: [Record<string, unknown>, string][] = [
      [
        { phone: '13700000022', code: '123456', password: 'abcdefgh', confirm_password: 'abcdefgh' },
        'password',
      ],
      [{ phone: '13700000022', code: '123456', password: 'Ab1', confirm_password: 'Ab1' }, 'password'],
      [
        { phone: '13700000022', code: '123456', password: `Ab1${'x'.repeat(30)}`, confirm_password: 'x' },
        'password',
      ],
      [
        { phone: '13700000022', code: '123456', password: 'Abc12345', confirm_password: 'Abc12346' },
        'confirm_password',
      ],
      [{ phone: '13700000022', code: '12a456', password: 'Abc12345', confirm_password: 'Abc12345' }, 'code'],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/api/register/verify', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().data.errors[field], field).toBeDefined();
    }
  });
});

describe('full registration', () => {
  it('creates company, store and pending qualifications in one go and logs in', async () => {
    const phone = '13700000030';
    const { token, cookie } = await verifiedDraft(phone);
    expect((await api.post('/api/register/company', { token, ...company })).statusCode).toBe(200);
    const up = await upload({ token }, { name: '营业执照.png', bytes: tinyPng, type: 'image/png' });
    expect(up.statusCode).toBe(200);
    const file = up.json().data;
    expect(file).toMatchObject({ url: `/api/files/${file.id}`, name: '营业执照.png', mime: 'image/png' });
    // The draft cookie lets the registering browser preview its upload; nobody else sees it.
    expect((await api.get(file.url, cookie)).statusCode).toBe(200);
    expect((await api.get(file.url)).statusCode).toBe(404);

    const submit = await api.post('/api/register/submit', {
      token,
      qualifications: [
        { kind: 'business_licence', number: '91330100MA2X', expires_on: '2035-01-01', file_id: file.id },
      ],
    });
    expect(submit.statusCode).toBe(200);
    const session = cookiesOf(submit);
    const base = (await api.get('/api/user/base', session)).json().data;
    expect(base).toMatchObject({
      is_login: true,
      company: '百草堂大药房',
      phone,
      is_passed: false,
      qualification_status: 'pending',
    });
    const [user] = await ctx.app.db.select().from(users).where(eq(users.phone, phone));
    const quals = await ctx.app.db
      .select()
      .from(qualifications)
      .where(eq(qualifications.companyId, user.companyId));
    expect(quals.map((q) => q.status)).toEqual(['pending']);
    // The registered address is the store's first delivery address, ready for its first checkout.
    expect((await api.get('/api/address', session)).json().data).toEqual([
      {
        id: expect.any(Number),
        consignee: '赵敏',
        phone: '13911112222',
        province: '浙江省',
        city: '杭州市',
        district: '上城区',
        detail: '解放路 100 号',
        full: '浙江省杭州市上城区解放路 100 号',
        is_default: true,
      },
    ]);
    const [claimed] = await ctx.app.db.select().from(files).where(eq(files.id, file.id));
    expect(claimed).toMatchObject({ ownerUserId: user.id, claimToken: null });
    expect((await api.get(file.url, session)).statusCode).toBe(200);
    // The draft is spent: a second submit is refused.
    const again = await api.post('/api/register/submit', {
      token,
      qualifications: [
        { kind: 'business_licence', number: '91330100MA2X', expires_on: '2035-01-01', file_id: file.id },
      ],
    });
    expect(again.statusCode).toBe(410);
  });

  it('validates the company step', async () => {
    const { token } = await verifiedDraft('13700000031');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...company, company_name: '' }, 'company_name'],
      [{ ...company, company_name: '药'.repeat(61) }, 'company_name'],
      [{ ...company, company_type: 'hospital' }, 'company_type'],
      [{ ...company, contact_phone: '110' }, 'contact_phone'],
      [{ ...company, address: '短' }, 'address'],
      [{ ...company, business_scope: [] }, 'business_scope'],
      [{ ...company, business_scope: ['weapons'] }, 'business_scope.0'],
      [{ ...company, is_admin: true }, 'is_admin'],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/api/register/company', { token, ...body });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().data.errors[field], field).toBeDefined();
    }
    const expired = await api.post('/api/register/company', { token: 'x'.repeat(32), ...company });
    expect(expired.statusCode).toBe(410);
  });

  it('leaves nothing half-written when the submit fails', async () => {
    const { token } = await verifiedDraft('13700000032');
    await api.post('/api/register/company', { token, ...company, company_name: '半途药房' });
    const up = (await upload({ token }, { name: 'a.png', bytes: tinyPng, type: 'image/png' })).json().data;
    const tables = ['companies', 'users', 'qualifications', 'addresses'];
    const before = await Promise.all(tables.map((t) => countRows(ctx, t)));
    const good = { kind: 'business_licence', number: '12345678', expires_on: '2035-01-01', file_id: up.id };
    const bad: Record<string, unknown>[] = [
      { token, qualifications: [good, { ...good, number: '87654321' }] }, // same file twice
      { token, qualifications: [good, { ...good, file_id: 1 }] }, // another company's file
      { token, qualifications: [{ ...good, expires_on: '2020-01-01' }] }, // expired licence
      { token, qualifications: [{ ...good, expires_on: '2035-13-45' }] },
      { token, qualifications: [{ ...good, kind: 'passport' }] },
      { token, qualifications: [] },
    ];
    for (const body of bad) {
      const res = await api.post('/api/register/submit', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    // A phone taken between verify and submit: the transaction rolls back on the unique index.
    const [chain] = await ctx.app.db.select().from(companies).limit(1);
    await ctx.app.db.insert(users).values({
      companyId: chain.id,
      phone: '13700000032',
      passwordHash: 'x',
      name: '抢注',
      storeName: '抢注店',
    });
    const race = await api.post('/api/register/submit', { token, qualifications: [good] });
    expect(race.statusCode).toBe(409);
    const after = await Promise.all(tables.map((t) => countRows(ctx, t)));
    expect(after).toEqual([before[0], before[1] + 1, before[2], before[3]]);
    const [draft] = await ctx.app.db.select().from(accountDrafts).where(eq(accountDrafts.token, token));
    expect(draft.usedAt).toBeNull();
    expect((await ctx.app.db.select().from(files).where(eq(files.id, up.id)))[0].claimToken).toBe(token);
  });

  it('refuses a purchase proxy without its purchaser, and stores the one that names them', async () => {
    const phone = '13700000034';
    const { token } = await verifiedDraft(phone);
    await api.post('/api/register/company', { token, ...company, company_name: '委托药房' });
    const fileId = async () =>
      (await upload({ token }, { name: 'a.png', bytes: tinyPng, type: 'image/png' })).json().data.id;
    const licence = {
      kind: 'business_licence',
      number: '91330100MA3Y',
      long_term: true,
      file_id: await fileId(),
    };
    const proxy = { kind: 'proxy', number: 'WT-2026-001', expires_on: '2030-06-30', file_id: await fileId() };
    const refused = await api.post('/api/register/submit', { token, qualifications: [licence, proxy] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.errors).toEqual({
      'qualifications.1.holder_name': ['请填写委托书上的采购人员姓名'],
      'qualifications.1.holder_id_no': ['请填写委托书上的采购人员身份证号码'],
    });
    const named = { ...proxy, holder_name: '刘芳', holder_id_no: '320508198506123024' };
    const sent = await api.post('/api/register/submit', { token, qualifications: [licence, named] });
    expect(sent.statusCode, sent.body).toBe(200);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.phone, phone));
    const stored = await ctx.app.db
      .select()
      .from(qualifications)
      .where(eq(qualifications.companyId, user.companyId))
      .orderBy(qualifications.id);
    expect(stored.map((q) => [q.kind, q.expiresOn, q.holderName, q.holderIdNo])).toEqual([
      ['business_licence', null, null, null],
      ['proxy', '2030-06-30', '刘芳', '320508198506123024'],
    ]);
  });

  it('refuses a submit before the company step', async () => {
    const { token } = await verifiedDraft('13700000033');
    const up = (
      await upload(
        { token },
        { name: 'a.pdf', bytes: Buffer.from('%PDF-1.4\n%EOF\n'), type: 'application/pdf' },
      )
    ).json();
    expect(up.data?.mime).toBe('application/pdf');
    const res = await api.post('/api/register/submit', {
      token,
      qualifications: [
        { kind: 'business_licence', number: '12345678', expires_on: '2035-01-01', file_id: up.data.id },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('请先填写企业信息');
  });
});

describe('POST /api/upload and GET /api/files/:id', () => {
  it('refuses a text file renamed .jpg, empty uploads and anonymous uploads', async () => {
    const { token } = await verifiedDraft('13700000040');
    const fake = await upload(
      { token },
      { name: 'licence.jpg', bytes: Buffer.from('just some text, not a picture'), type: 'image/jpeg' },
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().data.errors.file[0]).toContain('仅支持');
    const empty = await upload({ token }, { name: 'x.png', bytes: Buffer.alloc(0), type: 'image/png' });
    expect(empty.statusCode).toBe(422);
    const anonymous = await upload({}, { name: 'x.png', bytes: tinyPng, type: 'image/png' });
    expect(anonymous.statusCode).toBe(401);
    const badToken = await upload(
      { token: 'y'.repeat(32) },
      { name: 'x.png', bytes: tinyPng, type: 'image/png' },
    );
    expect(badToken.statusCode).toBe(410);
    const notMultipart = await api.post('/api/upload', { file: 'x' });
    expect(notMultipart.statusCode).toBe(422);
    const noBoundary = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect([noBoundary.statusCode, noBoundary.json().data.errors.file]).toEqual([
      422,
      ['上传的内容无法识别，请重新选择文件'],
    ]);
    expect(await countRows(ctx, `files where claim_token = '${token}'`)).toBe(0);
  });
  it('answers 413 for a file over 10 MB', async () => {
    const cookie = await api.login('13800000001');
    const huge = Buffer.concat([tinyPng, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload({}, { name: 'big.png', bytes: huge, type: 'image/png' }, cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });
  it("lets stores of the same company see a file, not another company's", async () => {
    const [file] = await ctx.app.db.select().from(files).where(sql`storage_key = 'demo/licence-1.png'`);
    const own = await api.get(`/api/files/${file.id}`, await api.login('13800000011'));
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await api.get(`/api/files/${file.id}`, await api.login('13800000002'))).statusCode).toBe(404);
    expect((await api.get('/api/files/999999', await api.login('13800000002'))).statusCode).toBe(404);
  });
});

describe('multi-store registration (/register/dd)', () => {
  it('adds a store to the company of the logged-in store', async () => {
    const cookie = await api.login('13800000001');
    const phone = '13700000050';
    const code = await api.sendCode(phone, 'register_dd', cookie);
    const verify = await api.post(
      '/api/register/dd/verify',
      { phone, code, password: 'Store1234', confirm_password: 'Store1234' },
      cookie,
    );
    expect(verify.statusCode).toBe(200);
    const token = verify.json().data.token;
    const bad = await api.post(
      '/api/register/dd/submit',
      { token, store_name: '店', contact_name: '王五', address: '杭州' },
      cookie,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data.errors).sort()).toEqual(['address', 'store_name']);
    const res = await api.post(
      '/api/register/dd/submit',
      {
        token,
        store_name: '仁心大药房（萧山店）',
        contact_name: '王五',
        address: '浙江省杭州市萧山区人民路 1 号',
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const [store] = await ctx.app.db.select().from(users).where(eq(users.phone, phone));
    const [primary] = await ctx.app.db.select().from(users).where(eq(users.phone, '13800000001'));
    expect(store).toMatchObject({
      companyId: primary.companyId,
      isPrimary: false,
      storeName: '仁心大药房（萧山店）',
    });
    const base = (await api.get('/api/user/base', cookie)).json().data;
    expect(base.stores.map((s: { store_name: string }) => s.store_name)).toContain('仁心大药房（萧山店）');
    await api.login(phone, 'Store1234');
  });
  it('is refused to visitors and to stores of a company under review', async () => {
    const body = {
      phone: '13700000051',
      code: '123456',
      password: 'Store1234',
      confirm_password: 'Store1234',
    };
    expect((await api.post('/api/register/dd/verify', body)).statusCode).toBe(401);
    const pending = await api.post('/api/register/dd/verify', body, await api.login('13800000002'));
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toContain('审核通过');
  });
});

describe('微信注册: a WeChat confirmed before registering becomes the new store’s', () => {
  it('scans for a registration, registers, and then logs in by that WeChat', async () => {
    // The registering browser: its WeChat ticket cookies and, after the scan, the sandbox identity.
    const jar = new Map<string, string>();
    const keep = (res: { cookies: { name: string; value: string }[] }) => {
      for (const c of res.cookies) jar.set(c.name, c.value);
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const made = await api.post('/api/wechat/ticket', { purpose: 'register' });
    expect(made.statusCode, made.body).toBe(200);
    keep(made);
    const { ticket } = made.json().data;
    const scanned = await api.call('POST', `/api/wechat/sandbox/scan/${ticket}/confirm`, {
      cookie: cookie(),
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    keep(scanned);
    const polled = await api.get(`/api/wechat/ticket/${ticket}`, cookie());
    expect(polled.json().data.state, polled.body).toBe('registering');
    keep(polled);
    expect(jar.has('yc_wxreg')).toBe(true);

    const phone = '13700000061';
    const { token } = await verifiedDraft(phone);
    expect((await api.post('/api/register/company', { token, ...company })).statusCode).toBe(200);
    const up = await upload({ token }, { name: '营业执照.png', bytes: tinyPng, type: 'image/png' });
    const submit = await api.call('POST', '/api/register/submit', {
      cookie: cookie(),
      body: {
        token,
        qualifications: [
          {
            kind: 'business_licence',
            number: '91330100MA6X',
            expires_on: '2035-01-01',
            file_id: up.json().data.id,
          },
        ],
      },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.phone, phone));
    expect(user.wechatOpenId).toMatch(/^sbx_/);

    // The same browser's WeChat now logs in to the new store.
    jar.delete('yc_wxreg');
    const login = await api.post('/api/wechat/ticket', { purpose: 'login' });
    keep(login);
    const t = login.json().data.ticket;
    expect(
      (await api.call('POST', `/api/wechat/sandbox/scan/${t}/confirm`, { cookie: cookie() })).statusCode,
    ).toBe(200);
    const done = await api.get(`/api/wechat/ticket/${t}`, cookie());
    expect(done.json().data.state).toBe('logged_in');
    expect((await api.get('/api/user/base', cookiesOf(done))).json().data).toMatchObject({
      id: user.id,
      phone,
    });
  });
});

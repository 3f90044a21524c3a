import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beijingToday } from '@yaocai/domain';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, serverRoot } from '../src/config';
import { tinyPng } from '../src/modules/account/test-kit';
import { deleteRedisKeys, testDbKind, testRedisPrefix, testRedisUrl } from './helpers';
import { type NuonuoDouble, startNuonuoDouble } from './nuonuo-double';
import {
  freePort,
  type ServerProcess,
  startServer,
  stopAll,
  waitForHealth,
  waitForOutput,
} from './processes';
import { type S3TestServer, startS3Server } from './s3-server';
import { aliyunKey, type Double, startDouble, verifyAliyun } from './sms-doubles';

/**
 * README's "Going live" walked on this machine: a PostgreSQL role owning a new database, Redis,
 * a private S3-compatible bucket (s3rver), the SMS provider and the e-invoice platform (local doubles
 * of Aliyun's SendSms and 诺诺),
 * NODE_ENV=production with nothing else switched on; the first operator from `npm run
 * operator:create`, two compiled web processes and a compiled worker sharing the environment,
 * each with its metrics port. Then the first real order as checklist step 12 has it: the buyer
 * registers with an SMS code, uploads its licences, 质管 approves, the buyer signs the contract,
 * orders and pays by bank transfer (对公转账: the 银行回单 uploaded, 财务 confirms), while the
 * worker cancels an unpaid second order once. Run with the PostgreSQL API run (TEST_DB=postgres,
 * TEST_DATABASE_URL and TEST_REDIS_URL).
 */
const ready = testDbKind === 'postgres' && !!process.env.TEST_DATABASE_URL && !!testRedisUrl;

const OPERATOR = 'boss';
const OPERATOR_PASSWORD = `Walk-${randomBytes(6).toString('hex')}A1`;
const BUYER_PHONE = '13900000077';
const BUYER_PASSWORD = 'Walk12345';

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: each step checks the fields it reads
  body: any;
  cookie: string;
}

/** A browser on one web process: same-origin requests, its cookies kept. */
function browser(server: () => ServerProcess, jar = new Map<string, string>()) {
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const send = async (method: 'GET' | 'POST', url: string, body?: object | FormData): Promise<Answer> => {
    const base = server().baseUrl;
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: cookie(),
        origin: base,
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(method === 'POST' ? { 'idempotency-key': randomBytes(12).toString('hex') } : {}),
      },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    keep(response);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a file)
    }
    return { status: response.status, body: parsed, cookie: cookie() };
  };
  return {
    /** The cookies, to carry the same session to another process. */
    jar,
    get: (url: string) => send('GET', url),
    post: (url: string, body: object | FormData = {}) => send('POST', url, body),
    /** POST that must answer 200; the answer's data. */
    async ok(url: string, body: object | FormData = {}) {
      const answer = await send('POST', url, body);
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body.data;
    },
    async read(url: string) {
      const answer = await send('GET', url);
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body.data;
    },
    async upload(name: string, fields: Record<string, string> = {}) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([tinyPng], { type: 'image/png' }), name);
      return (await this.ok('/api/upload', form)) as { id: number; url: string };
    },
  };
}

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!ready)(
  "README's Going live, walked: two web processes and a worker on PostgreSQL, Redis and S3",
  () => {
    const suffix = randomBytes(4).toString('hex');
    const role = `yc_walk_${suffix}`;
    const databaseName = role;
    const redisPrefix = testRedisPrefix();
    let admin: pg.Client;
    let db: pg.Client;
    let s3: S3TestServer;
    let sms: Double;
    let nuonuo: NuonuoDouble;
    let env: Record<string, string>;
    let webA: ServerProcess;
    let webB: ServerProcess;
    let worker: ServerProcess;
    const metricsPorts: Record<'a' | 'b' | 'worker', number> = { a: 0, b: 0, worker: 0 };

    const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await db.query(text, values)).rows as T[];

    beforeAll(async () => {
      // 2. the code, built (the SPAs are not needed by this walk: the API is).
      execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'pipe' });
      // 3. the role and its database, as "Several processes" creates them (createuser, createdb --owner).
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const password = randomBytes(9).toString('hex');
      await admin.query(`create role ${role} login password '${password}'`);
      await admin.query(`create database ${databaseName} owner ${role} encoding 'UTF8' template template0`);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.username = role;
      url.password = password;
      url.pathname = `/${databaseName}`;

      s3 = await startS3Server(`yaocai-walk-${suffix}`);
      sms = await startDouble(
        (seen) =>
          seen.signatureOk
            ? { status: 200, body: { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: 'r' } }
            : { status: 400, body: { Code: 'SignatureDoesNotMatch', Message: 'signature' } },
        verifyAliyun,
      );
      nuonuo = await startNuonuoDouble();
      // 4. one environment for every process.
      env = {
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        REDIS_URL: testRedisUrl as string,
        REDIS_PREFIX: redisPrefix,
        TRUST_PROXY: '127.0.0.1',
        COOKIE_SECURE: '1',
        ...s3.env,
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: aliyunKey.id,
        ALIYUN_SMS_ACCESS_KEY_SECRET: aliyunKey.secret,
        ALIYUN_SMS_SIGN_NAME: '药采',
        ALIYUN_SMS_ENDPOINT: sms.url,
        PAYMENT_PROVIDERS: 'transfer',
        // Production refuses the drawn demo invoice: 数电发票 through 诺诺 (its local double).
        INVOICE_PROVIDER: 'nuonuo',
        NUONUO_APP_KEY: nuonuo.appKey,
        NUONUO_APP_SECRET: nuonuo.appSecret,
        NUONUO_TOKEN: nuonuo.token,
        NUONUO_TAX_NUM: nuonuo.taxNum,
        NUONUO_BASE: nuonuo.base,
        // Short schedules so that the walk sees the worker's work: an unpaid order waits 9 s.
        ORDER_EXPIRE_MINUTES: '0.15',
        ORDER_SWEEP_SECONDS: '2',
        PAYMENT_SWEEP_SECONDS: '0',
        REMINDER_SWEEP_SECONDS: '0',
      };
      // 5. the first operator, the command README gives, before any process runs.
      execFileSync('npm', ['run', '--silent', 'operator:create', '--', OPERATOR], {
        cwd: repoRoot,
        env: { ...process.env, ...env, ADMIN_PASSWORD: OPERATOR_PASSWORD },
        stdio: 'pipe',
      });
      // 11. two web processes and the worker, each with its metrics port.
      for (const name of ['a', 'b', 'worker'] as const) metricsPorts[name] = await freePort();
      [webA, webB, worker] = await Promise.all([
        startServer({ ...env, METRICS_PORT: String(metricsPorts.a) }),
        startServer({ ...env, METRICS_PORT: String(metricsPorts.b) }),
        startServer({ ...env, METRICS_PORT: String(metricsPorts.worker) }, 'dist/worker.js'),
      ]);
      await Promise.all([waitForHealth(webA), waitForHealth(webB)]);
      await waitForOutput(worker, /worker is running the background jobs on postgres/);
      db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
    }, 240_000);

    afterAll(async () => {
      await db?.end();
      await stopAll();
      await sms?.close();
      await nuonuo?.close();
      await s3?.close();
      if (testRedisUrl) {
        const redis = new Redis(testRedisUrl);
        await deleteRedisKeys(redis, redisPrefix);
        redis.disconnect();
      }
      if (admin) {
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.query(`drop role if exists ${role}`);
        await admin.end();
      }
    });

    it('is ready on each process, with metrics on its own port and no demo door', async () => {
      for (const server of [webA, webB]) {
        const response = await fetch(`${server.baseUrl}/api/health/ready`);
        expect(response.status).toBe(200);
        expect(((await response.json()) as { data: unknown }).data).toEqual({
          status: 'ready',
          checks: { database: 'ok', redis: 'ok', storage: 'ok' },
        });
        // The public port never serves the metrics.
        expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
      }
      for (const port of Object.values(metricsPorts)) {
        const response = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('yaocai_process_cpu_seconds_total');
      }
      // The start log names the address each web process listens on (HOST), not localhost.
      for (const server of [webA, webB])
        expect(server.output()).toContain(`is serving ${server.baseUrl} on postgres`);
      // The first operator came from the command line, audited as such.
      const [created] = await query<{ operator_name: string; action: string }>(
        `select operator_name, action from audit_log order by id limit 1`,
      );
      expect(created).toMatchObject({ operator_name: 'system:cli' });
      // Production: no demo data, no published password.
      const [demo] = await query<{ n: number }>(`select count(*)::int as n from users`);
      expect(demo.n).toBe(0);
      const demoAdmin = await browser(() => webA).post('/api/admin/login', {
        username: 'admin',
        password: 'Admin@123456',
      });
      expect(demoAdmin.status).not.toBe(200);
    });

    it('takes the first real order: register, licences, review, contract, order, bank transfer', async () => {
      const operator = browser(() => webA);
      const buyer = browser(() => webB);

      // The first operator signs in on web process A.
      await operator.ok('/api/admin/login', { username: OPERATOR, password: OPERATOR_PASSWORD });
      // 6. site settings: the SMS template for registration codes, the receiving account.
      await operator.ok('/api/admin/settings/sms', {
        sign_name: '药采',
        templates: {
          register: 'SMS_300000001',
          password_reset: 'SMS_300000002',
          review_result: '',
          licence_expiry: '',
          shipped: '',
          transfer_confirmed: '',
        },
      });
      await operator.ok('/api/admin/settings/transfer', {
        account_name: '药采医药科技（杭州）有限公司',
        bank_name: '招商银行杭州分行',
        account_no: '571908765410802',
        bank_code: '308331012345',
        expire_days: 3,
      });
      // Free shipping from ¥20 (else ¥10): web process B hears of it through the cache bus.
      await operator.ok('/api/admin/settings/shipping', { threshold: 20, fee: 10 });
      // Categories, a warehouse (a new installation has none), goods, a batch, on sale.
      const category = await operator.ok('/api/admin/categories', { menu: 'normal', name: '感冒用药' });
      expect((await operator.read('/api/admin/goods/options')).warehouses).toEqual([]);
      const warehouse = await operator.ok('/api/admin/warehouses', { name: '主仓（杭州）' });
      const goods = await operator.ok('/api/admin/goods', {
        name: '布洛芬缓释胶囊',
        common_name: '布洛芬缓释胶囊',
        kind: 'drug',
        manufacturer: '中美天津史克制药有限公司',
        spec: '0.3g*20粒',
        unit: '盒',
        approval_no: '国药准字H10900089',
        dosage_form: '胶囊剂',
        rx_class: 'otc_a',
        storage: '密封，阴凉干燥处保存',
        scope_class: 'hxyzj',
        base_price: 12.5,
        retail_price: 18,
        ladder_type: 0,
        ladder: [],
        min_quantity: 1,
        step_quantity: 1,
        category_ids: [category.id],
      });
      expect((await operator.read('/api/admin/goods/options')).warehouses).toEqual([warehouse]);
      await operator.ok(`/api/admin/goods/${goods.id}/batches`, {
        warehouse_id: warehouse.id,
        batch_no: 'W2611',
        produced_on: '2026-01-10',
        expires_on: '2028-01-09',
        quantity: 100,
      });
      await operator.ok(`/api/admin/goods/${goods.id}/sale`, { on_sale: true });

      // 12. The buyer registers on web process B with the code the SMS provider delivered.
      await buyer.ok('/api/user/create_code', { phone: BUYER_PHONE, type: 'register' });
      const sent = sms.seen.at(-1);
      expect(sent?.query.PhoneNumbers).toBe(BUYER_PHONE);
      expect(sent?.query.TemplateCode).toBe('SMS_300000001');
      const { code } = JSON.parse(sent?.query.TemplateParam ?? '{}') as { code: string };
      const { token } = await buyer.ok('/api/register/verify', {
        phone: BUYER_PHONE,
        code,
        password: BUYER_PASSWORD,
        confirm_password: BUYER_PASSWORD,
      });
      await buyer.ok('/api/register/company', {
        token,
        company_name: '百草堂大药房',
        company_type: 'pharmacy',
        contact_name: '赵敏',
        contact_phone: '13911112222',
        province: '浙江省',
        city: '杭州市',
        district: '上城区',
        address: '解放路 100 号',
        business_scope: ['fcfy', 'hxyzj'],
      });
      // The licences land in the bucket.
      const licence = await buyer.upload('营业执照.png', { token });
      const drugLicence = await buyer.upload('药品经营许可证.png', { token });
      const proxy = await buyer.upload('采购委托书.png', { token });
      await buyer.ok('/api/register/submit', {
        token,
        qualifications: [
          { kind: 'business_licence', number: '91330100MA2X', long_term: true, file_id: licence.id },
          { kind: 'drug_licence', number: '浙AA5710001', expires_on: '2030-06-30', file_id: drugLicence.id },
          {
            kind: 'proxy',
            number: 'WT-2026-001',
            expires_on: '2030-06-30',
            file_id: proxy.id,
            holder_name: '刘芳',
            holder_id_no: '320508198506123024',
          },
        ],
      });
      const storedKeys = await bucketKeys();
      const fileKeys = await query<{ storage_key: string }>(
        'select storage_key from files where id = any($1) order by id',
        [[licence.id, drugLicence.id, proxy.id]],
      );
      expect(fileKeys).toHaveLength(3);
      for (const { storage_key } of fileKeys) expect(storedKeys).toContain(storage_key);

      // 质管 approves on A, licence by licence, then the company.
      const queue = await operator.read('/api/admin/qualifications');
      const company = queue.list.find((c: { name: string }) => c.name === '百草堂大药房');
      const detail = await operator.read(`/api/admin/qualifications/${company.id}`);
      // The reviewer reads the licence picture from the bucket through A.
      const picture = await operator.get(detail.documents[0].file_url);
      expect(picture.status).toBe(200);
      // The reviewer ticks the scopes the 药品经营许可证 prints.
      for (const document of detail.documents as { id: number; kind: string }[])
        await operator.ok(`/api/admin/qualifications/${company.id}/documents/${document.id}`, {
          approve: true,
          ...(document.kind === 'drug_licence' ? { scopes: ['fcfy', 'hxyzj'] } : {}),
        });
      await operator.ok(`/api/admin/qualifications/${company.id}/decision`, {
        approve: true,
        business_scope: ['fcfy', 'hxyzj'],
      });

      // The buyer's session (made on B) holds on A too: sessions are in Redis.
      const buyerOnA = browser(() => webA, buyer.jar);
      const base = await buyer.read('/api/user/base');
      expect(base).toMatchObject({ is_login: true, is_passed: true });
      await buyer.ok('/api/user/contract/sign');

      // Two orders: one paid by transfer, one left unpaid for the worker to cancel.
      const order = async () => {
        await buyer.ok('/api/cart', { params: [{ goods_id: goods.id, number: 2 }] });
        const cart = await buyer.read('/api/cart/list');
        const ids = (cart.data as { id: number }[]).map((line) => line.id);
        expect(ids.length, JSON.stringify(cart)).toBeGreaterThan(0);
        const created = await buyer.post('/api/order/create', { ids });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        return created.body.data.id as number;
      };
      const paid = await order();
      const transfer = await buyer.ok('/api/pay/transfer', { order_id: paid });
      const unpaid = await order();
      expect(transfer).toMatchObject({ amount: 25, account: { account_no: '571908765410802' } });
      const slip = await buyer.upload('银行回单.png');
      await buyer.ok(`/api/pay/transfer/${paid}/receipt`, {
        file_id: slip.id,
        payer_name: '百草堂大药房',
        amount: 25,
        transfer_date: beijingToday(new Date()),
      });
      expect(await bucketKeys()).toContain(
        (await query<{ storage_key: string }>('select storage_key from files where id = $1', [slip.id]))[0]
          .storage_key,
      );
      // 财务 confirms on A.
      const inbox = await operator.read('/api/admin/transfers?state=pending');
      const receipt = inbox.list.find((r: { order_id: number }) => r.order_id === paid);
      await operator.ok(`/api/admin/transfers/${receipt.id}/confirm`, { received: 25 });
      const detailOnA = await buyerOnA.read(`/api/order/detail/${paid}`);
      expect(detailOnA.id).toBe(paid);
      const [paidRow] = await query<{ status: string }>('select status from orders where id = $1', [paid]);
      expect(paidRow.status).toBe('awaiting_shipment');

      // The worker cancels the unpaid order once its 9 s are up; no web process runs a job.
      await until(
        'the unpaid order is cancelled',
        async () =>
          (await query<{ status: string }>('select status from orders where id = $1', [unpaid]))[0].status ===
          'cancelled',
      );
      const [events] = await query<{ n: number }>(
        `select count(*)::int as n from order_events where order_id = $1 and event = 'expire'`,
        [unpaid],
      );
      expect(events.n).toBe(1);
      expect(worker.output()).toContain('background job order-expire done');
      for (const web of [webA, webB]) expect(web.output()).not.toContain('background job');
    }, 120_000);

    async function bucketKeys(): Promise<string[]> {
      const client = new S3Client({
        endpoint: s3.settings.endpoint,
        region: s3.settings.region,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey },
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
      client.destroy();
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    }
  },
);

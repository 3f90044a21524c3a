import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../../test/factories';
import { browserLike, createTestApp, type TestContext } from '../../test/helpers';
import {
  aliyunKey,
  type Double,
  sha256hex,
  startDouble,
  tencentKey,
  verifyAliyun,
  verifyTencent,
} from '../../test/sms-doubles';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { auditLog, smsCodes } from '../db/schema';

// The real SMS gateways against the local doubles of the vendors' documented APIs
// (test/sms-doubles.ts), reached through ALIYUN_SMS_ENDPOINT / TENCENT_SMS_ENDPOINT.

let ctx: TestContext;
let aliyun: Double;
let tencent: Double;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await operatorCookie(ctx.app)).cookie;
  aliyun = await startDouble((seen, d) => {
    if (!seen.signatureOk)
      return {
        status: 400,
        body: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' },
      };
    if (d.mode === 'error')
      return { status: 400, body: { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法' } };
    if (d.mode === 'refuse')
      return {
        status: 200,
        body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发天级流控', RequestId: 'r' },
      };
    return {
      status: 200,
      body: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'r' },
    };
  }, verifyAliyun);
  tencent = await startDouble((seen, d) => {
    if (!seen.signatureOk)
      return {
        status: 200,
        body: {
          Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'signature' }, RequestId: 'r' },
        },
      };
    if (d.mode === 'error')
      return {
        status: 200,
        body: {
          Response: {
            Error: { Code: 'FailedOperation.TemplateIncorrectOrUnapproved', Message: '模板未审批' },
            RequestId: 'r',
          },
        },
      };
    const phone = (JSON.parse(seen.body) as { PhoneNumberSet: string[] }).PhoneNumberSet[0];
    const status =
      d.mode === 'refuse'
        ? { Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: '单个手机号日下发短信条数超过设定的上限' }
        : { Code: 'Ok', Message: 'send success' };
    return {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [
            { SerialNo: '2028:1', PhoneNumber: phone, Fee: 1, SessionContext: '', IsoCode: 'CN', ...status },
          ],
          RequestId: 'r',
        },
      },
    };
  }, verifyTencent);
  // 短信设置, saved in the console like every setting (audited).
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/settings/sms',
    headers: { cookie: admin },
    payload: {
      sign_name: '药采科技',
      templates: {
        register: 'SMS_100001',
        password_reset: 'SMS_100002',
        review_result: '',
        licence_expiry: '',
        shipped: '2001',
        transfer_confirmed: '',
      },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await aliyun?.close();
  await tencent?.close();
  await ctx?.close();
});

/** An app on the test database with the SMS gateway the environment names, its log captured. */
async function appWith(env: Record<string, string>): Promise<{ app: App; logs: string[] }> {
  const logs: string[] = [];
  const app = await buildApp({
    config: { ...loadConfig({ DATA_DIR: '/nonexistent-yaocai', ...env }), seedDemoData: false },
    database: ctx.database,
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  });
  app.inject = browserLike(app);
  return { app, logs };
}

let phoneSeq = 0;
const freshPhone = () =>
  `1370000${String(process.pid % 100).padStart(2, '0')}${String(++phoneSeq).padStart(2, '0')}`;

const requestCode = (app: App, phone: string, type = 'register') =>
  app.inject({ method: 'POST', url: '/api/user/create_code', payload: { phone, type } });

async function codeRow(phone: string) {
  const [row] = await ctx.app.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
  return row;
}

const hashOf = (phone: string, purpose: string, code: string) => sha256hex(`${phone}:${purpose}:${code}`);

describe('短信设置 in the console', () => {
  it('is read back and audited, with a Chinese message for a malformed template', async () => {
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: { cookie: admin },
    });
    expect(read.json().data.sms).toMatchObject({
      sign_name: '药采科技',
      templates: { register: 'SMS_100001' },
    });
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.targetId, 'sms')));
    expect(row.after).toMatchObject({ templates: { register: 'SMS_100001' } });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/settings/sms',
      headers: { cookie: admin },
      payload: { sign_name: '药采', templates: { register: 'SMS 1' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().data.errors)).toContain('注册验证码模板编号只能包含');
  });
});

describe('Aliyun SendSms (official SDK) against a local double', () => {
  const env = () => ({
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: aliyunKey.id,
    ALIYUN_SMS_ACCESS_KEY_SECRET: aliyunKey.secret,
    ALIYUN_SMS_SIGN_NAME: '默认签名',
    ALIYUN_SMS_ENDPOINT: aliyun.url,
  });

  it('sends the registration code signed, with the sign name, template and code the settings name', async () => {
    const { app, logs } = await appWith(env());
    try {
      aliyun.mode = 'ok';
      const phone = freshPhone();
      const res = await requestCode(app, phone);
      expect(res.statusCode, res.body).toBe(200);
      const sent = aliyun.seen.at(-1)!;
      expect(sent.signatureOk).toBe(true);
      expect(sent.headers['x-acs-action']).toBe('SendSms');
      expect(sent.headers['x-acs-version']).toBe('2017-05-25');
      expect(sent.query).toMatchObject({
        PhoneNumbers: phone,
        SignName: '药采科技',
        TemplateCode: 'SMS_100001',
      });
      const { code } = JSON.parse(sent.query.TemplateParam) as { code: string };
      expect(code).toMatch(/^\d{6}$/);
      // The stored code is the one sent; the log never has it.
      expect((await codeRow(phone)).codeHash).toBe(hashOf(phone, 'register', code));
      expect(logs.join('')).not.toContain(code);
      expect(app.sms.lastCode(phone)).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('a refusal or an API error tells the person in Chinese, logs why without the code, leaves no usable code', async () => {
    const { app, logs } = await appWith(env());
    try {
      for (const mode of ['refuse', 'error'] as const) {
        aliyun.mode = mode;
        const phone = freshPhone();
        const res = await requestCode(app, phone, 'register');
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toBe('短信发送失败，请稍后重试');
        const code = (JSON.parse(aliyun.seen.at(-1)!.query.TemplateParam) as { code: string }).code;
        const row = await codeRow(phone);
        expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
        const logged = logs.join('');
        expect(logged).toContain(
          mode === 'refuse' ? 'isv.BUSINESS_LIMIT_CONTROL' : 'isv.SMS_TEMPLATE_ILLEGAL',
        );
        expect(logged).not.toContain(code);
        // A second try within the minute is still limited as today.
        expect((await requestCode(app, phone)).statusCode).toBe(429);
      }
      // A forged secret: the double refuses the signature, and the person hears the same.
      aliyun.mode = 'ok';
      const forged = await appWith({ ...env(), ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret' });
      try {
        const res = await requestCode(forged.app, freshPhone());
        expect(res.statusCode).toBe(502);
        expect(aliyun.seen.at(-1)!.signatureOk).toBe(false);
        expect(forged.logs.join('')).toContain('SignatureDoesNotMatch');
        expect(forged.logs.join('')).not.toContain('not-the-secret');
      } finally {
        await forged.app.close();
      }
      // Nobody answers: the SDK's error quotes the request URL, its TemplateParam blanked in the log.
      const down = await appWith({ ...env(), ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:1' });
      try {
        expect((await requestCode(down.app, freshPhone())).statusCode).toBe(502);
        const logged = down.logs.join('');
        expect(logged).toContain('ECONNREFUSED');
        expect(logged).toContain('TemplateParam=%7B%22code%22%3A%22***%22%7D');
        expect(logged).not.toMatch(/\d{6}%22/);
      } finally {
        await down.app.close();
      }
    } finally {
      await app.close();
    }
  });
});

describe('Tencent Cloud SendSms (official SDK, sms 2021-01-11) against a local double', () => {
  const env = () => ({
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: tencentKey.id,
    TENCENT_SMS_SECRET_KEY: tencentKey.secret,
    TENCENT_SMS_SDK_APP_ID: '1400006666',
    TENCENT_SMS_SIGN_NAME: '默认签名',
    TENCENT_SMS_ENDPOINT: tencent.url,
  });

  it('sends the password-reset code signed (TC3-HMAC-SHA256) with app id, sign, template and params', async () => {
    const { app, logs } = await appWith(env());
    try {
      tencent.mode = 'ok';
      // 找回密码 needs a registered phone: the demo buyer's.
      const phone = '13800000001';
      const res = await requestCode(app, phone, 'forget');
      expect(res.statusCode, res.body).toBe(200);
      const sent = tencent.seen.at(-1)!;
      expect(sent.signatureOk).toBe(true);
      expect(sent.headers['x-tc-action']).toBe('SendSms');
      expect(sent.headers['x-tc-version']).toBe('2021-01-11');
      expect(sent.headers['x-tc-region']).toBe('ap-guangzhou');
      const body = JSON.parse(sent.body) as Record<string, unknown>;
      expect(body).toMatchObject({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: '1400006666',
        SignName: '药采科技',
        TemplateId: 'SMS_100002',
      });
      const [code] = body.TemplateParamSet as string[];
      expect(code).toMatch(/^\d{6}$/);
      expect((await codeRow(phone)).codeHash).toBe(hashOf(phone, 'forget', code));
      expect(logs.join('')).not.toContain(code);
    } finally {
      await app.close();
    }
  });

  it('an error answer or a refused number becomes the Chinese failure; notices follow their template', async () => {
    const { app, logs } = await appWith(env());
    try {
      for (const mode of ['error', 'refuse'] as const) {
        tencent.mode = mode;
        const phone = freshPhone();
        const res = await requestCode(app, phone);
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toBe('短信发送失败，请稍后重试');
        expect((await codeRow(phone)).expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
        expect(logs.join('')).toContain(
          mode === 'error'
            ? 'FailedOperation.TemplateIncorrectOrUnapproved'
            : 'LimitExceeded.PhoneNumberDailyLimit',
        );
      }
      // A notice with a template (shipped: 2001) goes out with its params in order; one without
      // (review_result) is not sent by SMS at all.
      tencent.mode = 'ok';
      const before = tencent.seen.length;
      await app.sms.sendNotice('shipped', '13900000009', {
        params: { order_no: 'YC202801010001', carrier: '顺丰速运', tracking_no: 'SF1234567890' },
        text: 'ignored by a real gateway',
      });
      const notice = JSON.parse(tencent.seen.at(-1)!.body) as Record<string, unknown>;
      expect(notice).toMatchObject({
        TemplateId: '2001',
        TemplateParamSet: ['YC202801010001', '顺丰速运', 'SF1234567890'],
      });
      await app.sms.sendNotice('review_result', '13900000009', {
        params: { result: '通过', note: '无' },
        text: '',
      });
      expect(tencent.seen.length).toBe(before + 1);
    } finally {
      await app.close();
    }
  });
});

describe('SMS configuration stops a wrong start', () => {
  it('names a missing credential, a malformed one, and refuses log SMS in production unless allowed', async () => {
    const aliyunEnv = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '药采',
    };
    for (const name of Object.keys(aliyunEnv).filter((k) => k !== 'SMS_PROVIDER'))
      expect(() => loadConfig({ ...aliyunEnv, [name]: ' ' })).toThrow(name);
    const tencentEnv = {
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400006666',
      TENCENT_SMS_SIGN_NAME: '药采',
    };
    for (const name of Object.keys(tencentEnv).filter((k) => k !== 'SMS_PROVIDER')) {
      const { [name]: _dropped, ...without } = tencentEnv as Record<string, string>;
      expect(() => loadConfig(without)).toThrow(name);
    }
    expect(() => loadConfig({ ...tencentEnv, TENCENT_SMS_SDK_APP_ID: 'abc' })).toThrow(
      'TENCENT_SMS_SDK_APP_ID',
    );
    expect(() => loadConfig({ ...tencentEnv, TENCENT_SMS_ENDPOINT: 'ftp://x' })).toThrow(
      'TENCENT_SMS_ENDPOINT',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow('SMS_PROVIDER=carrier-pigeon');
    expect(loadConfig({}).sms).toEqual({ provider: 'log' });

    await expect(appWith({ NODE_ENV: 'production', ALLOW_DEMO_INVOICE: '1' })).rejects.toThrow(
      /SMS_PROVIDER=log under NODE_ENV=production.*ALLOW_LOG_SMS=1/,
    );
    const allowed = await appWith({ NODE_ENV: 'production', ALLOW_LOG_SMS: '1', ALLOW_DEMO_INVOICE: '1' });
    expect(allowed.logs.join('')).toContain('SMS provider: log');
    await allowed.app.close();
  });
});

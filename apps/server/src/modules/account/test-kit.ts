import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { cookiesOf, type TestContext } from '../../../test/helpers';
import { smsCodes } from '../../db/schema/account';

/** Small helpers shared by the account API tests. */
let ipCounter = 0;
/** A fresh client address per call, so per-IP limits only bite where a test wants them to. */
export const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export function client(ctx: TestContext) {
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method,
      url,
      payload: options.body as never,
      remoteAddress: options.ip ?? nextIp(),
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });

  return {
    call,
    get: (url: string, cookie?: string) => call('GET', url, { cookie }),
    post: (url: string, body: unknown, cookie?: string) => call('POST', url, { body, cookie }),
    async sendCode(phone: string, type: string, cookie?: string) {
      const res = await call('POST', '/api/user/create_code', { body: { phone, type }, cookie });
      if (res.statusCode !== 200) throw new Error(`create_code ${res.statusCode}: ${res.body}`);
      const code = ctx.app.sms.lastCode(phone);
      if (!code) throw new Error('no code');
      return code;
    },
    async login(username: string, password = 'Demo@123456') {
      const res = await call('POST', '/api/user/login', { body: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
      return cookiesOf(res);
    },
    /** Lets the 60-second resend rule pass by ageing the phone's codes. */
    async ageCodes(phone: string, seconds: number) {
      await ctx.app.db
        .update(smsCodes)
        .set({
          createdAt: sql`${smsCodes.createdAt} - make_interval(secs => ${seconds})`,
          expiresAt: sql`${smsCodes.expiresAt} - make_interval(secs => ${seconds})`,
        })
        .where(eq(smsCodes.phone, phone));
    },
  };
}

export async function countRows(ctx: TestContext, table: string): Promise<number> {
  const result = await ctx.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

/** A tiny valid PNG (1x1). */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

export { multipart } from '../../../test/factories';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from '../../../test/factories';
import { createTestApp, sessionStoreKinds, type TestContext, testDbKind } from '../../../test/helpers';
import { smsCodes, users } from '../../db/schema';
import { hashPassword } from './passwords';
import { client } from './test-kit';

// Issue 11: the login lockout counted after the password check and per typed name (40 parallel
// wrong passwords got 8 to 25 checked against a limit of 5; phone and user name counted apart),
// and an SMS code's attempts were read, compared and incremented in separate steps (one code
// took 6 checks under 100 parallel guesses).

const PASSWORD = 'Right@12345';

async function buyerWithPassword(ctx: TestContext) {
  const { user } = await createBuyer(ctx.app.db);
  await ctx.app.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  return { phone: user.phone, username: user.username as string };
}

const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

describe('login lockout keyed on the account', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
    api = client(ctx);
  });
  afterAll(() => ctx.close());

  it('counts the phone and the user name of one account together', async () => {
    const b = await buyerWithPassword(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const username = i % 2 === 0 ? b.phone : b.username;
      statuses.push((await api.post('/api/user/login', { username, password: `Wrong${i}x1` })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await api.post('/api/user/login', { username: b.username, password: PASSWORD });
    expect(right.statusCode).toBe(429);
  });
});

/** Races on a real multi-connection PostgreSQL (PGlite has a single connection: skipped). */
describe.skipIf(testDbKind !== 'postgres').each(sessionStoreKinds)(
  'parallel guesses on PostgreSQL (lockout counter in %s)',
  (kind) => {
    let ctx: TestContext;
    let api: ReturnType<typeof client>;
    beforeAll(async () => {
      ctx = await createTestApp({ seed: false, sessions: kind });
      api = client(ctx);
    });
    afterAll(() => ctx.close());

    it('40 parallel wrong passwords, by phone and by user name: exactly 5 reach the password check', async () => {
      const b = await buyerWithPassword(ctx);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          api.post('/api/user/login', {
            username: i % 2 === 0 ? b.phone : b.username,
            password: `Wrong${i}x1`,
          }),
        ),
      );
      expect(tally(results.map((r) => r.statusCode))).toEqual({ 400: 5, 429: 35 });
      const right = await api.post('/api/user/login', { username: b.phone, password: PASSWORD });
      expect(right.statusCode).toBe(429);
    });

    it.runIf(kind === 'db')('100 parallel guesses at one SMS code: exactly 5 are compared', async () => {
      const phone = '13912345678';
      const code = await api.sendCode(phone, 'register');
      const wrong = code === '000000' ? '111111' : '000000';
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          api.post('/api/register/verify', {
            phone,
            code: wrong,
            password: 'Abc123456',
            confirm_password: 'Abc123456',
          }),
        ),
      );
      const messages = tally(
        results.map((r) => (r.json().data?.errors?.code?.[0] === '验证码错误' ? 1 : r.statusCode)),
      );
      expect(messages[1], JSON.stringify([messages, results[0].body])).toBe(5);
      const [row] = await ctx.app.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      expect(row.attempts).toBe(5);
      const right = await api.post('/api/register/verify', {
        phone,
        code,
        password: 'Abc123456',
        confirm_password: 'Abc123456',
      });
      expect(right.json().data.errors.code).toEqual(['验证码错误次数过多，请重新获取']);
    });
  },
);

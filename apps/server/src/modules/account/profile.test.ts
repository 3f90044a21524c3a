import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { files, users } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const post = (url: string, cookie: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

async function fileOf(userId: number, mime: string) {
  const [row] = await ctx.app.db
    .insert(files)
    .values({
      storageKey: `uploads/test/a${userId}${mime.length}`,
      mime,
      size: 10,
      originalName: 'a',
      ownerUserId: userId,
    })
    .returning();
  return row.id;
}

let phoneSerial = 0;
const freshPhone = () =>
  `1390${String(Date.now() % 10_000_000)
    .padStart(7, '0')
    .slice(0, 6)}${phoneSerial++ % 10}`;

describe('基本信息: POST /api/user/updateUserInfo', () => {
  it('changes the name and avatar; the phone only with the code sent to the new phone', async () => {
    const b = await createBuyer(ctx.app.db);
    const other = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const avatar = await fileOf(b.user.id, 'image/png');
    const saved = await post('/api/user/updateUserInfo', cookie, { name: '李店长', avatar_file_id: avatar });
    expect(saved.statusCode, saved.body).toBe(200);
    const base = (await ctx.app.inject({ method: 'GET', url: '/api/user/base', headers: { cookie } })).json()
      .data;
    expect(base).toMatchObject({ name: '李店长', face: `/api/files/${avatar}` });

    const phone = freshPhone();
    const noCode = await post('/api/user/updateUserInfo', cookie, { name: '李店长', phone });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().data.errors.code).toEqual(['请输入新手机号收到的验证码']);
    // A code for a phone already registered is refused at sending.
    const takenCode = await post('/api/user/create_code', cookie, {
      phone: other.user.phone,
      type: 'change_phone',
    });
    expect(takenCode.statusCode).toBe(422);
    // Not signed in: no code for a phone change.
    expect((await post('/api/user/create_code', '', { phone, type: 'change_phone' })).statusCode).toBe(401);
    expect((await post('/api/user/create_code', cookie, { phone, type: 'change_phone' })).statusCode).toBe(
      200,
    );
    const wrong = await post('/api/user/updateUserInfo', cookie, { name: '李店长', phone, code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().data.errors.code).toEqual(['验证码错误']);
    const code = ctx.app.sms.lastCode(phone) as string;
    const changed = await post('/api/user/updateUserInfo', cookie, { name: '李店长', phone, code });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, b.user.id));
    expect(row.phone).toBe(phone);
  });

  it('refuses another store’s file, a document as avatar, a short name and a phone taken', async () => {
    const b = await createBuyer(ctx.app.db);
    const other = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const foreign = await post('/api/user/updateUserInfo', cookie, {
      name: '李店长',
      avatar_file_id: await fileOf(other.user.id, 'image/png'),
    });
    expect(foreign.json().data.errors.avatar_file_id).toEqual(['头像不存在，请重新上传']);
    const pdf = await post('/api/user/updateUserInfo', cookie, {
      name: '李店长',
      avatar_file_id: await fileOf(b.user.id, 'application/pdf'),
    });
    expect(pdf.json().data.errors.avatar_file_id).toEqual(['头像须为图片']);
    const nul = await post('/api/user/updateUserInfo', cookie, { name: '李\u0000店长' });
    expect(nul.statusCode).toBe(422);
    const short = await post('/api/user/updateUserInfo', cookie, { name: '李' });
    expect(short.json().data.errors.name).toEqual(['联系人至少2个字']);
    const taken = await post('/api/user/updateUserInfo', cookie, {
      name: '李店长',
      phone: other.user.phone,
      code: '123456',
    });
    expect(taken.json().data.errors.phone).toEqual(['该手机号已注册']);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, b.user.id));
    expect(row.name).not.toBe('李店长');
    expect((await post('/api/user/updateUserInfo', '', { name: '李店长' })).statusCode).toBe(401);
  });
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { companies, users } from '../../db/schema/account';
import { grantLicences } from './grant-licences';

let phoneSeq = 0;

/**
 * A buyer for API tests: a company with the given qualification status and business scope, one
 * store user, and a session cookie for it (for the API tests of other modules).
 */
export async function testBuyer(
  app: Pick<FastifyInstance, 'db' | 'sessionStore'>,
  options: { status?: 'approved' | 'pending' | 'rejected'; scope?: string[] } = {},
): Promise<{ userId: number; cookie: string }> {
  const [company] = await app.db
    .insert(companies)
    .values({
      name: '测试大药房有限公司',
      type: 'pharmacy',
      contactName: '张三',
      contactPhone: '13800000000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      address: '文三路 1 号',
      businessScope: options.scope ?? [],
      qualificationStatus: options.status ?? 'approved',
    })
    .returning();
  await grantLicences(app.db, company);
  phoneSeq += 1;
  const [user] = await app.db
    .insert(users)
    .values({
      companyId: company.id,
      phone: `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`,
      passwordHash: 'x',
      name: '张三',
      storeName: '测试大药房',
    })
    .returning({ id: users.id });
  const sid = randomBytes(24).toString('base64url');
  await app.sessionStore.set(sid, { userId: user.id, loginAt: Date.now() }, 3600);
  return { userId: user.id, cookie: `yc_sid=${sid}` };
}

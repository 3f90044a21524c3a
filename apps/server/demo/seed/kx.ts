import { asc, sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import { companies, goods, goodsSaleControls, users } from '../../src/db/schema';
import { grantLicences } from '../../src/modules/account/grant-licences';
import { demoAccounts } from './accounts';

/**
 * 控销 demo: the goods of the 控销专区 get controls, and an approved clinic joins the approved
 * pharmacy so both outcomes show: most controlled goods sell only to 药店/连锁药店 (the clinic
 * is told why), some only in 江苏省 (the 浙江 pharmacy is told 该商品在您所在地区暂不销售),
 * some only in 浙江省 (both Hangzhou buyers may buy).
 */
export async function seedSaleControls(tx: Tx, now: Date) {
  const [clinic] = await tx
    .insert(companies)
    .values({
      name: '济民中西医结合诊所',
      type: 'clinic',
      contactName: '王卫东',
      contactPhone: demoAccounts.clinicBuyer.phone,
      province: '浙江省',
      city: '杭州市',
      district: '拱墅区',
      address: '湖墅南路 186 号',
      businessScope: ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'qx1', 'qx2'],
      qualificationStatus: 'approved',
      contractSignedAt: new Date('2026-03-02T02:00:00Z'),
    })
    .returning();
  await grantLicences(tx, clinic);
  const [hash] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(sql`${users.phone} = ${demoAccounts.buyer.phone}`);
  await tx.insert(users).values({
    companyId: clinic.id,
    phone: demoAccounts.clinicBuyer.phone,
    passwordHash: hash.passwordHash,
    name: '王卫东',
    storeName: '济民中西医结合诊所',
    isPrimary: true,
  });

  const zoneGoods = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(sql`${goods.zones} @> array['kxzq']::text[]`)
    .orderBy(asc(goods.id));
  const rows = zoneGoods.map(({ id }, i) => {
    // Every fifth: 江苏省 only; every fifth after it: 浙江省 only; the rest: pharmacies only.
    if (i % 5 === 1) return { goodsId: id, customerTypes: [], regions: [{ province: '江苏省', city: null }] };
    if (i % 5 === 3) return { goodsId: id, customerTypes: [], regions: [{ province: '浙江省', city: null }] };
    return { goodsId: id, customerTypes: ['pharmacy', 'chain'], regions: [] };
  });
  if (rows.length)
    await tx.insert(goodsSaleControls).values(rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })));
}

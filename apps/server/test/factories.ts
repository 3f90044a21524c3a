import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import type { DbOrTx } from '../src/db/client';
import {
  companies,
  goodsStock,
  goods as goodsTable,
  type LadderTierRow,
  manjianActivities,
  settings,
  users,
  warehouses,
} from '../src/db/schema';
import { BUYER_COOKIE } from '../src/plugins/session';

/**
 * Test data factories: insert companies, stores, warehouses, goods and stock directly, so an
 * API test does not depend on the demo data. Every factory takes overrides and returns the row.
 */
let serial = 0;
const next = () => `${Date.now().toString(36)}${(++serial).toString(36)}${randomBytes(2).toString('hex')}`;

export async function makeCompany(
  db: DbOrTx,
  over: Partial<typeof companies.$inferInsert> = {},
): Promise<typeof companies.$inferSelect> {
  const [row] = await db
    .insert(companies)
    .values({
      name: `测试大药房${next()}`,
      type: 'pharmacy',
      contactName: '张三',
      contactPhone: '13900000000',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      address: '江南大道 1 号',
      businessScope: ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'zyyp', 'qx1', 'qx2', 'bjsp'],
      qualificationStatus: 'approved',
      contractSignedAt: new Date(),
      ...over,
    })
    .returning();
  return row;
}

let phoneSeq = 0;
export async function makeUser(
  db: DbOrTx,
  companyId: number,
  over: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  const phone = `17${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(6, '0')}`;
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      phone,
      passwordHash: 'x',
      name: '李四',
      storeName: `门店${phoneSeq}`,
      ...over,
    })
    .returning();
  return row;
}

/** A company with `stores` store users (the first primary). */
export async function makeBuyer(
  db: DbOrTx,
  options: { stores?: number; company?: Partial<typeof companies.$inferInsert> } = {},
) {
  const company = await makeCompany(db, options.company);
  const stores = [];
  for (let i = 0; i < (options.stores ?? 1); i++) {
    stores.push(
      await makeUser(db, company.id, { isPrimary: i === 0, storeName: `${company.name}${i + 1}店` }),
    );
  }
  return { company, user: stores[0], stores };
}

export async function makeWarehouse(db: DbOrTx, name = '杭州仓') {
  const [row] = await db
    .insert(warehouses)
    .values({ code: `wh_${next()}`, name })
    .returning();
  return row;
}

export interface GoodsOptions extends Partial<typeof goodsTable.$inferInsert> {
  /** Stock per warehouse id. */
  stock?: Record<number, number>;
  ladderTiers?: LadderTierRow[];
}

export async function makeGoods(db: DbOrTx, options: GoodsOptions = {}) {
  const { stock = {}, ladderTiers, ...over } = options;
  const total = Object.values(stock).reduce((s, n) => s + n, 0);
  const [row] = await db
    .insert(goodsTable)
    .values({
      sku: `sku_${next()}`,
      name: '阿莫西林胶囊',
      commonName: '阿莫西林胶囊',
      kind: 'drug',
      manufacturer: '石药集团欧意药业有限公司',
      spec: '0.25g*24粒',
      unit: '盒',
      approvalNo: '国药准字H13023963',
      scopeClass: 'kssz',
      basePriceFen: 1000,
      ladder: ladderTiers ?? [],
      stockTotal: total,
      ...over,
    })
    .returning();
  const entries = Object.entries(stock);
  if (entries.length > 0) {
    await db
      .insert(goodsStock)
      .values(
        entries.map(([warehouseId, quantity]) => ({
          goodsId: row.id,
          warehouseId: Number(warehouseId),
          quantity,
        })),
      );
  }
  return row;
}

export async function setStock(db: DbOrTx, goodsId: number, warehouseId: number, quantity: number) {
  await db
    .insert(goodsStock)
    .values({ goodsId, warehouseId, quantity })
    .onConflictDoUpdate({ target: [goodsStock.goodsId, goodsStock.warehouseId], set: { quantity } });
}

/** An active full-reduction activity (tiers in fen) covering every goods by default. */
export async function makeManjian(
  db: DbOrTx,
  tiers: { amountFen: number; reductionFen: number }[],
  name = '满减活动',
) {
  const [row] = await db
    .insert(manjianActivities)
    .values({
      name,
      tiers,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  return row;
}

export async function setShipping(db: DbOrTx, thresholdFen: number, feeFen: number) {
  const value = { threshold_fen: thresholdFen, fee_fen: feeFen };
  await db
    .insert(settings)
    .values({ key: 'shipping', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** Logs a store user in by creating its session directly; returns the Cookie header. */
export async function loginAs(app: App, userId: number): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await app.sessionStore.set(id, { userId, loginAt: Date.now() }, 3600);
  return `${BUYER_COOKIE}=${id}`;
}

export async function userCompany(db: DbOrTx, userId: number) {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.companyId;
}

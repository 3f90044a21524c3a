import { randomBytes } from 'node:crypto';
import { eq, type sql } from 'drizzle-orm';
import type { App } from '../src/app';
import type { DbOrTx } from '../src/db/client';
import {
  addresses,
  cartItems,
  companies,
  coupons,
  goods,
  goodsStock,
  operators,
  userCoupons,
  users,
  walletAccounts,
  warehouses,
} from '../src/db/schema';
import { BUYER_COOKIE, OPERATOR_COOKIE } from '../src/plugins/session';

/**
 * Test data inserted directly (no demo data needed): buyers, goods with stock, cart lines,
 * coupons, and sessions started straight in the session store (test-only, never app code).
 */
let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface BuyerOptions {
  status?: 'approved' | 'pending' | 'rejected';
  contractSigned?: boolean;
  scope?: string[];
  points?: number;
  balanceFen?: number;
  creditLimitFen?: number;
  address?: boolean;
}

export async function createBuyer(db: DbOrTx, o: BuyerOptions = {}) {
  const tag = next();
  const [company] = await db
    .insert(companies)
    .values({
      name: `测试大药房${tag}`,
      type: 'pharmacy',
      contactName: '张三',
      contactPhone: '13900000000',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      address: '江南大道1号',
      businessScope: o.scope ?? ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'qx1', 'qx2'],
      qualificationStatus: o.status ?? 'approved',
      contractSignedAt: o.contractSigned === false ? null : new Date(),
    })
    .returning();
  const phone = `1${String(3 + (seq % 7))}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const [user] = await db
    .insert(users)
    .values({
      companyId: company.id,
      phone,
      username: `u${tag}`,
      passwordHash: 'x',
      name: '张三',
      storeName: `总店${tag}`,
      points: o.points ?? 0,
    })
    .returning();
  await db.insert(walletAccounts).values({
    userId: user.id,
    balanceFen: o.balanceFen ?? 0,
    creditLimitFen: o.creditLimitFen ?? 0,
  });
  let addressId: number | undefined;
  if (o.address !== false) {
    const [a] = await db
      .insert(addresses)
      .values({
        userId: user.id,
        consignee: '张三',
        phone: '13900000000',
        province: '浙江省',
        city: '杭州市',
        district: '滨江区',
        detail: '江南大道1号',
        isDefault: true,
      })
      .returning();
    addressId = a.id;
  }
  return { user, company, addressId };
}

export async function createWarehouse(db: DbOrTx, name = '杭州仓') {
  const [w] = await db
    .insert(warehouses)
    .values({ code: `W${next()}`, name })
    .returning();
  return w;
}

export interface GoodsOptions {
  priceFen?: number;
  stock?: number;
  warehouseId: number;
  ephedrine?: boolean;
  scopeClass?: string;
  name?: string;
  ladder?: { quantity: number; priceFen: number }[];
}

export async function createGoods(db: DbOrTx, o: GoodsOptions) {
  const tag = next();
  const [g] = await db
    .insert(goods)
    .values({
      sku: `SKU${tag}`,
      name: o.name ?? `阿莫西林胶囊${tag}`,
      commonName: '阿莫西林胶囊',
      kind: 'drug',
      manufacturer: '华北制药股份有限公司',
      spec: '0.25g*24粒',
      unit: '盒',
      approvalNo: '国药准字H13023964',
      scopeClass: o.scopeClass ?? 'kssz',
      basePriceFen: o.priceFen ?? 1000,
      ladder: o.ladder ?? [],
      ephedrine: o.ephedrine ?? false,
      stockTotal: o.stock ?? 100,
    })
    .returning();
  await db.insert(goodsStock).values({ goodsId: g.id, warehouseId: o.warehouseId, quantity: o.stock ?? 100 });
  return g;
}

export async function addCartLine(
  db: DbOrTx,
  userId: number,
  goodsId: number,
  warehouseId: number,
  quantity: number,
  isYj = 0,
) {
  const [line] = await db
    .insert(cartItems)
    .values({ userId, goodsId, warehouseId, quantity, isYj })
    .returning();
  return line;
}

export async function createCoupon(
  db: DbOrTx,
  userIds: number[],
  o: Partial<typeof coupons.$inferInsert> & { kind?: string } = {},
) {
  const [c] = await db
    .insert(coupons)
    .values({
      name: o.name ?? '满100减10',
      kind: o.kind ?? 'amount_off',
      thresholdFen: 10000,
      amountFen: 1000,
      ...o,
    })
    .returning();
  const held = userIds.length
    ? await db
        .insert(userCoupons)
        .values(userIds.map((userId) => ({ userId, couponId: c.id })))
        .returning()
    : [];
  return { coupon: c, userCoupons: held };
}

export async function stockOf(db: DbOrTx, goodsId: number) {
  const [row] = await db.select().from(goodsStock).where(eq(goodsStock.goodsId, goodsId));
  const [g] = await db.select({ total: goods.stockTotal }).from(goods).where(eq(goods.id, goodsId));
  return { quantity: row.quantity, total: g.total };
}

/** A logged-in buyer's cookie header (session written straight into the store). */
export async function buyerCookie(app: App, userId: number) {
  const id = randomBytes(24).toString('base64url');
  await app.sessionStore.set(id, { userId, loginAt: Date.now() }, 3600);
  return `${BUYER_COOKIE}=${id}`;
}

export async function operatorCookie(app: App) {
  const [op] = await app.db
    .insert(operators)
    .values({ username: `op${next()}`, passwordHash: 'x', name: '运营小王' })
    .returning();
  const id = randomBytes(24).toString('base64url');
  await app.sessionStore.set(id, { operatorId: op.id, loginAt: Date.now() }, 3600);
  return { cookie: `${OPERATOR_COOKIE}=${id}`, operatorId: op.id };
}

export const key = () => `k${randomBytes(8).toString('hex')}`;

export async function pointsOf(db: DbOrTx, userId: number) {
  const [u] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return u.points;
}

export async function sqlOne<T>(db: DbOrTx, query: ReturnType<typeof sql>) {
  return (await db.execute(query)).rows[0] as T;
}

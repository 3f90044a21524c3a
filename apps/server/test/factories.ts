import { randomBytes } from 'node:crypto';
import type { Coverage } from '@yaocai/domain';
import { and, eq, type sql } from 'drizzle-orm';
import type { App } from '../src/app';
import type { DbOrTx } from '../src/db/client';
import {
  addresses,
  cartItems,
  companies,
  coupons,
  goods,
  goodsBatches,
  goodsCombinationItems,
  goodsCombinations,
  goodsStock,
  type LadderTierRow,
  operatorRoles,
  operators,
  promotions,
  qualifications,
  roles,
  settings,
  type userCoupons,
  users,
  walletAccounts,
  warehouses,
} from '../src/db/schema';
import { grantLicences } from '../src/modules/account/grant-licences';
import { grantCoupon } from '../src/modules/promotion/service';
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
  /** false: the company holds no licence (a test that writes its own). */
  licences?: boolean;
  /** The company's type (pharmacy by default) and region (浙江省杭州市 by default). */
  type?: string;
  province?: string;
  city?: string;
}

export async function createBuyer(db: DbOrTx, o: BuyerOptions = {}) {
  const tag = next();
  const company = await makeCompany(
    db,
    {
      name: `测试大药房${tag}`,
      address: '江南大道1号',
      businessScope: o.scope ?? ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'qx1', 'qx2'],
      qualificationStatus: o.status ?? 'approved',
      contractSignedAt: o.contractSigned === false ? null : new Date(),
      ...(o.type ? { type: o.type } : {}),
      ...(o.province ? { province: o.province, city: o.city ?? '' } : {}),
    },
    { licences: o.licences },
  );
  const phone = `1${String(3 + (seq % 7))}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const user = await makeUser(db, company.id, {
    phone,
    username: `u${tag}`,
    name: '张三',
    storeName: `总店${tag}`,
    points: o.points ?? 0,
  });
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

export interface GoodsOptions {
  priceFen?: number;
  stock?: number;
  warehouseId: number;
  ephedrine?: boolean;
  scopeClass?: string;
  name?: string;
  ladder?: { quantity: number; priceFen: number }[];
  /** The expiry of the goods' one batch (and the shown expiry). */
  expiresOn?: string;
}

/** A goods in one warehouse, with makeGoods's defaults but another maker and approval number. */
export async function createGoods(db: DbOrTx, o: GoodsOptions) {
  const tag = next();
  return makeGoods(db, {
    sku: `SKU${tag}`,
    name: o.name ?? `阿莫西林胶囊${tag}`,
    manufacturer: '华北制药股份有限公司',
    approvalNo: '国药准字H13023964',
    scopeClass: o.scopeClass ?? 'kssz',
    basePriceFen: o.priceFen ?? 1000,
    ladder: o.ladder ?? [],
    ephedrine: o.ephedrine ?? false,
    stock: { [o.warehouseId]: o.stock ?? 100 },
    ...(o.expiresOn ? { expiresOn: o.expiresOn } : {}),
  });
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
  // Held coupons take their validity from the template at the grant, as a claim does.
  const held: (typeof userCoupons.$inferSelect)[] = [];
  for (const userId of userIds) {
    const row = await grantCoupon(db, { userId, coupon: c, source: 'grant' }, new Date());
    if (row) held.push(row);
  }
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

/**
 * A logged-in buyer with one unpaid order of one goods at `priceFen` (placed through the API,
 * as a browser would). The order fixture of the payment, attack and CSRF tests.
 */
export async function unpaidOrder(
  app: App,
  warehouseId: number,
  o: { buyer?: BuyerOptions; priceFen?: number } = {},
) {
  const b = await createBuyer(app.db, o.buyer);
  const cookie = await buyerCookie(app, b.user.id);
  const g = await createGoods(app.db, { warehouseId, priceFen: o.priceFen ?? 100000 });
  const line = await addCartLine(app.db, b.user.id, g.id, warehouseId, 1);
  const res = await app.inject({
    method: 'POST',
    url: '/api/order/create',
    payload: { ids: [line.id] },
    headers: { cookie, 'idempotency-key': key() },
  });
  if (res.statusCode !== 201) throw new Error(`order not created: ${res.statusCode} ${res.body}`);
  return { ...b, cookie, orderId: res.json().data.id as number, goods: g };
}

/**
 * A signed-in operator holding one role (a role code of the initial roles, 超级管理员 by
 * default, or null for none); the session is written straight into the store.
 */
export async function operatorCookie(app: App, role: string | null = 'super_admin') {
  const [op] = await app.db
    .insert(operators)
    .values({ username: `op${next()}`, passwordHash: 'x', name: '运营小王' })
    .returning();
  if (role) {
    const [row] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.code, role));
    await app.db.insert(operatorRoles).values({ operatorId: op.id, roleId: row.id });
  }
  const id = randomBytes(24).toString('base64url');
  await app.sessionStore.set(id, { operatorId: op.id, operatorVersion: 0, loginAt: Date.now() }, 3600);
  return { cookie: `${OPERATOR_COOKIE}=${id}`, operatorId: op.id, username: op.username };
}

export const key = () => `k${randomBytes(8).toString('hex')}`;

export async function pointsOf(db: DbOrTx, userId: number) {
  const [u] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return u.points;
}

export async function sqlOne<T>(db: DbOrTx, query: ReturnType<typeof sql>) {
  return (await db.execute(query)).rows[0] as T;
}

/**
 * Cart test factories: insert companies, stores, warehouses, goods and stock directly, so an
 * API test does not depend on the demo data. Every factory takes overrides and returns the row.
 */

/**
 * A company, licensed for its business scope by approved long-term licences (`licences: false`
 * leaves it without any, as a company that never uploaded one).
 */
export async function makeCompany(
  db: DbOrTx,
  over: Partial<typeof companies.$inferInsert> = {},
  options: { licences?: boolean } = {},
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
  if (options.licences !== false) await grantLicences(db, row);
  return row;
}

/**
 * Replaces the company's approved licence of `kind` by one valid until `validUntil` with the
 * same scope (a renewal approved with that date): reviewed licences are kept as they were, so
 * the old one is marked replaced, as the review does.
 */
export async function setLicenceExpiry(
  db: DbOrTx,
  companyId: number,
  kind: string,
  validUntil: string | null,
) {
  const [old] = await db
    .update(qualifications)
    .set({ status: 'replaced' })
    .where(
      and(
        eq(qualifications.companyId, companyId),
        eq(qualifications.kind, kind),
        eq(qualifications.status, 'approved'),
      ),
    )
    .returning();
  if (!old) throw new Error(`company ${companyId} holds no approved ${kind}`);
  const { id: _id, ...copy } = old;
  const [row] = await db
    .insert(qualifications)
    .values({ ...copy, expiresOn: validUntil, status: 'approved' })
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

export interface MakeGoodsOptions extends Partial<typeof goods.$inferInsert> {
  /** Stock per warehouse id. */
  stock?: Record<number, number>;
  ladderTiers?: LadderTierRow[];
}

export async function makeGoods(db: DbOrTx, options: MakeGoodsOptions = {}) {
  const { stock = {}, ladderTiers, ...over } = options;
  const total = Object.values(stock).reduce((s, n) => s + n, 0);
  const [row] = await db
    .insert(goods)
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
    await db.insert(goodsStock).values(
      entries.map(([warehouseId, quantity]) => ({
        goodsId: row.id,
        warehouseId: Number(warehouseId),
        quantity,
      })),
    );
    // Stock arrives as a batch (as the console receives it), so the goods can ship (FEFO).
    const received = entries.filter(([, quantity]) => quantity > 0);
    if (received.length)
      await db.insert(goodsBatches).values(
        received.map(([warehouseId, quantity]) => ({
          goodsId: row.id,
          warehouseId: Number(warehouseId),
          batchNo: `T${row.id}W${warehouseId}`,
          producedOn: '2020-01-01',
          expiresOn: row.expiresOn ?? '2030-12-31',
          quantity,
        })),
      );
  }
  return row;
}

/** A combination package (套餐) sold as one line at its own price, holding `items` per set. */
export async function makeCombination(
  db: DbOrTx,
  values: typeof goodsCombinations.$inferInsert,
  items: { goodsId: number; quantity: number }[],
) {
  const [row] = await db.insert(goodsCombinations).values(values).returning();
  await db.insert(goodsCombinationItems).values(items.map((i) => ({ combinationId: row.id, ...i })));
  return row;
}

export interface CartLineSpec {
  goodsId: number;
  quantity: number;
  /** Set for a combination package line (goodsId is then the package's main goods). */
  combinationId?: number;
}

/**
 * A new logged-in buyer (createBuyer) whose cart holds these selected lines, all from one
 * warehouse; `ids` are the cart line ids in the order given.
 */
export async function buyerWithCartLines(app: App, warehouseId: number, lines: CartLineSpec[]) {
  const buyer = await createBuyer(app.db);
  const cookie = await buyerCookie(app, buyer.user.id);
  const rows = await app.db
    .insert(cartItems)
    .values(
      lines.map((l) => ({
        userId: buyer.user.id,
        goodsId: l.goodsId,
        warehouseId,
        quantity: l.quantity,
        type: l.combinationId ? 3 : 1,
        combinationId: l.combinationId ?? 0,
      })),
    )
    .returning({ id: cartItems.id });
  return { ...buyer, cookie, ids: rows.map((r) => r.id) };
}

export async function setStock(db: DbOrTx, goodsId: number, warehouseId: number, quantity: number) {
  await db
    .insert(goodsStock)
    .values({ goodsId, warehouseId, quantity })
    .onConflictDoUpdate({ target: [goodsStock.goodsId, goodsStock.warehouseId], set: { quantity } });
}

/** An active full-reduction activity (tiers in fen) covering every goods by default (coverage null). */
export async function makeManjian(
  db: DbOrTx,
  tiers: { amountFen: number; reductionFen: number }[],
  name = '满减活动',
  coverage: Coverage | null = null,
) {
  const [row] = await db
    .insert(promotions)
    .values({
      kind: 'full_reduction',
      name,
      action: { tiers },
      coverage,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  return { ...row, tiers };
}

export async function setShipping(db: DbOrTx, thresholdFen: number, feeFen: number) {
  const value = { threshold_fen: thresholdFen, fee_fen: feeFen };
  await db
    .insert(settings)
    .values({ key: 'shipping', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** Logs a store user in (the cart tests' name for buyerCookie); returns the Cookie header. */
export const loginAs = buyerCookie;

export async function userCompany(db: DbOrTx, userId: number) {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.companyId;
}

/** A multipart/form-data body: text fields and, optionally, one file under `file`. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type: string },
) {
  const boundary = `----yc${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * An open API key with these scopes, made the way the console makes it (audited, by a
 * super_admin operator): the bearer header to send and the key's id.
 */
export async function openApiKey(
  app: App,
  scopes: readonly string[],
  options: { name?: string; rateLimitPerMinute?: number } = {},
) {
  const admin = await operatorCookie(app, 'super_admin');
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/open/keys',
    headers: { cookie: admin.cookie, origin: 'http://localhost:80' },
    payload: {
      name: options.name ?? `ERP ${next()}`,
      scopes,
      rate_limit_per_minute: options.rateLimitPerMinute ?? 6000,
    },
  });
  if (res.statusCode !== 200) throw new Error(`open key not created: ${res.body}`);
  const data = res.json().data as { id: number; key: string };
  return { id: data.id, key: data.key, authorization: `Bearer ${data.key}` };
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyer, makeGoods, makeWarehouse } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { cartItems } from '../../db/schema';
import { removeLines } from './service';

/** What the cart module does for the order module: hand over lines, and the shipping gap. */
let ctx: TestContext;
let wh: { id: number };
let goodsId: number;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  wh = await makeWarehouse(ctx.app.db);
  goodsId = (await makeGoods(ctx.app.db, { name: '阿莫西林胶囊', stock: { [wh.id]: 100 } })).id;
});
afterAll(() => ctx.close());

async function lineOf(userId: number, isYj = 0) {
  const [row] = await ctx.app.db
    .insert(cartItems)
    .values({ userId, goodsId, warehouseId: wh.id, quantity: 1, isYj })
    .returning({ id: cartItems.id });
  return row.id;
}

describe('removeLines (order creation takes the cart lines)', () => {
  it("removes only this store's lines and answers the ids it took", async () => {
    const { stores } = await makeBuyer(ctx.app.db, { stores: 2 });
    const [a, b] = [await lineOf(stores[0].id), await lineOf(stores[0].id, 1)];
    const sister = await lineOf(stores[1].id);
    const db = ctx.app.db;
    const taken = await db.transaction((tx) => removeLines(tx, stores[0].id, [a, sister, 999_999]));
    expect(taken).toEqual([a]);
    const left = await db.select({ id: cartItems.id }).from(cartItems);
    expect(left.map((r) => r.id)).toEqual(expect.arrayContaining([b, sister]));
    expect(left.map((r) => r.id)).not.toContain(a);
    // Taken again (a second tab): nothing left to take.
    expect(await db.transaction((tx) => removeLines(tx, stores[0].id, [a]))).toEqual([]);
    const [still] = await db.select().from(cartItems).where(eq(cartItems.id, sister));
    expect(still.userId).toBe(stores[1].id);
  });

  it("the order module never touches the cart's table itself", () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../order');
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of sources) {
      expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(/\bcartItems\b|cart_items/);
    }
  });
});

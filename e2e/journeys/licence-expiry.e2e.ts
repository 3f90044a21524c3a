import { buyingValidUntil, licenceTypeName, requiredLicences } from '@yaocai/domain';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  cartMergeKey,
  companies,
  goods,
  goodsStock,
  qualifications,
  users,
} from '../../apps/server/src/db/schema';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('licence expiry (Beijing calendar, the clock of the request context)', () => {
  it('a licence expiring tonight warns today and blocks checkout tomorrow', async () => {
    const db = h.app.db;
    const [buyer] = await db.select().from(users).where(eq(users.phone, '13800000001'));
    // The required licence that ends first (the demo's purchase proxy): its last valid day is D.
    const held = await db
      .select()
      .from(qualifications)
      .where(and(eq(qualifications.companyId, buyer.companyId), eq(qualifications.status, 'approved')));
    const licences = held.map((q) => ({
      id: q.id,
      type: q.kind,
      number: q.number,
      validUntil: q.expiresOn,
      scopes: q.scopes,
    }));
    const [company] = await db.select().from(companies).where(eq(companies.id, buyer.companyId));
    const last = buyingValidUntil(company.type, licences) as string;
    const ending = held.find(
      (q) => q.expiresOn === last && requiredLicences[company.type]?.includes(q.kind as never),
    );
    const name = licenceTypeName(ending?.kind ?? '');
    // One line in the store's cart: a goods within its scope, with stock.
    const [pick] = await db
      .select({ goodsId: goods.id, warehouseId: goodsStock.warehouseId, min: goods.minQuantity })
      .from(goodsStock)
      .innerJoin(goods, eq(goods.id, goodsStock.goodsId))
      .where(
        and(
          gte(goodsStock.quantity, 100),
          eq(goods.ephedrine, false),
          eq(goods.isOnSale, true),
          inArray(goods.scopeClass, company.businessScope),
        ),
      )
      .orderBy(asc(goods.id))
      .limit(1);
    const [line] = await db
      .insert(cartItems)
      .values({ userId: buyer.id, goodsId: pick.goodsId, warehouseId: pick.warehouseId, quantity: pick.min })
      .onConflictDoUpdate({ target: cartMergeKey, set: { quantity: pick.min } })
      .returning({ id: cartItems.id });
    const realNow = h.app.clock.now;
    try {
      // D, 10:00 in Beijing: the licence is valid through today; the member centre warns.
      h.app.clock.now = () => new Date(`${last}T02:00:00Z`);
      const { page, context } = await h.newPage();
      const errors = collectConsoleErrors(page);
      await h.signInBuyer(context, '13800000001');
      await page.goto('/user');
      const warning = page.getByTestId('member-licence-warning');
      await warning.waitFor();
      expect(await warning.getAttribute('class')).toContain('ant-alert-warning');
      await page.getByText('（剩余0天）', { exact: false }).waitFor();
      await page.goto(`/cart/step2?ids=${line.id}`);
      await page.getByTestId('submit-order').waitFor();
      await h.shot(page, 'licence-expiry-today');

      // D + 1, 00:30 in Beijing (still D in UTC): checkout refuses, saying why.
      h.app.clock.now = () => new Date(`${last}T16:30:00Z`);
      // The checkout's calls are refused on purpose (the licence expired), its coupon list too.
      expectRefusal(403, /^\/api\/(order\/|cart\/|user\/availableCoupon$)/);
      await page.reload();
      // The page says it, and one refusal dialog (the page's calls refused together show one).
      const refusal = `您的「${name}」已于${last}过期，请上传新证件后再下单`;
      await page.getByRole('dialog').getByText(refusal).waitFor();
      await page.getByRole('heading', { name: refusal }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(1);
      expect(await page.getByTestId('submit-order').count()).toBe(0);
      await h.shot(page, 'licence-expiry-tomorrow');
      await page.goto('/user');
      expect(await page.getByTestId('member-licence-warning').getAttribute('class')).toContain(
        'ant-alert-error',
      );
      expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
      await context.close();
    } finally {
      h.app.clock.now = realNow;
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayStack, promotionKinds, stacking, stackingRows } from './stacking';

describe('stacking matrix', () => {
  it('is symmetric: if b may follow a, a may follow b', () => {
    for (const a of promotionKinds)
      for (const b of promotionKinds) expect(stacking[a][b]).toBe(stacking[b][a]);
  });

  it('never stacks a kind with itself (one coupon, one special price, one full-reduction per line)', () => {
    for (const k of promotionKinds) expect(stacking[k][k]).toBe(false);
  });

  it('keeps a special price out of welfare and full-reduction, but lets coupons and points apply', () => {
    expect(mayStack(['special_price'], 'full_reduction')).toBe(false);
    expect(mayStack(['special_price'], 'welfare')).toBe(false);
    expect(mayStack(['special_price'], 'coupon')).toBe(true);
    expect(mayStack(['welfare', 'full_reduction'], 'coupon')).toBe(true);
  });

  it('a line with nothing applied takes any kind', () => {
    fc.assert(fc.property(fc.constantFrom(...promotionKinds), (k) => mayStack([], k)));
  });

  it('lists each kind with the four others for the buyer', () => {
    const rows = stackingRows();
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      label: '特价',
      with: expect.arrayContaining([{ label: '满减', allowed: false }]),
    });
    for (const row of rows) expect(row.with).toHaveLength(4);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appliedOf, defineRule, type LivePromotion, type RuleLine } from './rule';
import { promotionRules } from './rules';
import { runPromotions, schedule } from './run';
import { promotionKinds, stackingOrder } from './stacking';

const ruleLine = (id: number, amountFen: number, over: Partial<RuleLine> = {}): RuleLine => ({
  id,
  goodsId: id,
  selected: true,
  quantity: 1,
  unitPriceFen: amountFen,
  amountFen,
  giftFen: 0,
  withCoupon: true,
  isCombination: false,
  facts: null,
  taken: [],
  ...over,
});

const live = (kind: string, id: number, action: unknown): LivePromotion => ({
  kind,
  id,
  label: kind,
  coverage: null,
  condition: {},
  action,
});

// The keys an argument schema names (a plain object or a union of objects).
function keysOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { def: { type: string; shape?: object; options?: z.ZodType[] } }).def;
  if (def.type === 'object') return Object.keys((schema as z.ZodObject).shape);
  if (def.type === 'union') return (def.options ?? []).flatMap(keysOf);
  return [];
}

describe('the rule registry', () => {
  it('holds each kind once, every class of the matrix, each rule describing only arguments it has', () => {
    const kinds = promotionRules.map((r) => r.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(new Set(promotionRules.map((r) => r.stacking))).toEqual(new Set(promotionKinds));
    for (const rule of promotionRules) {
      expect(rule.label).toMatch(/\p{Script=Han}/u);
      for (const field of rule.editor) {
        const schema = field.in === 'action' ? rule.action : rule.condition;
        expect(keysOf(schema), `${rule.kind}.${field.name}`).toContain(field.name);
      }
    }
  });

  it('schedules a stage in the stacking order, each kind by id, whatever order the registry lists them in', () => {
    const promotions = [live('points', 0, {}), live('full_reduction', 9, {}), live('full_reduction', 2, {})];
    const steps = schedule('cart', promotions, [...promotionRules].reverse());
    expect(steps.map((s) => [s.rule.kind, s.promotion.id])).toEqual([
      ['full_reduction', 2],
      ['full_reduction', 9],
    ]);
    const order = schedule('order', promotions).map((s) => stackingOrder(s.rule.stacking));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('ignores a kind no rule knows', () => {
    const run = runPromotions('cart', [ruleLine(1, 1_000)], [live('mystery', 1, {})], 0);
    expect(run.applied).toEqual([]);
    expect(run.lines[0].amountFen).toBe(1_000);
  });

  it('runs a kind it has never seen, from its rule alone (no edit of the pipeline)', () => {
    // 立减: takes a fixed sum off each line it covers, a line discount of the welfare class.
    const meta = { kind: 'flat_off', stacking: 'welfare', effect: 'price' } as const;
    const action = z.object({ offFen: z.number().int().nonnegative() });
    const flatOff = defineRule<Record<string, never>, z.infer<typeof action>, null>({
      ...meta,
      label: '立减',
      stage: 'cart',
      condition: z.object({}) as z.ZodType<Record<string, never>>,
      action,
      editor: [{ name: 'offFen', in: 'action', label: '立减（元）', type: 'fen', required: true }],
      applies: (line) => line.amountFen > 0,
      apply(lines, promotion) {
        const shares = new Map(lines.map((l) => [l.id, Math.min(l.amountFen, promotion.action.offFen)]));
        const amountFen = [...shares.values()].reduce((s, x) => s + x, 0);
        return appliedOf(meta, promotion, lines, { amountFen, shares, detail: null });
      },
    });
    const lines = [ruleLine(1, 1_000), ruleLine(2, 300), ruleLine(3, 1_000, { taken: ['special_price'] })];
    const run = runPromotions(
      'cart',
      lines,
      [
        live('flat_off', 1, { offFen: 500 }),
        live('full_reduction', 1, { tiers: [{ amountFen: 500, reductionFen: 100 }] }),
      ],
      0,
      [...promotionRules, flatOff],
    );
    expect(run.applied.map((a) => [a.kind, a.amountFen, a.lineIds])).toEqual([
      ['flat_off', 800, [1, 2]],
      // 满减 follows on what 立减 left (500 + 0 reaches 满5减1); the special line takes neither.
      ['full_reduction', 100, [1, 2]],
    ]);
    expect(run.lines.map((l) => l.taken)).toEqual([
      ['welfare', 'full_reduction'],
      ['welfare', 'full_reduction'],
      ['special_price'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { argumentsFromWire, argumentsToWire } from './arguments';
import { fullReductionRule } from './rules/full-reduction';
import { secondHalfRule } from './rules/second-half';

describe('rule arguments on the wire', () => {
  it('turns the money the editor marks as fen from yuan and back, tiers row by row', () => {
    const wire = { tiers: [{ amountFen: 100, reductionFen: 10.5, repeat: true }] };
    const stored = argumentsFromWire(fullReductionRule, 'action', wire);
    expect(stored).toEqual({ tiers: [{ amountFen: 10_000, reductionFen: 1_050, repeat: true }] });
    expect(fullReductionRule.action.safeParse(stored).success).toBe(true);
    expect(argumentsToWire(fullReductionRule, 'action', stored)).toEqual(wire);
  });

  it('leaves the rest as it is, and a sum below the fen for the schema to refuse', () => {
    expect(argumentsFromWire(secondHalfRule, 'action', { ratePercent: 50, other: 'x' })).toEqual({
      ratePercent: 50,
      other: 'x',
    });
    const stored = argumentsFromWire(fullReductionRule, 'action', {
      tiers: [{ amountFen: 1.005, reductionFen: 1 }],
    });
    expect(fullReductionRule.action.safeParse(stored).success).toBe(false);
  });

  it('reads a form post: numbers, switches and empty inputs by the editor type, tiers row by row', () => {
    expect(argumentsFromWire(secondHalfRule, 'action', { ratePercent: '50', maxPairs: '' })).toEqual({
      ratePercent: 50,
      maxPairs: null,
    });
    expect(
      secondHalfRule.action.safeParse(argumentsFromWire(secondHalfRule, 'action', { ratePercent: '50' }))
        .success,
    ).toBe(true);
    expect(argumentsFromWire(secondHalfRule, 'action', { ratePercent: 'abc' })).toEqual({
      ratePercent: 'abc',
    });
    const stored = argumentsFromWire(fullReductionRule, 'action', {
      tiers: [{ amountFen: '100', reductionFen: '10.5', repeat: 'true' }],
    });
    expect(stored).toEqual({ tiers: [{ amountFen: 10_000, reductionFen: 1_050, repeat: true }] });
  });
});

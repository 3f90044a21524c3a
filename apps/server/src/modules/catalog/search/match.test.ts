import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeKeyword } from './keyword';
import {
  buyableRank,
  containsCondition,
  keywordValues,
  makerCondition,
  makerTier,
  matchCondition,
  matchTier,
  phraseShapes,
} from './match';

const dialect = new PgDialect();

/** The placeholder names a statement built from these phrases' shapes asks values for. */
function placeholdersOf(query: SQL): string[] {
  return dialect
    .sqlToQuery(query)
    .params.filter((p): p is Placeholder => p instanceof Placeholder)
    .map((p) => p.name);
}

/** Every statement a keyword search makes of its shapes, as one SQL to compile. */
function everyStatement(phrases: string[]): SQL {
  const shapes = phraseShapes(phrases);
  return sql.join(
    [
      matchCondition(shapes),
      containsCondition(shapes),
      matchTier(shapes),
      makerCondition(shapes),
      makerCondition(shapes, false),
      makerTier(shapes),
      buyableRank(true),
    ],
    sql`, `,
  );
}

// What a buyer types: Chinese, latin, digits, codes, several words, LIKE wildcards.
const piece = fc.constantFrom(
  '感冒',
  '布洛芬',
  '片',
  'amxl',
  'buluofen',
  'VC',
  'ｖｃ',
  '69',
  '国药准字h13023964',
  'z20063456',
  '6901234567892',
  '50%',
  'a_b',
  'ml',
);
const phrases = fc
  .array(fc.array(piece, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 })
  .map((ps) => [...new Set(ps.map((words) => normalizeKeyword(words.join(' '))))]);

describe('keyword statements of a shape', () => {
  it('give every placeholder they use a value, for any phrases', () => {
    fc.assert(
      fc.property(phrases, (ps) => {
        const values = keywordValues(ps, ['hxyzj']);
        for (const name of placeholdersOf(everyStatement(ps))) {
          expect(values[name], name).not.toBeUndefined();
          expect(values[name], name).not.toBeNull();
        }
      }),
      { seed: 34, numRuns: 300 },
    );
  });

  it('are the same text for keywords of the same shape, and another for another shape', () => {
    const text = (ps: string[]) => dialect.sqlToQuery(everyStatement(ps)).sql;
    expect(text(['感冒'])).toBe(text(['布洛']));
    expect(text(['amxl 片'])).toBe(text(['blf 胶囊']));
    expect(text(['感冒'])).not.toBe(text(['gm']));
    expect(text(['6901234567892'])).not.toBe(text(['6901234']));
    expect(keywordValues(['感冒'])).not.toEqual(keywordValues(['布洛']));
  });

  it('escapes LIKE wildcards in the values, never in the text', () => {
    const values = keywordValues(['50%']);
    expect(values.k0s).toBe('50\\%%');
    expect(values.k0c).toBe('%50\\%%');
    expect(dialect.sqlToQuery(everyStatement(['50%'])).sql).not.toContain('50');
  });
});

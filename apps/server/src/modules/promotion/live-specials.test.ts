import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { DAILY_SPECIAL_CODE } from './daily-specials';
import { loadLineSpecials } from './specials';
import { SPIKE_CODE } from './spike';

/** A database handle that records the statements it is asked to run and answers no rows. */
function recordingDb() {
  const asked: { name: string; values: unknown[] }[] = [];
  const client = {
    query: async (config: { name: string; values: unknown[] }) => {
      asked.push({ name: config.name, values: config.values });
      return { rows: [] };
    },
  };
  return { db: { session: { client } } as unknown as DbOrTx, asked };
}

const codes = [SPIKE_CODE, DAILY_SPECIAL_CODE];
const now = new Date('2026-11-26T10:00:00+08:00');

describe('loadLineSpecials with the live goods of each source (the cart list)', () => {
  it('runs no statement when none of the goods is on a flash sale or a daily special', async () => {
    const { db, asked } = recordingDb();
    const live = new Map([
      [SPIKE_CODE, new Set([40, 41])],
      [DAILY_SPECIAL_CODE, new Set<number>()],
    ]);
    const found = await loadLineSpecials(db, 7, [1, 2, 3], now, { codes, live });
    expect(found.size).toBe(0);
    expect(asked).toEqual([]);
  });

  it('asks each source only about the goods live on it', async () => {
    const { db, asked } = recordingDb();
    const live = new Map([
      [SPIKE_CODE, new Set([2])],
      [DAILY_SPECIAL_CODE, new Set([3, 9])],
    ]);
    await loadLineSpecials(db, 7, [1, 2, 3, 3], now, { codes, live });
    const spike = asked.find((a) => a.name === 'spike_live_goods');
    const daily = asked.find((a) => a.name === 'daily_special_live_goods');
    expect(asked).toHaveLength(2);
    expect(spike?.values).toContainEqual([2]);
    expect(daily?.values).toContainEqual([3]);
  });

  it('without live goods (checkout and orders) asks every source about every goods', async () => {
    const { db, asked } = recordingDb();
    await loadLineSpecials(db, 7, [1, 2], now, { codes });
    expect(asked.map((a) => a.name).sort()).toEqual(['daily_special_live_goods', 'spike_live_goods']);
    for (const a of asked) expect(a.values).toContainEqual([1, 2]);
  });
});

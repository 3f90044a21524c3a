import { describe, expect, it } from 'vitest';
import { descriptionRows } from './LightDescriptions';

const item = (label: string, span?: number) => ({ label, children: label, span });
const spans = (rows: ReturnType<typeof descriptionRows>) =>
  rows.map((row) => row.map((i) => [i.label, i.span]));

// The rows antd's Descriptions (useRow) makes of the same items.
describe('LightDescriptions rows', () => {
  it('fills rows of `column` items', () => {
    expect(spans(descriptionRows([item('a'), item('b'), item('c'), item('d')], 2))).toEqual([
      [
        ['a', 1],
        ['b', 1],
      ],
      [
        ['c', 1],
        ['d', 1],
      ],
    ]);
  });
  it('stretches the last item of a short row to its end', () => {
    expect(spans(descriptionRows([item('a'), item('b'), item('c')], 2))).toEqual([
      [
        ['a', 1],
        ['b', 1],
      ],
      [['c', 2]],
    ]);
    expect(spans(descriptionRows([item('a')], 3))).toEqual([[['a', 3]]]);
  });
  it('gives a wide item its span, cut to what its row has left', () => {
    expect(spans(descriptionRows([item('a', 2), item('b'), item('c', 2)], 2))).toEqual([
      [['a', 2]],
      [
        ['b', 1],
        ['c', 1],
      ],
    ]);
  });
  it('makes no rows of no items', () => {
    expect(descriptionRows([], 3)).toEqual([]);
  });
});

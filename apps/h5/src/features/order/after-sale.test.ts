import { describe, expect, it } from 'vitest';
import { afterSaleStep, requestedLines } from './after-sale';

const lines = [
  { id: 1, quantity: 10 },
  { id: 2, quantity: 3 },
  { id: 3, quantity: 2 },
];

describe('requestedLines', () => {
  it('names the lines with a quantity, each within what was bought', () => {
    expect(requestedLines(lines, { 1: 2, 2: 5, 3: 0 })).toEqual([
      { line_id: 1, quantity: 2 },
      { line_id: 2, quantity: 3 },
    ]);
  });
  it('drops negative, fractional leftovers and lines not on the order', () => {
    expect(requestedLines(lines, { 1: -1, 2: 1.7, 9: 4 })).toEqual([{ line_id: 2, quantity: 1 }]);
  });
});

describe('afterSaleStep', () => {
  it('follows the request from review to its end', () => {
    expect(afterSaleStep('pending')).toEqual({ current: 1, refused: false });
    expect(afterSaleStep('approved')).toEqual({ current: 3, refused: false });
    expect(afterSaleStep('refused')).toEqual({ current: 2, refused: true });
  });
});

import { describe, expect, it } from 'vitest';
import { choosePage, chooseRow, pageBoxState } from './light-table-selection';

describe("LightTable's row selection (antd Table's rules)", () => {
  it('checks the header box when every selectable row of the page is chosen, mixed when some are', () => {
    expect(pageBoxState([], [1, 2])).toEqual({ checked: false, indeterminate: false, disabled: false });
    expect(pageBoxState([2], [1, 2])).toEqual({ checked: false, indeterminate: true, disabled: false });
    expect(pageBoxState([2, 1], [1, 2])).toEqual({ checked: true, indeterminate: false, disabled: false });
    // Rows of another page do not count.
    expect(pageBoxState([7, 8], [1, 2])).toEqual({ checked: false, indeterminate: false, disabled: false });
  });
  it('disables the header box when no row of the page may be chosen', () => {
    expect(pageBoxState([], [])).toEqual({ checked: false, indeterminate: false, disabled: true });
  });
  it("adds the page's selectable rows, or takes them out, keeping other pages' rows", () => {
    expect(choosePage([7, 1], [1, 2, 3], true)).toEqual([7, 1, 2, 3]);
    expect(choosePage([7, 1, 2], [1, 2, 3], false)).toEqual([7]);
  });
  it('chooses or drops one row, never twice', () => {
    expect(chooseRow([1], 2, true)).toEqual([1, 2]);
    expect(chooseRow([1, 2], 2, true)).toEqual([1, 2]);
    expect(chooseRow([1, 2], 1, false)).toEqual([2]);
  });
});

import type { CategoryMenuItem } from '@yaocai/domain';
import { describe, expect, it } from 'vitest';
import { categoryPath } from './category-path';

const node = (id: number, children: CategoryMenuItem[] = []): CategoryMenuItem => ({
  id,
  name: `c${id}`,
  logo: null,
  logo1: null,
  children,
});
const tree = [node(1, [node(11, [node(111), node(112)]), node(12)]), node(2)];

describe('categoryPath', () => {
  it('walks from the top level down to the category', () => {
    expect(categoryPath(tree, 112).map((c) => c.id)).toEqual([1, 11, 112]);
    expect(categoryPath(tree, 2).map((c) => c.id)).toEqual([2]);
  });

  it('is empty for no or unknown categories', () => {
    expect(categoryPath(tree, undefined)).toEqual([]);
    expect(categoryPath(tree, 999)).toEqual([]);
  });
});

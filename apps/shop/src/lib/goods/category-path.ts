import type { CategoryMenuItem } from '@yaocai/domain';

/** The chain of categories from the top of `tree` down to `id` (empty when not found). */
export function categoryPath(tree: readonly CategoryMenuItem[], id: number | undefined): CategoryMenuItem[] {
  if (id === undefined) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

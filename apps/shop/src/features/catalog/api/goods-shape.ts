import type { GoodsSummary } from '@yaocai/domain';

/** Goods rows of a call that answers either a bare list or `{ list }`. */
export function asGoodsList(data: unknown): GoodsSummary[] {
  if (Array.isArray(data)) return data as GoodsSummary[];
  if (data && typeof data === 'object' && Array.isArray((data as { list?: unknown }).list)) {
    return (data as { list: GoodsSummary[] }).list;
  }
  return [];
}

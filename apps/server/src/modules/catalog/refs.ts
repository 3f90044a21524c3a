import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, categories, warehouses } from '../../db/schema/catalog';
import { sharedCache } from '../../lib/cache-bus';

/**
 * Small reference tables (categories, brands, warehouses) held in process for a few seconds:
 * every list row needs a brand name and every category filter its descendants.
 * `invalidateCatalogRefs()` drops the copy after an operator write.
 */
export interface CategoryRef {
  id: number;
  code: string;
  menu: string;
  parentId: number | null;
  name: string;
  logo: string | null;
  logo1: string | null;
  sort: number;
}
export interface BrandRef {
  id: number;
  name: string;
  manufacturer: string;
  logo: string | null;
  story: string;
  color: string;
  sort: number;
}
export interface CatalogRefs {
  categories: CategoryRef[];
  categoryById: Map<number, CategoryRef>;
  childrenOf: Map<number | null, CategoryRef[]>;
  brands: BrandRef[];
  brandById: Map<number, BrandRef>;
  warehouseById: Map<number, { id: number; name: string }>;
}

const cache = sharedCache<CatalogRefs>('catalog-refs', 10_000);

export const invalidateCatalogRefs = cache.forget;

export function catalogRefs(db: Db): Promise<CatalogRefs> {
  return cache.get(db, () => load(db));
}

async function load(db: Db): Promise<CatalogRefs> {
  const [cats, brandRows, whs] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    db.select().from(brands).orderBy(asc(brands.sort), asc(brands.id)),
    db.select().from(warehouses).orderBy(asc(warehouses.id)),
  ]);
  const childrenOf = new Map<number | null, CategoryRef[]>();
  for (const c of cats) {
    const list = childrenOf.get(c.parentId) ?? [];
    list.push(c);
    childrenOf.set(c.parentId, list);
  }
  return {
    categories: cats,
    categoryById: new Map(cats.map((c) => [c.id, c])),
    childrenOf,
    brands: brandRows,
    brandById: new Map(brandRows.map((b) => [b.id, b])),
    warehouseById: new Map(whs.map((w) => [w.id, { id: w.id, name: w.name }])),
  };
}

/** A category and all its descendants (ids). Empty when the category does not exist. */
export function categoryWithDescendants(refs: CatalogRefs, id: number): number[] {
  if (!refs.categoryById.has(id)) return [];
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    for (const child of refs.childrenOf.get(next) ?? []) stack.push(child.id);
  }
  return out;
}

import { type Column, type SQL, sql } from 'drizzle-orm';
import { goods } from '../../db/schema/catalog';

// The catalogue's published read of a goods' ERP code, for statements of other modules that list
// goods they keep their own copy of (the ERP order feed's lines): one primary-key lookup riding
// in the caller's query, never a query per row. null: no such goods, or no code.

/** The ERP code of the goods whose id is `goodsId` (a column or expression of the caller's query). */
export const erpCodeOfGoods = (goodsId: Column | SQL) =>
  sql<string | null>`(select ${goods.erpCode} from ${goods} where ${goods.id} = ${goodsId})`;

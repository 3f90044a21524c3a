import type { SaleControl } from '@yaocai/domain';
import { type SQL, sql } from 'drizzle-orm';
import { goods } from '../../db/schema/catalog';
import { goodsSaleControls } from '../../db/schema/kx';

// The catalogue's published read of a goods' 控销 control, for every query that selects goods
// rows and judges them with the eligibility rule (lists, detail, the cart's lines and adds): one
// primary-key lookup riding in the goods query, never a query per goods. null: not controlled.

/** The control of the goods whose id is `goodsId` (default: the goods table's own id). */
export const saleControlOf = (goodsId: SQL | typeof goods.id = goods.id) =>
  sql<SaleControl | null>`(select json_build_object('customerTypes', ${goodsSaleControls.customerTypes}, 'regions', ${goodsSaleControls.regions})
    from ${goodsSaleControls} where ${goodsSaleControls.goodsId} = ${goodsId})`;

import type { GoodsListData } from '@yaocai/domain';
import { http } from '../../lib/http';
import { scannedGoodsId } from './search-logic';

/** The goods a scanned barcode names (GET /api/goods/list?keywords=<barcode>), or null. */
export async function goodsOfBarcode(barcode: string): Promise<number | null> {
  const found = await http.get<GoodsListData>('/api/goods/list', {
    params: { keywords: barcode, page_size: 2 },
  });
  return scannedGoodsId(found);
}

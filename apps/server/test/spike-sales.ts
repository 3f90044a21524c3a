import { expect } from 'vitest';
import type { App } from '../src/app';
import { key } from './factories';

// Flash-sale fixtures for the spike tests: a sale built through the console API, as an operator
// would, and an order placed through the buyer API.

export interface SaleSpec {
  start: Date;
  end: Date;
  goods: { goodsId: number; price: number; stock: number; limit: number }[];
  schedule?: boolean;
}

export async function makeSale(app: App, operator: string, spec: SaleSpec) {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, payload, headers: { cookie: operator } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const sale = await post('/api/admin/spike', { name: '整点秒杀' });
  const slot = await post(`/api/admin/spike/${sale.id}/slots`, {
    start_time: Math.floor(spec.start.getTime() / 1000),
    end_time: Math.floor(spec.end.getTime() / 1000),
  });
  const items: number[] = [];
  for (const g of spec.goods)
    items.push(
      (
        await post(`/api/admin/spike/slots/${slot.id}/goods`, {
          goods_id: g.goodsId,
          spike_price: g.price,
          stock: g.stock,
          limit: g.limit,
        })
      ).id,
    );
  if (spec.schedule !== false) await post(`/api/admin/spike/${sale.id}/status`, { action: 'schedule' });
  return { saleId: sale.id as number, slotId: slot.id as number, items };
}

export const placeOrder = (app: App, cookie: string, ids: number[]) =>
  app.inject({
    method: 'POST',
    url: '/api/order/create',
    payload: { ids },
    headers: { cookie, 'idempotency-key': key() },
  });

export const hour = (n: number, from = new Date()) => new Date(from.getTime() + n * 3_600_000);

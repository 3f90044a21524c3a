import { z } from 'zod';
import { fromYuan } from '../money';
import { slotsOverlap, spikeSaleStatuses, spikeSaleTransitions } from '../promotion/spike';
import { goodsSummary } from './catalog';
import { recordId, secondsInput, singleLineText, wholeNumber, yuanAmount } from './input';

// Flash sale (秒杀) contracts: GET /api/index/spike for the shop, /api/admin/spike/* for the
// console. Money is yuan on the wire, times 10-digit seconds.

/** One goods of a slot: the catalogue's summary (prices hidden as it hides them) and the sale. */
export const spikeGoodsItem = z.object({
  /** The slot goods' id (its current price version). */
  id: z.number().int(),
  goods: goodsSummary,
  /** null whenever the catalogue hides the goods' prices from this viewer. */
  spike_price: z.number().nullable(),
  stock: z.number().int(),
  sold: z.number().int(),
  sold_percent: z.number().int(),
  remaining: z.number().int(),
  /** Units one store may buy at the spike price in this slot. */
  limit: z.number().int(),
  sold_out: z.boolean(),
});
export type SpikeGoodsItem = z.infer<typeof spikeGoodsItem>;

export const spikeSlotView = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  name: z.string(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  phase: z.enum(['running', 'upcoming']),
  goods: z.array(spikeGoodsItem),
});
export type SpikeSlotView = z.infer<typeof spikeSlotView>;

export const spikeIndexData = z.object({
  /** The server clock (10-digit seconds) the countdowns run from. */
  timestamp: z.number().int(),
  slots: z.array(spikeSlotView),
});
export type SpikeIndexData = z.infer<typeof spikeIndexData>;

// ---- console ----

export const spikeSaleBody = z.object({
  name: singleLineText('活动名称', 30).pipe(z.string().min(1, { error: '请填写活动名称' })),
});
export type SpikeSaleBody = z.infer<typeof spikeSaleBody>;

export const spikeStatusBody = z.object({
  action: z.enum(Object.keys(spikeSaleTransitions) as [keyof typeof spikeSaleTransitions], {
    error: '操作不正确',
  }),
});

export const spikeSlotBody = z
  .object({ start_time: secondsInput('开始时间'), end_time: secondsInput('结束时间') })
  .refine((b) => b.end_time > b.start_time, { path: ['end_time'], error: '结束时间须晚于开始时间' });
export type SpikeSlotBody = z.infer<typeof spikeSlotBody>;

/** The slot that would overlap this one among a sale's other slots, if any. */
export const overlappingSlot = <T extends { start: number; end: number }>(
  slot: { start: number; end: number },
  others: readonly T[],
): T | undefined => others.find((o) => slotsOverlap(slot, o));

export const spikeGoodsBody = z.object({
  goods_id: recordId('请选择商品').optional(),
  spike_price: yuanAmount('秒杀价').pipe(z.number().gt(0, { error: '秒杀价须大于0' })),
  stock: wholeNumber('秒杀库存', 1),
  limit: wholeNumber('每店限购', 1),
  sort: wholeNumber('排序', 0).default(0),
});
export type SpikeGoodsBody = z.infer<typeof spikeGoodsBody>;
export const spikePriceFen = (body: SpikeGoodsBody) => fromYuan(body.spike_price);

export const adminSpikeGoods = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  base_price: z.number(),
  spike_price: z.number(),
  stock: z.number().int(),
  sold: z.number().int(),
  limit: z.number().int(),
  sort: z.number().int(),
});

export const adminSpikeSlot = z.object({
  id: z.number().int(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  goods: z.array(adminSpikeGoods),
  /** Units, orders and amount sold at the spike price (orders not cancelled). */
  sales: z.object({ units: z.number().int(), orders: z.number().int(), amount: z.number() }),
});
export type AdminSpikeSlot = z.infer<typeof adminSpikeSlot>;

export const adminSpikeSale = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(spikeSaleStatuses),
  slots: z.array(adminSpikeSlot),
});
export type AdminSpikeSale = z.infer<typeof adminSpikeSale>;
export const adminSpikeSaleList = z.array(adminSpikeSale);

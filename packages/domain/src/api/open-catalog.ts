import { z } from 'zod';
import { barcodeProblem } from '../catalog/barcode';
import { scopeClassCodes } from '../catalog/scope';
import { goodsKindCodes, rxClassCodes } from './admin-goods';
import { calendarDate, MAX_YUAN, singleLineText } from './input';

// The open API's goods, stock and prices (/api/open/v1/goods, /stock, /prices): the ERP names
// goods by its own code (erp_code); money is yuan as a JSON number with at most two decimals.

/** The most items one batch call carries (goods, stock or prices). */
export const OPEN_BATCH_MAX = 1000;
/** The most batches one goods holds in one warehouse in a stock call. */
export const OPEN_BATCHES_PER_ITEM_MAX = 100;

/** An ERP code: letters, digits and . _ - / (the codes ERPs print), 1 to 40 characters. */
export const erpCode = (label = '编码') =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .max(40, { error: `${label}最多40个字符` })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { error: `${label}只能包含字母、数字和 . _ - /` });

/** Yuan as a JSON number (never a string: machines send numbers), at most two decimals. */
export const openYuan = (label: string) =>
  z
    .number({ error: `${label}须为数字` })
    .min(0, { error: `${label}不能为负数` })
    .max(MAX_YUAN, { error: `${label}不能超过${MAX_YUAN}元` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: `${label}最多两位小数` });

const count = (label: string, min: number, max = 1_000_000) =>
  z
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于${min}` })
    .max(max, { error: `${label}不能超过${max}` });

const required = (label: string, max: number) =>
  singleLineText(label, max).pipe(z.string().min(1, { error: `请填写${label}` }));

/** A ladder tier: from `min_quantity` units on, the unit price is `price`. */
export const openLadderTier = z.strictObject({
  min_quantity: count('阶梯起购数量', 2),
  price: openYuan('阶梯单价'),
});

const priceFields = {
  /** The wholesale unit price (基础价), > 0. */
  price: openYuan('价格').pipe(z.number().gt(0, { error: '价格须大于0' })),
  /** 建议零售价; null clears it; left out: unchanged. */
  retail_price: openYuan('建议零售价').nullable().optional(),
  /** Quantity price tiers, rising quantities and falling prices; left out: unchanged ([] clears). */
  ladder: z.array(openLadderTier).max(10, { error: '阶梯价最多10档' }).optional(),
};

const itemError = { error: '每一项须为 JSON 对象' };

/** What the ERP says of one goods (PUT /goods/{erp_code}); the console keeps the rest. */
export const openGoodsFields = z.strictObject(
  {
    name: required('商品名称', 60),
    generic_name: required('通用名', 60),
    maker: required('生产厂家', 60),
    specification: required('规格', 40),
    unit: required('包装单位', 6),
    approval_number: required('批准文号', 40),
    /** GTIN barcode (EAN-13, or 8, 12 or 14 digits) with a right check digit; '' for none. */
    barcode: z
      .string({ error: '条形码格式不正确' })
      .superRefine((code, ctx) => {
        const problem = barcodeProblem(code);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    /** A category's code (the console's 分类编码). */
    category_code: required('分类编码', 40),
    kind: z.enum(goodsKindCodes, { error: '商品类型须为 drug、device、herb 或 health' }).default('drug'),
    /** 经营范围类别: which buyers' licences allow the goods. */
    scope_class: z.enum(scopeClassCodes, { error: '经营范围类别不正确' }),
    prescription_class: z.enum(rxClassCodes, { error: '处方类别须为 rx、otc_a、otc_b 或 none' }),
    ...priceFields,
    /** On sale in the shop; left out: unchanged (new goods start off sale). */
    on_sale: z.boolean({ error: '是否上架须为 true 或 false' }).optional(),
  },
  itemError,
);
export type OpenGoodsFields = z.output<typeof openGoodsFields>;

const goodsExample = {
  name: '阿莫西林胶囊',
  generic_name: '阿莫西林胶囊',
  maker: '石药集团欧意药业有限公司',
  specification: '0.25g*24粒',
  unit: '盒',
  approval_number: '国药准字H13023963',
  barcode: '6901234567892',
  category_code: 'kss',
  kind: 'drug',
  scope_class: 'kssz',
  prescription_class: 'rx',
  price: 12.5,
  retail_price: 18,
  ladder: [{ min_quantity: 10, price: 12 }],
  on_sale: true,
};

export const openGoodsBody = openGoodsFields.meta({ example: goodsExample });
export const openGoodsParams = z.strictObject({ erp_code: erpCode('商品编码') });

/** One goods of a batch call: its ERP code and its fields. */
export const openGoodsItem = openGoodsFields.extend({ erp_code: erpCode('商品编码') });
export type OpenGoodsItem = z.output<typeof openGoodsItem>;

/**
 * A batch's envelope: the items are checked one by one by the route (a bad one fails alone), so
 * the envelope takes any JSON objects; the item schema is documented in the description.
 */
const batchItems = (example: unknown, label: string) =>
  z
    .array(z.unknown(), { error: `items 须为数组（每一项一个${label}）` })
    .min(1, { error: 'items 不能为空' })
    .max(OPEN_BATCH_MAX, { error: `一次最多${OPEN_BATCH_MAX}项` })
    .meta({ example: [example] });

export const openGoodsBatchBody = z
  .strictObject({ items: batchItems({ erp_code: 'YP000123', ...goodsExample }, '商品') })
  .meta({ example: { items: [{ erp_code: 'YP000123', ...goodsExample }] } });

/** The outcome of one item of a batch call. */
export const openItemResult = z.object({
  index: z.number().int(),
  erp_code: z.string().nullable(),
  status: z.enum(['created', 'updated', 'unchanged', 'failed']),
  id: z.number().int().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type OpenItemResult = z.infer<typeof openItemResult>;

export const openBatchResult = z
  .object({
    results: z.array(openItemResult),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
  })
  .meta({
    example: {
      results: [
        { index: 0, erp_code: 'YP000123', status: 'created', id: 1042 },
        { index: 1, erp_code: 'YP000124', status: 'failed', errors: { category_code: ['分类不存在'] } },
      ],
      created: 1,
      updated: 0,
      unchanged: 0,
      failed: 1,
    },
  });
export type OpenBatchResult = z.infer<typeof openBatchResult>;

export const openGoodsSaved = z
  .object({ id: z.number().int(), erp_code: z.string(), status: z.enum(['created', 'updated', 'unchanged']) })
  .meta({ example: { id: 1042, erp_code: 'YP000123', status: 'created' } });

// ---- Stock ----

export const openStockBatch = z
  .strictObject({
    batch_no: required('批号', 40),
    produced_on: calendarDate('生产日期'),
    expires_on: calendarDate('有效期至'),
    quantity: count('数量', 0),
  })
  .refine((b) => b.expires_on > b.produced_on, { error: '有效期须晚于生产日期', path: ['expires_on'] });

export const openStockItem = z.strictObject(
  {
    erp_code: erpCode('商品编码'),
    /** A warehouse's code; left out: the first warehouse. */
    warehouse_code: singleLineText('仓库编码', 40).optional(),
    /** Every batch the warehouse holds of the goods: batches left out are set to zero. */
    batches: z
      .array(openStockBatch)
      .max(OPEN_BATCHES_PER_ITEM_MAX, { error: `每个商品最多${OPEN_BATCHES_PER_ITEM_MAX}个批号` })
      .refine((list) => new Set(list.map((b) => b.batch_no)).size === list.length, {
        error: '批号不能重复',
      }),
  },
  itemError,
);
export type OpenStockItem = z.output<typeof openStockItem>;

const stockExample = {
  erp_code: 'YP000123',
  warehouse_code: 'hz',
  batches: [
    { batch_no: '20260301', produced_on: '2026-03-01', expires_on: '2028-02-28', quantity: 120 },
    { batch_no: '20251101', produced_on: '2025-11-01', expires_on: '2027-10-31', quantity: 30 },
  ],
};
export const openStockBody = z
  .strictObject({ items: batchItems(stockExample, '库存') })
  .meta({ example: { items: [stockExample] } });

// ---- Prices ----

export const openPriceItem = z.strictObject({ erp_code: erpCode('商品编码'), ...priceFields }, itemError);
export type OpenPriceItem = z.output<typeof openPriceItem>;
const priceExample = { erp_code: 'YP000123', price: 12.5, ladder: [{ min_quantity: 10, price: 12 }] };
export const openPricesBody = z
  .strictObject({ items: batchItems(priceExample, '价格') })
  .meta({ example: { items: [priceExample] } });

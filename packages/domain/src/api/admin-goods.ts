import { z } from 'zod';
import { barcodeProblem } from '../catalog/barcode';
import { goodsTags, scopeClassCodes, zones } from '../catalog/scope';
import { controlClassCodes } from '../compliance/control-classes';
import { fromYuan } from '../money';
import { taxClassificationOf, vatRates } from '../order/tax-codes';
import { ladderProblems } from '../pricing/ladder-rules';
import { pageOf } from './admin';
import {
  calendarDate,
  formBoolean,
  multiLineText,
  PG_INT_MAX,
  pageNumber,
  recordId,
  singleLineText,
  yuanAmount,
} from './input';

// Console goods contracts (/api/admin/goods...): the editor's body, the list's query and rows,
// batches and the import report. Money is yuan on the wire (two decimals), fen inside.

export const goodsKinds = [
  { code: 'drug', name: '药品' },
  { code: 'device', name: '医疗器械' },
  { code: 'herb', name: '中药饮片' },
  { code: 'health', name: '保健食品' },
] as const;
export const goodsKindCodes = ['drug', 'device', 'herb', 'health'] as const;
export const rxClasses = [
  { code: 'rx', name: '处方药' },
  { code: 'otc_a', name: '甲类非处方药' },
  { code: 'otc_b', name: '乙类非处方药' },
  { code: 'none', name: '非药品' },
] as const;
export const rxClassCodes = ['rx', 'otc_a', 'otc_b', 'none'] as const;
const zoneCodes = Object.keys(zones) as [keyof typeof zones, ...(keyof typeof zones)[]];

const quantity = (label: string, min = 1) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于${min}` })
    .max(1_000_000, { error: `${label}不能超过1000000` });

const ladderTierInput = z.object({
  quantity: quantity('阶梯数量'),
  price: yuanAmount('阶梯单价'),
});

/** A form sends an emptied field as '' (and JSON as null): both mean none. */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

const imageUrl = z
  .string({ error: '图片地址格式不正确' })
  .max(300, { error: '图片地址过长' })
  .regex(/^\/media\/goods-images\/\d+$/, { error: '请上传商品图片' });

/** The console's goods editor: every field of the goods model (create and edit alike). */
export const goodsEditBody = z
  .object({
    name: singleLineText('商品名称', 60).pipe(z.string().min(1, { error: '请填写商品名称' })),
    common_name: singleLineText('通用名', 60).pipe(z.string().min(1, { error: '请填写通用名' })),
    kind: z.enum(goodsKindCodes, { error: '请选择商品类型' }),
    manufacturer: singleLineText('生产厂家', 60).pipe(z.string().min(1, { error: '请填写生产厂家' })),
    brand_id: orNull(
      z.coerce.number({ error: '品牌不正确' }).int().min(1, { error: '品牌不正确' }).max(PG_INT_MAX),
    ),
    spec: singleLineText('规格', 40).pipe(z.string().min(1, { error: '请填写规格' })),
    unit: singleLineText('包装单位', 6).pipe(z.string().min(1, { error: '请填写包装单位' })),
    approval_no: singleLineText('批准文号', 40).pipe(z.string().min(1, { error: '请填写批准文号' })),
    /** The package barcode (EAN-13 with its check digit); '' for none; left out: unchanged. */
    barcode: singleLineText('条形码', 20)
      .superRefine((code, ctx) => {
        const problem = barcodeProblem(code);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    dosage_form: singleLineText('剂型', 20).default(''),
    /** 上市许可持有人 (drugs) or 注册人/备案人 (devices). */
    authorization_holder: singleLineText('上市许可持有人', 60).default(''),
    rx_class: z.enum(rxClassCodes, { error: '请选择处方类别' }),
    storage: singleLineText('贮藏条件', 40).default(''),
    description: multiLineText('商品说明', 5000).default(''),
    scope_class: z.enum(scopeClassCodes, { error: '请选择经营范围类别' }),
    /** 税收分类编码 (19 digits); empty: the scope class's default (domain defaultTaxOf). */
    tax_code: orNull(
      z
        .string({ error: '税收分类编码须为19位数字' })
        .regex(/^\d{19}$/, { error: '税收分类编码须为19位数字' })
        .refine((code) => taxClassificationOf(code) !== undefined, {
          error: '税收分类编码不在可开票的编码表中',
        }),
    ).default(null),
    /** VAT rate in percent; empty: the tax code's rate. */
    tax_rate: orNull(
      z.coerce
        .number({ error: '税率不正确' })
        .int({ error: '税率须为13%、9%、6%、3%、1%或0%' })
        .min(0, { error: '税率须为13%、9%、6%、3%、1%或0%' })
        .max(13, { error: '税率须为13%、9%、6%、3%、1%或0%' })
        .refine((r) => (vatRates as readonly number[]).includes(r), {
          error: '税率须为13%、9%、6%、3%、1%或0%',
        }),
    ).default(null),
    /** 特殊管理类别 (vaccine, narcotic ...), or null for none. */
    control_class: orNull(z.enum(controlClassCodes, { error: '特殊管理类别不正确' })).default(null),
    base_price: yuanAmount('基础价').pipe(z.number().gt(0, { error: '基础价须大于0' })),
    retail_price: orNull(yuanAmount('建议零售价')),
    ladder_type: z.coerce
      .number({ error: '阶梯价类型不正确' })
      .int({ error: '阶梯价类型不正确' })
      .min(0, { error: '阶梯价类型不正确' })
      .max(1, { error: '阶梯价类型不正确' })
      .default(0),
    ladder: z.array(ladderTierInput).max(10, { error: '阶梯价最多10档' }).default([]),
    min_quantity: quantity('起订量'),
    step_quantity: quantity('加购步长'),
    is_buy: formBoolean('可购买须为是或否').default(true),
    is_free_shipping: formBoolean('包邮须为是或否').default(false),
    free_shipping_number: quantity('包邮数量', 0).default(0),
    tags: z
      .array(z.enum(goodsTags, { error: '标签不正确' }))
      .max(7)
      .default([]),
    zones: z
      .array(z.enum(zoneCodes, { error: '专区不正确' }))
      .max(6)
      .default([]),
    ephedrine: formBoolean('含麻黄碱须为是或否').default(false),
    image: orNull(imageUrl),
    gallery: z.array(imageUrl).max(8, { error: '商品图最多8张' }).default([]),
    category_ids: z
      .array(recordId('分类不正确'))
      .min(1, { error: '请至少选择一个分类' })
      .max(12, { error: '分类最多12个' }),
  })
  .superRefine((body, ctx) => {
    const problems = ladderProblems(
      body.ladder_type,
      body.ladder.map((t) => ({ quantity: t.quantity, priceFen: fromYuan(t.price) })),
      fromYuan(body.base_price),
    );
    for (const problem of problems)
      ctx.addIssue({
        code: 'custom',
        path: ['ladder', problem.index, problem.field],
        message: problem.message,
      });
    if (body.retail_price !== null && body.retail_price < body.base_price)
      ctx.addIssue({ code: 'custom', path: ['retail_price'], message: '建议零售价不能低于基础价' });
  });
export type GoodsEditBody = z.output<typeof goodsEditBody>;

export const goodsSaleBody = z.object({ on_sale: formBoolean('请选择上架或下架') });

/**
 * The console goods list counts matches up to this many (the shop's list cap): a broader list
 * answers ADMIN_GOODS_TOTAL_CAP + 1 and the console shows "2000+" (100 pages of 20).
 */
export const ADMIN_GOODS_TOTAL_CAP = 2_000;

export const adminGoodsQuery = z.object({
  /** Name, pinyin (full or initials), approval number, manufacturer or SKU. */
  q: singleLineText('关键词', 40).optional(),
  kind: z.enum(goodsKindCodes).optional(),
  rx_class: z.enum(rxClassCodes).optional(),
  on_sale: z.enum(['1', '0']).optional(),
  stock: z.enum(['in', 'out']).optional(),
  ephedrine: z.enum(['1', '0']).optional(),
  category_id: recordId('分类不正确').optional(),
  brand_id: recordId('品牌不正确').optional(),
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminGoodsQuery = z.output<typeof adminGoodsQuery>;

export const adminGoodsRow = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  kind: z.string(),
  rx_class: z.string(),
  base_price: z.number(),
  stock: z.number().int(),
  expires_on: z.string().nullable(),
  on_sale: z.boolean(),
  ephedrine: z.boolean(),
  image: z.string(),
  updated_at: z.string(),
});
export type AdminGoodsRow = z.infer<typeof adminGoodsRow>;
export const adminGoodsPage = pageOf(adminGoodsRow);
export type AdminGoodsPage = z.infer<typeof adminGoodsPage>;

export const goodsBatchView = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  warehouse: z.string(),
  batch_no: z.string(),
  produced_on: z.string(),
  expires_on: z.string(),
  quantity: z.number().int(),
  /** A 药检报告 was uploaded for the batch. */
  report: z.boolean(),
});
export type GoodsBatchView = z.infer<typeof goodsBatchView>;

/** The editor's answer: the body's fields as stored, plus identity, stock and batches. */
export const adminGoodsDetail = z.object({
  id: z.number().int(),
  sku: z.string(),
  on_sale: z.boolean(),
  stock: z.number().int(),
  expires_on: z.string().nullable(),
  updated_at: z.string(),
  fields: z.object({
    name: z.string(),
    common_name: z.string(),
    kind: z.enum(goodsKindCodes),
    manufacturer: z.string(),
    brand_id: z.number().int().nullable(),
    spec: z.string(),
    unit: z.string(),
    approval_no: z.string(),
    barcode: z.string(),
    dosage_form: z.string(),
    authorization_holder: z.string(),
    rx_class: z.enum(rxClassCodes),
    storage: z.string(),
    description: z.string(),
    scope_class: z.string(),
    tax_code: z.string(),
    tax_rate: z.number().int(),
    control_class: z.enum(controlClassCodes).nullable(),
    base_price: z.number(),
    retail_price: z.number().nullable(),
    ladder_type: z.number().int(),
    ladder: z.array(z.object({ quantity: z.number().int(), price: z.number() })),
    min_quantity: z.number().int(),
    step_quantity: z.number().int(),
    is_buy: z.boolean(),
    is_free_shipping: z.boolean(),
    free_shipping_number: z.number().int(),
    tags: z.array(z.string()),
    zones: z.array(z.string()),
    ephedrine: z.boolean(),
    image: z.string().nullable(),
    gallery: z.array(z.string()),
    category_ids: z.array(z.number().int()),
  }),
  batches: z.array(goodsBatchView),
});
export type AdminGoodsDetail = z.infer<typeof adminGoodsDetail>;

/** What the editor's pickers offer: categories of the four menus, brands, warehouses. */
export const goodsEditorOptions = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      menu: z.string(),
      parent_id: z.number().int().nullable(),
    }),
  ),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type GoodsEditorOptions = z.infer<typeof goodsEditorOptions>;

/** POST /api/admin/warehouses: a new warehouse batches are received into (新增仓库). */
export const warehouseBody = z.strictObject({
  name: singleLineText('仓库名称', 30).pipe(z.string().min(2, { error: '请填写仓库名称（至少2个字）' })),
});
export type WarehouseBody = z.output<typeof warehouseBody>;
export const warehouseView = z.object({ id: z.number().int(), name: z.string() });

export const goodsBatchBody = z
  .object({
    warehouse_id: recordId('请选择仓库'),
    batch_no: singleLineText('批号', 30)
      .pipe(z.string().min(1, { error: '请填写批号' }))
      .refine((s) => /^[0-9A-Za-z-]+$/.test(s), { error: '批号只能包含字母、数字和短横线' }),
    produced_on: calendarDate('生产日期'),
    expires_on: calendarDate('有效期至'),
    quantity: quantity('数量', 0),
  })
  .refine((b) => b.expires_on > b.produced_on, { path: ['expires_on'], error: '有效期须晚于生产日期' });
export type GoodsBatchBody = z.output<typeof goodsBatchBody>;

export const goodsBatchQuantityBody = z.object({ quantity: quantity('数量', 0) });

export const goodsBatchParams = z.object({ id: recordId(), batchId: recordId() });

/** One refused import row: its spreadsheet row number, the column and the reason. */
export const importProblem = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export const goodsImportReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  problems: z.array(importProblem),
});
export type GoodsImportReport = z.infer<typeof goodsImportReport>;

export const goodsImageView = z.object({ id: z.number().int(), url: z.string() });

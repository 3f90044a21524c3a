import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The four category menus of the spec: normal (category), yx (category_yx), zy (category_zy),
 * qx (category_qx). A tree per menu through parentId.
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    /** normal | yx | zy | qx */
    menu: text('menu').notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    logo: text('logo'),
    logo1: text('logo1'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_menu_idx').on(t.menu, t.parentId, t.sort)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  manufacturer: text('manufacturer').notNull(),
  logo: text('logo'),
  story: text('story').notNull().default(''),
  /** Brand colour for drawn logos and packaging. */
  color: text('color').notNull().default('#1f6fb2'),
  sort: integer('sort').notNull().default(0),
});

/** Warehouses goods ship from (ck_id). */
export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** Ladder tiers: type 1 = by upper quantity bound, otherwise by minimum quantity. */
export interface LadderTierRow {
  quantity: number;
  priceFen: number;
}

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    /** The wholesaler's ERP code of the goods (open API PUT /goods/{erp_code}); unique when set. */
    erpCode: text('erp_code'),
    /** The package barcode (GTIN/EAN-13) the ERP sends; '' when none. */
    barcode: text('barcode').notNull().default(''),
    name: text('name').notNull(),
    commonName: text('common_name').notNull(),
    /** drug | device | herb | health */
    kind: text('kind').notNull(),
    manufacturer: text('manufacturer').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    spec: text('spec').notNull(),
    unit: text('unit').notNull(),
    approvalNo: text('approval_no').notNull(),
    dosageForm: text('dosage_form').notNull().default(''),
    /** 上市许可持有人 (drugs; 药品管理法 2019) or 注册人/备案人 (devices); '' when none. */
    authorizationHolder: text('authorization_holder').notNull().default(''),
    /** rx | otc_a | otc_b | none */
    rxClass: text('rx_class').notNull().default('none'),
    storage: text('storage').notNull().default(''),
    /** Expiry date of the batch on sale. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** 特殊管理类别 (packages/domain control-classes): null for none. */
    controlClass: text('control_class'),
    description: text('description').notNull().default(''),
    /** Business-scope class (matched against the buyer's jyfw). */
    scopeClass: text('scope_class').notNull(),
    /**
     * 税收分类编码 (19 digits) and VAT rate (percent) of the goods' invoice lines; new goods start
     * from their scope class's default (packages/domain defaultTaxOf), the editor may override.
     */
    taxCode: text('tax_code').notNull().default('1070301020000000000'),
    taxRate: integer('tax_rate').notNull().default(13),
    basePriceFen: integer('base_price_fen').notNull(),
    retailPriceFen: integer('retail_price_fen'),
    ladderType: integer('ladder_type').notNull().default(0),
    ladder: jsonb('ladder').$type<LadderTierRow[]>().notNull().default(sql`'[]'::jsonb`),
    minQuantity: integer('min_quantity').notNull().default(1),
    stepQuantity: integer('step_quantity').notNull().default(1),
    isBuy: boolean('is_buy').notNull().default(true),
    isFreeShipping: boolean('is_free_shipping').notNull().default(false),
    freeShippingNumber: integer('free_shipping_number').notNull().default(0),
    /** Badges: 优 秒 满 换购 赠 特 新 */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Zones: yx zyyp qxzq jxqzc kxzq ppzq */
    zones: text('zones').array().notNull().default(sql`'{}'::text[]`),
    ephedrine: boolean('ephedrine').notNull().default(false),
    image: text('image'),
    /** Packaging colour of the drawn image (/media/goods/:id.svg). */
    color: text('color').notNull().default('#1f6fb2'),
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    salesCount: integer('sales_count').notNull().default(0),
    /** Total stock over warehouses, kept in step with goods_stock for fast filters. */
    stockTotal: integer('stock_total').notNull().default(0),
    /** Search keys computed with pinyin-pro on write. */
    namePinyin: text('name_pinyin').notNull().default(''),
    nameInitials: text('name_initials').notNull().default(''),
    manufacturerPinyin: text('manufacturer_pinyin').notNull().default(''),
    manufacturerInitials: text('manufacturer_initials').notNull().default(''),
    isOnSale: boolean('is_on_sale').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goods_sales_idx').on(t.salesCount),
    index('goods_price_idx').on(t.basePriceFen),
    index('goods_created_idx').on(t.createdAt),
    /** Lists sorted by expiry, and the 近效期 zone (an expiry window). */
    index('goods_expiry_idx').on(t.expiresOn),
    index('goods_brand_idx').on(t.brandId),
    index('goods_manufacturer_idx').on(t.manufacturer),
    uniqueIndex('goods_erp_code_uq').on(t.erpCode),
  ],
);

/** Stock per goods and warehouse; every change happens in a transaction with row locks. */
export const goodsStock = pgTable(
  'goods_stock',
  {
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.goodsId, t.warehouseId] })],
);

export const goodsCategories = pgTable(
  'goods_categories',
  {
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.goodsId, t.categoryId] }),
    index('goods_categories_cat_idx').on(t.categoryId, t.goodsId),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id').notNull(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.goodsId] }),
    index('favorites_user_idx').on(t.userId, t.createdAt),
  ],
);

export const searchLog = pgTable(
  'search_keywords',
  {
    keyword: text('keyword').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [uniqueIndex('search_keywords_uq').on(t.keyword)],
);

/**
 * Stock by batch (批号): what each warehouse holds of a goods, batch by batch. Adding or
 * adjusting a batch moves the sellable stock (goods_stock, goods.stock_total) by the same
 * amount in one transaction (modules/catalog/batches.ts); the expiry buyers see is that of the
 * earliest-expiring batch with stock (goods.expires_on, kept there).
 */
export const goodsBatches = pgTable(
  'goods_batches',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    batchNo: text('batch_no').notNull(),
    producedOn: date('produced_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_batches_uq').on(t.goodsId, t.warehouseId, t.batchNo),
    index('goods_batches_expiry_idx').on(t.goodsId, t.expiresOn),
    check('goods_batches_quantity_ck', sql`${t.quantity} >= 0`),
    check('goods_batches_dates_ck', sql`${t.expiresOn} > ${t.producedOn}`),
  ],
);

/** Goods pictures uploaded in the console (list image and gallery), served publicly. */
export const goodsImages = pgTable('goods_images', {
  id: serial('id').primaryKey(),
  storageKey: text('storage_key').notNull().unique(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  operatorId: integer('operator_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

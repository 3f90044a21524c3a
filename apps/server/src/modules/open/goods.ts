import {
  type FieldErrors,
  type GoodsEditBody,
  goodsEditBody,
  listingRefusal,
  type OpenBatchResult,
  type OpenGoodsItem,
  type OpenItemResult,
  type OpenPriceItem,
  openGoodsItem,
  openPriceItem,
  openScopeName,
} from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import type { OperatorCtx } from '../../lib/context';
import { type AuditRecord, auditMany } from '../audit/service';
import { editFieldsOf, goodsChanged, goodsColumns } from '../catalog/admin-goods';
import {
  categoriesByCode,
  categoryLinksOf,
  type GoodsRecord,
  goodsByErpCode,
  goodsOfIdentities,
  relinkCategories,
  upsertGoodsByErpCode,
} from '../catalog/erp-goods';
import { priceDropNews } from '../message/favourite-news';
import { loadOrderSettings } from '../order/settings';
import { issueFields, summarise } from './batch';

// Goods from the ERP, by its code: a batch is checked item by item (the same rules as the
// console's editor: goodsEditBody, existing category, no second goods with the same approval
// number, specification and maker, 价格维护 for a price), then every valid item is written in
// one transaction with set-based statements (one INSERT ... ON CONFLICT (erp_code) for all).
// The ERP owns the fields it sends; what only the console edits (description, pictures, tags,
// zones, tax code, buying rules) is kept.

type GoodsRow = GoodsRecord;

/** The editor's field names as the open API calls them (errors name the ERP's fields). */
const openNames: Record<string, string> = {
  common_name: 'generic_name',
  manufacturer: 'maker',
  spec: 'specification',
  approval_no: 'approval_number',
  rx_class: 'prescription_class',
  base_price: 'price',
  category_ids: 'category_code',
  control_class: 'on_sale',
};
const openPath = (path: string) => {
  const [head, ...rest] = path.split('.');
  const named = [openNames[head] ?? head, ...rest].join('.');
  return head === 'ladder' ? named.replace(/\.quantity$/, '.min_quantity') : named;
};

/** The columns the ERP owns: an update sets these and keeps the console's others. */
const erpOwned = [
  'name',
  'commonName',
  'kind',
  'manufacturer',
  'spec',
  'unit',
  'approvalNo',
  'rxClass',
  'scopeClass',
  'basePriceFen',
  'retailPriceFen',
  'ladderType',
  'ladder',
  'barcode',
  'isOnSale',
  'namePinyin',
  'nameInitials',
  'manufacturerPinyin',
  'manufacturerInitials',
] as const;
const priceOwned = ['basePriceFen', 'retailPriceFen', 'ladderType', 'ladder'] as const;

interface Planned {
  index: number;
  erpCode: string;
  before: GoodsRow | undefined;
  beforeCategories: number[];
  categoryIds: number[];
  values: ReturnType<typeof goodsColumns> & Pick<GoodsRow, 'barcode' | 'isOnSale'>;
}

type Mode = 'goods' | 'prices';
type Input = { index: number; erpCode: string | null; raw: unknown };

/** The editor body of an item: the stored goods (if any) with what the ERP sends laid over. */
function editBodyOf(
  mode: Mode,
  item: OpenGoodsItem | OpenPriceItem,
  before: GoodsRow | undefined,
  beforeCategories: number[],
  categoryId: number | undefined,
) {
  const stored = before ? editFieldsOf(before, beforeCategories) : undefined;
  const prices = {
    base_price: item.price,
    ...(item.retail_price !== undefined ? { retail_price: item.retail_price } : {}),
    ...(item.ladder !== undefined
      ? { ladder_type: 0, ladder: item.ladder.map((t) => ({ quantity: t.min_quantity, price: t.price })) }
      : {}),
  };
  if (mode === 'prices') return { ...stored, ...prices };
  const g = item as OpenGoodsItem;
  const keep = categoryId !== undefined && beforeCategories.includes(categoryId);
  return {
    min_quantity: 1,
    step_quantity: 1,
    retail_price: null,
    ...stored,
    name: g.name,
    common_name: g.generic_name,
    kind: g.kind,
    manufacturer: g.maker,
    spec: g.specification,
    unit: g.unit,
    approval_no: g.approval_number,
    rx_class: g.prescription_class,
    scope_class: g.scope_class,
    ...prices,
    // The ERP's category joins the goods' categories when it is not among them already.
    category_ids: keep ? beforeCategories : categoryId === undefined ? [] : [categoryId],
  };
}

/** JSON with sorted keys: a jsonb column gives its keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Creates or updates goods by ERP code (`goods`), or sets the prices of existing ones
 * (`prices`). A result per item; bad items fail alone, the valid ones are written together.
 */
export async function upsertGoods(ctx: OperatorCtx, mode: Mode, inputs: Input[]): Promise<OpenBatchResult> {
  const results: OpenItemResult[] = [];
  const fail = (index: number, erpCode: string | null, errors: FieldErrors) =>
    results.push({ index, erp_code: erpCode, status: 'failed', errors });

  const parsed: { index: number; item: OpenGoodsItem | OpenPriceItem }[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const check = (mode === 'goods' ? openGoodsItem : openPriceItem).safeParse(input.raw);
    if (!check.success) fail(input.index, input.erpCode, issueFields(check.error));
    else if (seen.has(check.data.erp_code))
      fail(input.index, check.data.erp_code, { erp_code: ['同一请求中商品编码重复'] });
    else {
      seen.add(check.data.erp_code);
      parsed.push({ index: input.index, item: check.data });
    }
  }
  const codes = parsed.map((p) => p.item.erp_code);
  const categoryCodes = [
    ...new Set(parsed.flatMap((p) => ('category_code' in p.item ? [p.item.category_code] : []))),
  ];
  const [existing, categoryRows, settings] = await Promise.all([
    goodsByErpCode(ctx.db, codes),
    categoriesByCode(ctx.db, categoryCodes),
    loadOrderSettings(ctx.db),
  ]);
  const byCode = new Map(existing.map((g) => [g.erpCode as string, g]));
  const categoryByCode = new Map(categoryRows.map((c) => [c.code, c.id]));
  const links = await categoryLinksOf(
    ctx.db,
    existing.map((g) => g.id),
  );
  const categoriesOf = (id: number) => links.filter((l) => l.goodsId === id).map((l) => l.categoryId);
  const mayPrice = ctx.actor.permissions.includes('prices:write');

  const planned: Planned[] = [];
  for (const { index, item } of parsed) {
    const before = byCode.get(item.erp_code);
    if (mode === 'prices' && !before) {
      fail(index, item.erp_code, { erp_code: ['没有这个商品编码，请先推送商品'] });
      continue;
    }
    const beforeCategories = before ? categoriesOf(before.id) : [];
    const categoryCode = 'category_code' in item ? item.category_code : undefined;
    const categoryId = categoryCode === undefined ? undefined : categoryByCode.get(categoryCode);
    const body = goodsEditBody.safeParse(editBodyOf(mode, item, before, beforeCategories, categoryId));
    const errors: FieldErrors = {};
    if (categoryCode !== undefined && categoryId === undefined)
      errors.category_code = [`分类编码「${categoryCode}」不存在`];
    if (!body.success) {
      for (const [path, messages] of Object.entries(issueFields(body.error)))
        if (!errors[openPath(path)]) errors[openPath(path)] = messages;
    }
    if (!body.success || Object.keys(errors).length > 0) {
      fail(index, item.erp_code, errors);
      continue;
    }
    const columns = goodsColumns(body.data as GoodsEditBody);
    const g = mode === 'goods' ? (item as OpenGoodsItem) : undefined;
    const isOnSale = g?.on_sale ?? before?.isOnSale ?? false;
    const refused = isOnSale && listingRefusal(before?.controlClass ?? null, settings.neverListable);
    if (refused) {
      fail(index, item.erp_code, { on_sale: [refused] });
      continue;
    }
    const values = {
      ...columns,
      barcode: g?.barcode ?? before?.barcode ?? '',
      isOnSale,
    };
    if (!mayPrice && (!before || priceOwned.some((k) => !same(before[k], values[k])))) {
      fail(index, item.erp_code, {
        price: [`设置价格需要「${openScopeName('prices')}」权限：请给接口密钥加上 prices 权限范围`],
      });
      continue;
    }
    planned.push({
      index,
      erpCode: item.erp_code,
      before,
      beforeCategories,
      categoryIds: body.data.category_ids,
      values,
    });
  }

  await refuseDuplicates(ctx.db, planned, fail);
  const writes = planned.filter(
    (p) =>
      !p.before ||
      erpOwned.some((k) => !same((p.before as GoodsRow)[k], p.values[k])) ||
      !same(p.beforeCategories, p.categoryIds),
  );
  for (const p of planned)
    if (!writes.includes(p) && !results.some((r) => r.index === p.index))
      results.push({ index: p.index, erp_code: p.erpCode, status: 'unchanged', id: p.before?.id });
  const valid = writes.filter((p) => !results.some((r) => r.index === p.index));
  if (valid.length > 0) {
    const saved = await ctx.db.transaction((tx) => writeGoods(tx, ctx, valid));
    results.push(...saved);
    goodsChanged(ctx);
  }
  return summarise(results);
}

/**
 * The same approval number, specification and maker is the same goods (the editor's rule): an
 * item naming another goods' identity fails, as does a second item of the request with it.
 */
async function refuseDuplicates(
  db: DbOrTx,
  planned: Planned[],
  fail: (index: number, erpCode: string | null, errors: FieldErrors) => void,
) {
  const identity = (v: { approvalNo: string; spec: string; manufacturer: string }) =>
    `${v.approvalNo}\u0000${v.spec}\u0000${v.manufacturer}`;
  const candidates = planned.filter((p) => !p.before || identity(p.before) !== identity(p.values));
  const refused = new Set<number>();
  const first = new Map<string, number>();
  for (const p of planned) {
    const key = identity(p.values);
    if (first.has(key)) {
      refused.add(p.index);
      fail(p.index, p.erpCode, {
        approval_number: [`与第${(first.get(key) as number) + 1}项批准文号、规格和生产厂家相同`],
      });
    } else first.set(key, p.index);
  }
  for (let start = 0; start < candidates.length; start += 1000) {
    const chunk = candidates.slice(start, start + 1000).map((p) => p.values);
    const clashes = await goodsOfIdentities(db, chunk);
    for (const clash of clashes) {
      for (const p of candidates) {
        if (refused.has(p.index) || p.before?.id === clash.id) continue;
        if (identity(p.values) !== identity(clash)) continue;
        refused.add(p.index);
        fail(p.index, p.erpCode, {
          approval_number: [`同一批准文号、规格和生产厂家的商品已存在（编码 ${clash.sku}）`],
        });
      }
    }
  }
}

/** Writes the valid items in set-based statements; audited one row per goods. */
async function writeGoods(tx: DbOrTx, ctx: OperatorCtx, items: Planned[]): Promise<OpenItemResult[]> {
  const rows = await upsertGoodsByErpCode(
    tx,
    ctx.now,
    items.map((p) => ({ erpCode: p.erpCode, values: p.values })),
    erpOwned,
  );
  const idOf = new Map(rows.map((r) => [r.erpCode as string, r]));
  await relinkCategories(
    tx,
    items
      .filter((p) => !same(p.beforeCategories, p.categoryIds))
      .map((p) => ({ goodsId: idOf.get(p.erpCode)?.id as number, categoryIds: p.categoryIds })),
  );
  const records: AuditRecord[] = [];
  const results: OpenItemResult[] = [];
  for (const p of items) {
    const row = idOf.get(p.erpCode) as { id: number; inserted: boolean };
    const before = row.inserted ? undefined : p.before;
    if (before && p.values.basePriceFen < before.basePriceFen)
      await priceDropNews(tx, row.id, before.basePriceFen, p.values.basePriceFen, ctx.now);
    const changed = erpOwned.filter((k) => !before || !same(before[k], p.values[k]));
    records.push({
      action: before ? 'goods.update' : 'goods.create',
      target: { type: 'goods', id: row.id },
      before: before
        ? {
            ...Object.fromEntries(changed.map((k) => [k, before[k]])),
            categoryIds: p.beforeCategories,
          }
        : undefined,
      after: {
        erpCode: p.erpCode,
        ...Object.fromEntries(changed.map((k) => [k, p.values[k]])),
        categoryIds: p.categoryIds,
      },
    });
    results.push({ index: p.index, erp_code: p.erpCode, status: before ? 'updated' : 'created', id: row.id });
  }
  await auditMany(tx, ctx, records);
  return results;
}

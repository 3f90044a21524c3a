import { randomUUID } from 'node:crypto';
import {
  type AdminGoodsQuery,
  adminGoodsQuery,
  categoryMenuNames,
  categoryMenus,
  controlClasses,
  controlClassName,
  type GoodsEditBody,
  goodsEditBody,
  goodsKinds,
  listingRefusal,
  rxClasses,
  scopeClasses,
  toYuan,
  zones,
} from '@yaocai/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { brands, categories, goods, goodsCategories } from '../../db/schema/catalog';
import type { OperatorCtx } from '../../lib/context';
import { validationError } from '../../lib/errors';
import {
  type CellValue,
  newWorkbook,
  readXlsx,
  restoreFormula,
  type Workbook,
  xlsxBytes,
} from '../../lib/spreadsheet';
import { auditMany } from '../audit/service';
import { loadOrderSettings } from '../order/settings';
import { goodsChanged, goodsColumns, requireHeld } from './admin-goods';
import { listAdminGoods } from './admin-goods-list';
import { goodsOfIdentities } from './erp-goods';

// Goods through Excel: the export of a filtered list, the import template, and the import.
// An import is all or nothing: every row is checked first (the row number and the column are
// named in Chinese), and only a file without a single problem is written, in one transaction.

/** The columns, in order: header text and the editor field each one fills. */
const columns = [
  ['商品编码', 'sku'],
  ['商品名称', 'name'],
  ['通用名', 'common_name'],
  ['商品类型', 'kind'],
  ['生产厂家', 'manufacturer'],
  ['品牌', 'brand_id'],
  ['规格', 'spec'],
  ['包装单位', 'unit'],
  ['批准文号', 'approval_no'],
  ['条形码', 'barcode'],
  ['剂型', 'dosage_form'],
  ['上市许可持有人', 'authorization_holder'],
  ['处方类别', 'rx_class'],
  ['贮藏条件', 'storage'],
  ['经营范围类别', 'scope_class'],
  ['特殊管理类别', 'control_class'],
  ['基础价', 'base_price'],
  ['建议零售价', 'retail_price'],
  ['阶梯价类型', 'ladder_type'],
  ['阶梯价', 'ladder'],
  ['起订量', 'min_quantity'],
  ['加购步长', 'step_quantity'],
  ['可购买', 'is_buy'],
  ['包邮', 'is_free_shipping'],
  ['包邮数量', 'free_shipping_number'],
  ['标签', 'tags'],
  ['专区', 'zones'],
  ['含麻', 'ephedrine'],
  ['分类编码', 'category_ids'],
  ['商品说明', 'description'],
] as const;
type Field = (typeof columns)[number][1];
const headerOf = (field: string) => columns.find(([, f]) => f === field)?.[0] ?? field;

export const MAX_IMPORT_ROWS = 5000;
const ladderTypeNames = ['最少数量', '数量上限'];
const yes = (v: boolean) => (v ? '是' : '否');
const byName = <T extends { code: string; name: string }>(list: readonly T[], text: string) =>
  list.find((item) => item.name === text || item.code === text)?.code ?? text;
const splitList = (text: string) =>
  text
    .split(/[,，、\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A cell as text; a quote our export put before a formula start (lib/spreadsheet.ts) comes off. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return restoreFormula(value.richText.map((r) => r.text).join('')).trim();
    if ('text' in value) return restoreFormula(String(value.text)).trim();
    if ('result' in value) return String(value.result ?? '').trim();
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return '';
  }
  return typeof value === 'string' ? restoreFormula(value).trim() : String(value).trim();
}

async function sheetOf(workbook: Workbook) {
  const sheet = workbook.addWorksheet('商品');
  sheet.columns = columns.map(([header]) => ({ header, width: header.length > 4 ? 18 : 12 }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

/**
 * The template: the header row, a sheet of allowed values, and every category code with the menu
 * and name path it stands for (the operator needs them for 分类编码 without exporting goods first).
 */
export async function goodsImportTemplate(ctx: OperatorCtx): Promise<Buffer> {
  const workbook = newWorkbook();
  await sheetOf(workbook);
  const help = workbook.addWorksheet('填写说明');
  help.columns = [{ width: 16 }, { width: 90 }];
  help.addRows([
    ['列', '填写方式'],
    ['商品编码', '留空为新建商品；填写已有编码则修改该商品'],
    ['商品类型', goodsKinds.map((k) => k.name).join('、')],
    ['处方类别', rxClasses.map((k) => k.name).join('、')],
    ['经营范围类别', scopeClasses.map((k) => k.name).join('、')],
    [
      '特殊管理类别',
      `留空为无；${controlClasses.map((k) => k.name).join('、')}（站点设置中不得网络销售的类别不能导入）`,
    ],
    ['品牌', '品牌名称，可留空'],
    ['基础价 / 建议零售价', '单位元，最多两位小数'],
    ['阶梯价类型', ladderTypeNames.join('、')],
    ['阶梯价', '数量:单价，多档用分号分隔，例如 10:4.50;50:4.20'],
    ['可购买 / 包邮 / 含麻', '是 或 否'],
    ['标签', '优、秒、满、换购、赠、特、新，多个用逗号分隔'],
    ['专区', Object.values(zones).join('、')],
    ['分类编码', '商品分类的编码，多个用逗号分隔（见「分类编码」表）'],
  ]);
  const codes = workbook.addWorksheet('分类编码');
  codes.columns = [
    { header: '分类编码', width: 18 },
    { header: '菜单', width: 12 },
    { header: '分类', width: 40 },
  ];
  codes.addRows(await categoryCodeRows(ctx));
  return xlsxBytes(workbook);
}

/**
 * Every category as [code, menu, name path], in the order the shop's menus show them: menu by menu,
 * each category followed by its children.
 */
async function categoryCodeRows(ctx: OperatorCtx): Promise<string[][]> {
  const rows = await ctx.db
    .select({
      id: categories.id,
      code: categories.code,
      menu: categories.menu,
      parentId: categories.parentId,
      name: categories.name,
    })
    .from(categories)
    .orderBy(categories.sort, categories.id);
  type Row = (typeof rows)[number];
  const ids = new Set(rows.map((r) => r.id));
  const withChildren = (r: Row, names: string[]): string[][] => [
    [r.code, categoryMenuNames[r.menu as keyof typeof categoryMenuNames] ?? r.menu, names.join(' / ')],
    ...rows.filter((c) => c.parentId === r.id).flatMap((c) => withChildren(c, [...names, c.name])),
  ];
  return categoryMenus.flatMap((menu) =>
    rows
      .filter((r) => r.menu === menu && (r.parentId === null || !ids.has(r.parentId)))
      .flatMap((top) => withChildren(top, [top.name])),
  );
}

/** The filtered list as .xlsx, every editor field in the import's columns (at most 20,000 rows). */
export async function exportGoods(ctx: OperatorCtx, query: AdminGoodsQuery): Promise<Buffer> {
  const parsed = adminGoodsQuery.parse({ ...query, page: 1, page_size: 100 });
  const ids: number[] = [];
  for (let page = 1; page <= 200; page++) {
    const result = await listAdminGoods(ctx, { ...parsed, page });
    ids.push(...result.list.map((r) => r.id));
    if (result.list.length < parsed.page_size) break;
  }
  const workbook = newWorkbook();
  const sheet = await sheetOf(workbook);
  const [brandRows, categoryRows] = await Promise.all([
    ctx.db.select({ id: brands.id, name: brands.name }).from(brands),
    ctx.db.select({ id: categories.id, code: categories.code }).from(categories),
  ]);
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    const [rows, links] = await Promise.all([
      ctx.db.select().from(goods).where(inArray(goods.id, chunk)),
      ctx.db.select().from(goodsCategories).where(inArray(goodsCategories.goodsId, chunk)),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of chunk) {
      const g = byId.get(id);
      if (!g) continue;
      const codes = links
        .filter((l) => l.goodsId === id)
        .map((l) => categoryRows.find((c) => c.id === l.categoryId)?.code)
        .filter(Boolean);
      sheet.addRow([
        g.sku,
        g.name,
        g.commonName,
        goodsKinds.find((k) => k.code === g.kind)?.name ?? g.kind,
        g.manufacturer,
        brandRows.find((b) => b.id === g.brandId)?.name ?? '',
        g.spec,
        g.unit,
        g.approvalNo,
        g.barcode,
        g.dosageForm,
        g.authorizationHolder,
        rxClasses.find((k) => k.code === g.rxClass)?.name ?? g.rxClass,
        g.storage,
        scopeClasses.find((k) => k.code === g.scopeClass)?.name ?? g.scopeClass,
        g.controlClass ? controlClassName(g.controlClass) : '',
        toYuan(g.basePriceFen),
        g.retailPriceFen === null ? '' : toYuan(g.retailPriceFen),
        ladderTypeNames[g.ladderType === 1 ? 1 : 0],
        g.ladder.map((t) => `${t.quantity}:${toYuan(t.priceFen).toFixed(2)}`).join(';'),
        g.minQuantity,
        g.stepQuantity,
        yes(g.isBuy),
        yes(g.isFreeShipping),
        g.freeShippingNumber,
        g.tags.join(','),
        g.zones.map((z) => zones[z as keyof typeof zones] ?? z).join(','),
        yes(g.ephedrine),
        codes.join(','),
        g.description,
      ]);
    }
  }
  return xlsxBytes(workbook);
}

interface Problem {
  row: number;
  field: string;
  message: string;
}
interface ParsedRow {
  row: number;
  sku: string;
  body: GoodsEditBody;
}

/** Reads the sheet into editor bodies, naming every problem by row and column. */
async function readRows(ctx: OperatorCtx, bytes: Buffer) {
  let workbook: Workbook;
  try {
    workbook = await readXlsx(bytes);
  } catch {
    throw validationError({ file: ['文件无法读取：请上传由模板填写的 .xlsx 文件'] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw validationError({ file: ['文件中没有工作表'] });
  const headerRow = sheet.getRow(1);
  const index = new Map<Field, number>();
  headerRow.eachCell((cell, col) => {
    const found = columns.find(([header]) => header === cellText(cell.value));
    if (found) index.set(found[1], col);
  });
  // 商品编码 is empty for new goods; 特殊管理类别 came later (older files leave it out: none).
  // 条形码 came later too (older files leave it out: the goods' barcodes stay as they are).
  const optional: Field[] = ['sku', 'control_class', 'barcode'];
  const missing = columns
    .filter(([, field]) => !optional.includes(field) && !index.has(field))
    .map(([h]) => h);
  if (missing.length) throw validationError({ file: [`缺少列：${missing.join('、')}（请使用导入模板）`] });
  if (sheet.actualRowCount - 1 > MAX_IMPORT_ROWS)
    throw validationError({ file: [`一次最多导入${MAX_IMPORT_ROWS}行，请分批导入`] });

  const [brandRows, categoryRows, { neverListable }] = await Promise.all([
    ctx.db.select({ id: brands.id, name: brands.name }).from(brands),
    ctx.db.select({ id: categories.id, code: categories.code }).from(categories),
    loadOrderSettings(ctx.db),
  ]);
  const problems: Problem[] = [];
  const rows: ParsedRow[] = [];
  sheet.eachRow((excelRow, rowNumber) => {
    if (rowNumber === 1) return;
    const text = (field: Field) => {
      const col = index.get(field);
      return col ? cellText(excelRow.getCell(col).value) : '';
    };
    if (columns.every(([, field]) => text(field) === '')) return;
    const problem = (field: string, message: string) =>
      problems.push({ row: rowNumber, field: headerOf(field), message });
    const brandName = text('brand_id');
    const brandId = brandName ? (brandRows.find((b) => b.name === brandName)?.id ?? null) : null;
    if (brandName && brandId === null) problem('brand_id', `品牌「${brandName}」不存在`);
    const categoryIds: number[] = [];
    for (const code of splitList(text('category_ids'))) {
      const id = categoryRows.find((c) => c.code === code)?.id;
      if (id) categoryIds.push(id);
      else problem('category_ids', `分类编码「${code}」不存在`);
    }
    const ladder: { quantity: string; price: string }[] = [];
    for (const part of text('ladder')
      .split(/[;；]/)
      .filter((s) => s.trim())) {
      const [quantity, price, extra] = part.split(/[:：]/).map((s) => s.trim());
      if (!quantity || !price || extra !== undefined) problem('ladder', `阶梯价「${part}」应写成 数量:单价`);
      else ladder.push({ quantity, price });
    }
    const bool = (field: Field, fallback: boolean) => {
      const v = text(field);
      if (v === '') return fallback;
      if (v === '是' || v === '否') return v === '是';
      problem(field, '请填写“是”或“否”');
      return fallback;
    };
    const ladderTypeText = text('ladder_type');
    const ladderType = ladderTypeText === '' ? 0 : ladderTypeNames.indexOf(ladderTypeText);
    if (ladderType < 0) problem('ladder_type', `阶梯价类型应为${ladderTypeNames.join('或')}`);
    const retail = text('retail_price');
    const candidate = {
      name: text('name'),
      common_name: text('common_name'),
      kind: byName(goodsKinds, text('kind')),
      manufacturer: text('manufacturer'),
      brand_id: brandId,
      spec: text('spec'),
      unit: text('unit'),
      approval_no: text('approval_no'),
      ...(index.has('barcode') ? { barcode: text('barcode') } : {}),
      dosage_form: text('dosage_form'),
      authorization_holder: text('authorization_holder'),
      rx_class: byName(rxClasses, text('rx_class')),
      storage: text('storage'),
      description: text('description'),
      scope_class: byName(scopeClasses, text('scope_class')),
      control_class: text('control_class') === '' ? null : byName(controlClasses, text('control_class')),
      base_price: text('base_price'),
      retail_price: retail === '' ? null : retail,
      ladder_type: Math.max(0, ladderType),
      ladder,
      min_quantity: text('min_quantity') || '1',
      step_quantity: text('step_quantity') || '1',
      is_buy: bool('is_buy', true),
      is_free_shipping: bool('is_free_shipping', false),
      free_shipping_number: text('free_shipping_number') || '0',
      tags: splitList(text('tags')),
      zones: splitList(text('zones')).map(
        (z) => Object.entries(zones).find(([code, name]) => name === z || code === z)?.[0] ?? z,
      ),
      ephedrine: bool('ephedrine', false),
      category_ids: categoryIds,
    };
    const parsed = goodsEditBody.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'file');
        if (field === 'category_ids' && text('category_ids') !== '' && categoryIds.length === 0) continue;
        problem(field, issue.message);
      }
      return;
    }
    const refused = listingRefusal(parsed.data.control_class, neverListable);
    if (refused) {
      problem('control_class', refused);
      return;
    }
    rows.push({ row: rowNumber, sku: text('sku'), body: parsed.data });
  });
  if (rows.length === 0 && problems.length === 0) throw validationError({ file: ['文件中没有商品行'] });
  return { rows, problems };
}

const identity = (b: Pick<GoodsEditBody, 'approval_no' | 'spec' | 'manufacturer'>) =>
  `${b.approval_no}\u0000${b.spec}\u0000${b.manufacturer}`;

/** Imports a filled template: everything or nothing. Refusals are 422 with each row's problems. */
export async function importGoods(ctx: OperatorCtx, bytes: Buffer) {
  const { rows, problems } = await readRows(ctx, bytes);
  const skus = rows.map((r) => r.sku).filter(Boolean);
  const existing = new Map<string, typeof goods.$inferSelect>();
  for (let start = 0; start < skus.length; start += 1000) {
    const found = await ctx.db
      .select()
      .from(goods)
      .where(inArray(goods.sku, skus.slice(start, start + 1000)));
    for (const g of found) existing.set(g.sku, g);
  }
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (r.sku && !existing.has(r.sku))
      problems.push({
        row: r.row,
        field: '商品编码',
        message: `商品编码「${r.sku}」不存在（新建商品请留空）`,
      });
    const key = identity(r.body);
    const first = seen.get(key);
    if (first !== undefined)
      problems.push({ row: r.row, field: '批准文号', message: `与第${first}行批准文号、规格和生产厂家相同` });
    else seen.set(key, r.row);
  }
  // The same approval number, specification and manufacturer already in the catalogue.
  const keys = rows.map((r) => r.body);
  for (let start = 0; start < keys.length; start += 1000) {
    const chunk = keys.slice(start, start + 1000);
    const clashes = await goodsOfIdentities(
      ctx.db,
      chunk.map((b) => ({ approvalNo: b.approval_no, spec: b.spec, manufacturer: b.manufacturer })),
    );
    for (const clash of clashes) {
      const row = rows.find(
        (r) =>
          identity(r.body) ===
          identity({ approval_no: clash.approvalNo, spec: clash.spec, manufacturer: clash.manufacturer }),
      );
      if (row && row.sku !== clash.sku)
        problems.push({
          row: row.row,
          field: '批准文号',
          message: `同一批准文号、规格和生产厂家的商品已存在（编码 ${clash.sku}）`,
        });
    }
  }
  const creates = rows.filter((r) => !r.sku);
  const updates = rows.filter((r) => r.sku && existing.has(r.sku));
  const priceKeys = ['basePriceFen', 'retailPriceFen', 'ladderType', 'ladder'] as const;
  const touchesPrices =
    creates.length > 0 ||
    updates.some((r) => {
      const after = goodsColumns(r.body);
      const before = existing.get(r.sku) as typeof goods.$inferSelect;
      return priceKeys.some((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    });
  if (touchesPrices) requireHeld(ctx, 'prices:write');
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row);
    const errors: Record<string, string[]> = {};
    for (const p of problems) {
      const key = `第${p.row}行 ${p.field}`;
      errors[key] = [...(errors[key] ?? []), p.message];
    }
    throw validationError(errors, `导入失败：共${problems.length}处错误，未导入任何数据`);
  }

  await ctx.db.transaction(async (tx) => {
    const records = [];
    for (let start = 0; start < creates.length; start += 500) {
      const chunk = creates.slice(start, start + 500);
      const inserted = await tx
        .insert(goods)
        .values(
          chunk.map((r) => ({
            ...goodsColumns(r.body),
            sku: randomUUID(),
            isOnSale: false,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })),
        )
        .returning({ id: goods.id });
      const ids = inserted.map((g) => g.id);
      await tx
        .update(goods)
        .set({ sku: sql`'YC' || lpad(${goods.id}::text, 8, '0')` })
        .where(inArray(goods.id, ids));
      await tx
        .insert(goodsCategories)
        .values(
          chunk.flatMap((r, i) =>
            [...new Set(r.body.category_ids)].map((categoryId) => ({ goodsId: ids[i], categoryId })),
          ),
        );
      records.push(
        ...chunk.map((r, i) => ({
          action: 'goods.create' as const,
          target: { type: 'goods', id: ids[i] },
          after: { ...goodsColumns(r.body), categoryIds: r.body.category_ids, importRow: r.row },
        })),
      );
    }
    for (const r of updates) {
      const before = existing.get(r.sku) as typeof goods.$inferSelect;
      const after = goodsColumns(r.body);
      await tx
        .update(goods)
        .set({ ...after, updatedAt: ctx.now })
        .where(and(eq(goods.id, before.id)));
      await tx.delete(goodsCategories).where(eq(goodsCategories.goodsId, before.id));
      await tx
        .insert(goodsCategories)
        .values([...new Set(r.body.category_ids)].map((categoryId) => ({ goodsId: before.id, categoryId })));
      const changed = Object.keys(after).filter(
        (k) =>
          JSON.stringify((before as Record<string, unknown>)[k]) !==
          JSON.stringify((after as Record<string, unknown>)[k]),
      );
      records.push({
        action: 'goods.update' as const,
        target: { type: 'goods', id: before.id },
        before: Object.fromEntries(changed.map((k) => [k, (before as Record<string, unknown>)[k]])),
        after: {
          ...Object.fromEntries(changed.map((k) => [k, (after as Record<string, unknown>)[k]])),
          importRow: r.row,
        },
      });
    }
    records.push({
      action: 'goods.import' as const,
      target: { type: 'goods_import', id: ctx.now.toISOString() },
      after: { created: creates.length, updated: updates.length },
    });
    await auditMany(tx, ctx, records);
  });
  goodsChanged(ctx);
  return { created: creates.length, updated: updates.length, problems: [] };
}

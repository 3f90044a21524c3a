#!/usr/bin/env node
// Pushes goods and their stock from a CSV to Yaocai's open API (Node >= 22, no dependencies).
//
//   YAOCAI_URL=https://shop.example.com YAOCAI_KEY=yc_... node push-goods.mjs sample-goods.csv
//
// The key needs the scopes goods, prices (a new goods has a price) and stock (系统 → 开放接口).
// The CSV is UTF-8 with a header row; a goods with several batches takes one row per batch (the
// goods' columns are read from its first row). Columns:
//
//   erp_code            the ERP's goods code (required; letters, digits, . _ - /)
//   name                商品名称
//   generic_name        通用名
//   maker               生产厂家
//   specification       规格
//   unit                包装单位
//   approval_number     批准文号
//   barcode             条形码 (8-14 digits, may be empty)
//   category_code       分类编码 of the console
//   kind                drug | device | herb | health (empty: drug)
//   scope_class         经营范围类别 (cfy, fcfy, zcy, hxyzj, kssz, shyp, zyyp, swzp, qx1-3, bjsp, xdyp)
//   prescription_class  rx | otc_a | otc_b | none
//   price               wholesale price in yuan (12.50)
//   retail_price        suggested retail price in yuan (may be empty)
//   ladder              price tiers "min_quantity:price;..." such as "10:12;50:11.5" (may be empty)
//   on_sale             1 / 0 (empty: leave as it is; new goods start off sale)
//   warehouse_code      the warehouse's code (empty: the first warehouse)
//   batch_no            批号 (empty with quantity 0: the goods has no stock there)
//   produced_on         生产日期 YYYY-MM-DD
//   expires_on          有效期至 YYYY-MM-DD
//   quantity            units of that batch in that warehouse
//
// It sends POST /api/open/v1/goods/batch then PUT /api/open/v1/stock, 1,000 items a call, and
// prints a line per failed item and the totals. Exit code 0: everything applied; 2: some items
// failed (fix the rows and run again: the calls are idempotent); 1: the calls themselves failed.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { argv, exit, stdout } from 'node:process';
import { createClient, csvRecords, OpenApiError } from './lib.mjs';

const CHUNK = 1000;

/** The CSV's records, each with its line in the file (the header is line 1). */
export const rowsOf = (text) => csvRecords(text).map((record, index) => ({ line: index + 2, ...record }));

const number = (text) => (text === '' ? undefined : Number(text));

function goodsOf(row) {
  const goods = {
    erp_code: row.erp_code,
    name: row.name,
    generic_name: row.generic_name,
    maker: row.maker,
    specification: row.specification,
    unit: row.unit,
    approval_number: row.approval_number,
    category_code: row.category_code,
    scope_class: row.scope_class,
    prescription_class: row.prescription_class,
    price: number(row.price),
  };
  if (row.barcode) goods.barcode = row.barcode;
  if (row.kind) goods.kind = row.kind;
  if (row.retail_price) goods.retail_price = number(row.retail_price);
  if (row.ladder !== undefined && row.ladder !== '')
    goods.ladder = row.ladder.split(';').map((tier) => {
      const [min, price] = tier.split(':');
      return { min_quantity: number(min), price: number(price) };
    });
  if (row.on_sale === '1' || row.on_sale === '0') goods.on_sale = row.on_sale === '1';
  return goods;
}

/** Goods (first row of each code) and stock items (per code and warehouse, their batches). */
export function itemsOf(rows) {
  const goods = new Map();
  const stock = new Map();
  for (const row of rows) {
    if (!goods.has(row.erp_code)) goods.set(row.erp_code, { line: row.line, item: goodsOf(row) });
    if (row.batch_no === undefined) continue;
    const key = `${row.erp_code}\u0000${row.warehouse_code ?? ''}`;
    if (!stock.has(key))
      stock.set(key, {
        line: row.line,
        item: {
          erp_code: row.erp_code,
          ...(row.warehouse_code ? { warehouse_code: row.warehouse_code } : {}),
          batches: [],
        },
      });
    if (row.batch_no !== '')
      stock.get(key).item.batches.push({
        batch_no: row.batch_no,
        produced_on: row.produced_on,
        expires_on: row.expires_on,
        quantity: number(row.quantity),
      });
  }
  return { goods: [...goods.values()], stock: [...stock.values()] };
}

/** One call; a refusal names its fields. The same rows pushed again within a day replay (POST). */
async function call(client, method, path, body) {
  try {
    const idempotencyKey = createHash('sha256')
      .update(`${path}\n${JSON.stringify(body)}`)
      .digest('hex');
    const json =
      method === 'POST' ? await client.post(path, body, idempotencyKey) : await client.put(path, body);
    return json.data;
  } catch (error) {
    if (error instanceof OpenApiError && error.fields)
      throw new Error(`${method} ${path}: ${error.message} ${JSON.stringify(error.fields)}`);
    throw error;
  }
}

/** Sends the items in chunks; returns the totals and prints each failed item with its CSV line. */
async function push(client, label, method, path, entries) {
  const totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const failedCodes = new Set();
  for (let start = 0; start < entries.length; start += CHUNK) {
    const chunk = entries.slice(start, start + CHUNK);
    const data = await call(client, method, path, { items: chunk.map((e) => e.item) });
    for (const name of Object.keys(totals)) totals[name] += data[name];
    for (const result of data.results)
      if (result.status === 'failed') {
        failedCodes.add(chunk[result.index].item.erp_code);
        const errors = Object.entries(result.errors ?? {})
          .map(([field, messages]) => `${field}: ${messages.join('；')}`)
          .join('  ');
        stdout.write(`  ✗ ${label} 第${chunk[result.index].line}行 ${result.erp_code ?? ''}  ${errors}\n`);
      }
  }
  stdout.write(
    `${label}: 新建 ${totals.created}，更新 ${totals.updated}，未变 ${totals.unchanged}，失败 ${totals.failed}\n`,
  );
  return { ...totals, failedCodes };
}

async function main() {
  const file = argv[2];
  if (!file) {
    stdout.write('usage: YAOCAI_URL=https://... YAOCAI_KEY=yc_... node push-goods.mjs goods.csv\n');
    exit(1);
  }
  const client = createClient();
  const rows = rowsOf(await readFile(file, 'utf8'));
  const { goods, stock } = itemsOf(rows);
  stdout.write(`${file}: ${rows.length} 行，${goods.length} 个商品，${stock.length} 条库存\n`);
  const pushedGoods = await push(client, '商品', 'POST', '/goods/batch', goods);
  // The stock of a goods that failed to push would fail too (unknown erp_code): it is left out.
  const failedCodes = pushedGoods.failedCodes;
  const pushedStock = await push(
    client,
    '库存',
    'PUT',
    '/stock',
    stock.filter((s) => !failedCodes.has(s.item.erp_code)),
  );
  exit(pushedGoods.failed + pushedStock.failed > 0 ? 2 : 0);
}

if (import.meta.url === `file://${argv[1]}`) {
  main().catch((error) => {
    stdout.write(`失败：${error.message}\n`);
    exit(1);
  });
}

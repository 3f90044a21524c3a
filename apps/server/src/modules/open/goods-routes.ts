import {
  OPEN_BATCH_MAX,
  openBatchResult,
  openData,
  openGoodsBatchBody,
  openGoodsBody,
  openGoodsParams,
  openGoodsSaved,
  openPricesBody,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validationError } from '../../lib/errors';
import { batchInputs } from './batch';
import { upsertGoods } from './goods';

const goodsFieldsDoc = [
  'Fields: `name` 商品名称, `generic_name` 通用名, `maker` 生产厂家, `specification` 规格, `unit` 包装单位,',
  '`approval_number` 批准文号, `barcode` (8-14 digits, optional), `category_code` (a category code of the console),',
  '`kind` (drug | device | herb | health, default drug), `scope_class` 经营范围类别 (cfy, fcfy, zcy, hxyzj, kssz, shyp,',
  'zyyp, swzp, qx1, qx2, qx3, bjsp, xdyp), `prescription_class` (rx | otc_a | otc_b | none), `price` (yuan, > 0),',
  '`retail_price` (yuan or null, optional), `ladder` ([{ min_quantity, price }], rising quantities and falling',
  'prices, optional: left out keeps the stored ladder), `on_sale` (optional; new goods start off sale).',
  'The rules are the console editor’s: the category must exist, a second goods with the same approval number,',
  'specification and maker is refused, prices are positive. What only the console edits (description, pictures,',
  'tags, zones, tax code, buying rules) is kept. Setting a price (a new goods, or a changed price) needs the',
  '`prices` scope besides `goods`. When the goods’ categories already hold `category_code` they are kept;',
  'otherwise the goods moves to that one category.',
].join('\n');

/** PUT /goods/{erp_code}, POST /goods/batch and PUT /prices: the ERP's goods and prices. */
export const openGoodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['goods'];
  app.put(
    '/goods/:erp_code',
    {
      config: { openScope: 'goods' },
      schema: {
        tags,
        summary: 'Create or update one goods by the ERP’s code',
        description: `Answers 201 when the goods was created, 200 when it was updated or already so.\n\n${goodsFieldsDoc}`,
        params: openGoodsParams,
        body: openGoodsBody,
        response: { 200: openData(openGoodsSaved), 201: openData(openGoodsSaved) },
      },
    },
    async (request, reply) => {
      const erpCode = request.params.erp_code;
      const outcome = await upsertGoods(request.openCtx(), 'goods', [
        { index: 0, erpCode, raw: { ...request.body, erp_code: erpCode } },
      ]);
      const [result] = outcome.results;
      if (!result || result.status === 'failed' || result.id === undefined)
        throw validationError(result?.errors ?? { item: ['商品未保存'] });
      return reply
        .status(result.status === 'created' ? 201 : 200)
        .send({ data: { id: result.id, erp_code: erpCode, status: result.status } });
    },
  );

  app.post(
    '/goods/batch',
    {
      config: { openScope: 'goods' },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: `Create or update up to ${OPEN_BATCH_MAX} goods at once, a result per item`,
        description: [
          'Each item is `{ erp_code, ...fields }` (the fields of PUT /goods/{erp_code}). Every item is checked on its',
          'own: a bad item fails with field messages (`errors`, paths relative to the item) and never stops the others;',
          'the valid items are written together. HTTP 200 even when some items failed; 422 only when the envelope is',
          'bad (items not an array, empty, more than the maximum, unknown top-level fields). An item naming an',
          'erp_code a second time in one call fails. Send an `Idempotency-Key` to make a retry safe.',
          '',
          goodsFieldsDoc,
        ].join('\n'),
        body: openGoodsBatchBody,
        response: { 200: openData(openBatchResult) },
      },
    },
    async (request) => ({
      data: await upsertGoods(request.openCtx(), 'goods', batchInputs(request.body.items)),
    }),
  );

  app.put(
    '/prices',
    {
      config: { openScope: 'prices' },
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['prices'],
        summary: `Set the prices of up to ${OPEN_BATCH_MAX} existing goods, a result per item`,
        description: [
          'Each item is `{ erp_code, price, retail_price?, ladder? }`: `price` is the wholesale unit price (yuan, > 0),',
          '`retail_price` the suggested retail price (null clears it), `ladder` the quantity tiers',
          '`[{ min_quantity, price }]` (left out: kept; [] clears). The console’s price rules apply (tiers rise in',
          'quantity and fall in price, none above the price; the retail price not below it). An unknown erp_code',
          'fails (push the goods first). Buyers who keep the goods as a favourite hear of a price drop.',
          'Yaocai has no customer-group price lists yet: one price (and ladder) holds for every buyer.',
          'Items fail alone; HTTP 200 with a result per item.',
        ].join('\n'),
        body: openPricesBody,
        response: { 200: openData(openBatchResult) },
      },
    },
    async (request) => ({
      data: await upsertGoods(request.openCtx(), 'prices', batchInputs(request.body.items)),
    }),
  );
};

import { beijingDateOf } from '@yaocai/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import {
  addresses,
  afterSales,
  coupons,
  creditBills,
  files,
  goods,
  goodsStock,
  messages,
  moneyLog,
  operators,
  orderEvents,
  orderLines,
  orders,
  pointsLog,
  shipments,
  trackingEvents,
  users,
  walletAccounts,
  warehouses,
} from '../../src/db/schema';
import { licenceImage } from '../../src/lib/png';
import type { FileStorage } from '../../src/lib/storage';
import { demoTraceCodes, recordShipmentContents } from '../../src/modules/compliance/shipping';
import { moveStock } from '../../src/modules/order/stock';
import { grantCoupon } from '../../src/modules/promotion/service';

const DAY = 86400_000;

/**
 * Orders, wallet and coupons demo data for buyer 13800000001: balance ¥50,000, credit ¥100,000
 * (30 days), two addresses, four coupons (one expired), 5000 points, and past orders in every
 * status with shipments and tracking, a pending after-sales request and a pending ephedrine
 * receipt (a generated picture, written to `storage` when given) for the operator. Skips what
 * it cannot attach (no demo user or no goods yet).
 */
export async function seedOrders(tx: Tx, at: Date, storage?: FileStorage) {
  const [user] = await tx.select().from(users).where(eq(users.phone, '13800000001'));
  if (!user) return;
  const addressRows = await tx
    .insert(addresses)
    .values([
      {
        userId: user.id,
        consignee: '王建国',
        phone: '13800000001',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        detail: '文三路 259 号 仁心大厦 1 楼 仁心大药房（文三路总店）',
        isDefault: true,
      },
      {
        userId: user.id,
        consignee: '李敏',
        phone: '0571-88776655',
        province: '浙江省',
        city: '杭州市',
        district: '拱墅区',
        detail: '莫干山路 1418 号 仁心大药房（莫干山路店）',
      },
    ])
    .returning();
  await tx.update(users).set({ points: 5000 }).where(eq(users.id, user.id));
  await tx
    .insert(pointsLog)
    .values({ userId: user.id, change: 5000, balanceAfter: 5000, reason: '新会员赠送积分' });

  const now = at.getTime();
  const couponRows = await tx
    .insert(coupons)
    .values([
      {
        name: '满1000减50 通用券',
        kind: 'amount_off',
        thresholdFen: 100000,
        amountFen: 5000,
        validFrom: beijingDateOf(new Date(now - DAY)),
        validTo: beijingDateOf(new Date(now + 60 * DAY)),
      },
      {
        name: '满3000减200 通用券',
        kind: 'amount_off',
        thresholdFen: 300000,
        amountFen: 20000,
        validFrom: beijingDateOf(new Date(now - DAY)),
        validTo: beijingDateOf(new Date(now + 60 * DAY)),
      },
      {
        name: '现金券 ¥20',
        kind: 'cash',
        thresholdFen: 0,
        amountFen: 2000,
        validFrom: beijingDateOf(new Date(now - DAY)),
        validTo: beijingDateOf(new Date(now + 30 * DAY)),
      },
      {
        name: '满500减30（已过期）',
        kind: 'amount_off',
        thresholdFen: 50000,
        amountFen: 3000,
        validFrom: beijingDateOf(new Date(now - 30 * DAY)),
        validTo: beijingDateOf(new Date(now - 3 * DAY)),
      },
    ])
    .returning();
  const claimedAt = new Date(now - 30 * DAY);
  for (const coupon of couponRows)
    await grantCoupon(tx, { userId: user.id, coupon, source: 'grant' }, claimedAt);

  // Past orders need goods with stock in a warehouse.
  const picks = await tx
    .select({ goods, warehouseId: goodsStock.warehouseId, warehouseName: warehouses.name })
    .from(goodsStock)
    .innerJoin(goods, eq(goods.id, goodsStock.goodsId))
    .innerJoin(warehouses, eq(warehouses.id, goodsStock.warehouseId))
    .where(and(gt(goodsStock.quantity, 0), eq(goods.ephedrine, false)))
    .orderBy(asc(goods.id))
    .limit(8);
  const [eph] = await tx
    .select({ goods, warehouseId: goodsStock.warehouseId, warehouseName: warehouses.name })
    .from(goodsStock)
    .innerJoin(goods, eq(goods.id, goodsStock.goodsId))
    .innerJoin(warehouses, eq(warehouses.id, goodsStock.warehouseId))
    .where(eq(goods.ephedrine, true))
    .limit(1);
  // The warehouse's demo operator ships (and so reviews) the past orders: the 随货同行单 names them.
  const [warehouseman] = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, 'cangku'));
  let balancePaid = 0;
  if (picks.length >= 2) {
    const address = addressRows[0];
    const snapshot = {
      consignee: address.consignee,
      phone: address.phone,
      province: address.province,
      city: address.city,
      district: address.district,
      detail: address.detail,
    };
    const plans = [
      { status: 'completed', days: 20, picks: [0, 1], method: 'balance', ship: true, delivered: true },
      {
        status: 'after_sale_requested',
        days: 12,
        picks: [2],
        method: 'balance',
        ship: true,
        delivered: true,
        afterSale: true,
      },
      { status: 'shipped', days: 3, picks: [3, 4], method: 'credit', ship: true },
      { status: 'awaiting_shipment', days: 1, picks: [5], method: 'balance' },
      { status: 'cancelled', days: 6, picks: [6 % picks.length] },
      { status: 'pending_payment', days: 0, picks: [7 % picks.length, 1] },
      ...(eph
        ? [{ status: 'awaiting_receipt', days: 1, picks: [-1], method: 'balance', receipt: true }]
        : []),
    ];
    let seq = 900000;
    for (const plan of plans) {
      const created = new Date(now - plan.days * DAY - 3600_000);
      const lines = plan.picks.map((i, n) => {
        const p = i === -1 ? eph : picks[i];
        const quantity = Math.max(p.goods.minQuantity, 10 * (n + 1));
        return { p, quantity, amount: p.goods.basePriceFen * quantity };
      });
      const goodsFen = lines.reduce((s, l) => s + l.amount, 0);
      const shippingFen = goodsFen >= 80000 ? 0 : 1000;
      const totalFen = goodsFen + shippingFen;
      const paid = plan.method !== undefined;
      seq++;
      const date = beijingDateOf(created).replaceAll('-', '');
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo: `YC${date}${seq}`,
          userId: user.id,
          companyId: user.companyId,
          status: plan.status,
          goodsFen,
          shippingFen,
          totalFen,
          paidFen: paid ? totalFen : 0,
          address: snapshot,
          invoice: { type: 1, title: '仁心大药房连锁有限公司' },
          remarks: plan.days === 3 ? '请工作日送货' : '',
          idempotencyKey: `seed-${seq}`,
          expiresAt: new Date(
            plan.status === 'pending_payment' ? now + DAY : created.getTime() + 30 * 60_000,
          ),
          paymentMethod: plan.method ?? null,
          paidAt: paid ? new Date(created.getTime() + 5 * 60_000) : null,
          ephedrine: !!plan.receipt,
          receiptStatus: plan.receipt ? 'pending' : 'none',
          receiptFileId: plan.receipt ? await receiptPicture(tx, storage, user.id) : null,
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      await tx.insert(orderLines).values(
        lines.map(({ p, quantity, amount }) => ({
          orderId: order.id,
          goodsId: p.goods.id,
          warehouseId: p.warehouseId,
          warehouseName: p.warehouseName,
          goodsName: p.goods.name,
          spec: p.goods.spec,
          manufacturer: p.goods.manufacturer,
          unit: p.goods.unit,
          image: p.goods.image,
          ephedrine: p.goods.ephedrine,
          quantity,
          unitPriceFen: p.goods.basePriceFen,
          amountFen: amount,
          payableFen: amount,
        })),
      );
      // Creating an order takes its units from stock, as order/service.ts does (a cancelled one
      // gave them back); shipping below takes them from the batches. Without this the demo's
      // stock would disagree with its batches (catalog/README.md).
      if (plan.status !== 'cancelled')
        await moveStock(
          tx,
          lines.map(({ p, quantity }) => ({
            goodsId: p.goods.id,
            warehouseId: p.warehouseId,
            quantity,
            name: p.goods.name,
          })),
          'reserve',
        );
      const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
      const events: (typeof orderEvents.$inferInsert)[] = [
        {
          orderId: order.id,
          actorType: 'buyer',
          actorId: user.id,
          event: 'create',
          toStatus: 'pending_payment',
          note: '提交订单',
          createdAt: at(0),
        },
      ];
      if (plan.status === 'cancelled')
        events.push({
          orderId: order.id,
          actorType: 'buyer',
          actorId: user.id,
          event: 'cancel',
          fromStatus: 'pending_payment',
          toStatus: 'cancelled',
          note: '买家取消订单',
          createdAt: at(10),
        });
      if (paid) {
        const next = plan.receipt ? 'awaiting_receipt' : 'awaiting_shipment';
        events.push({
          orderId: order.id,
          actorType: 'buyer',
          actorId: user.id,
          event: 'pay',
          fromStatus: 'pending_payment',
          toStatus: next,
          note: plan.method === 'credit' ? '账期支付' : '余额支付',
          createdAt: at(5),
        });
        if (plan.method === 'balance') balancePaid += totalFen;
        if (plan.method === 'credit')
          await tx.insert(creditBills).values({
            userId: user.id,
            orderId: order.id,
            amountFen: totalFen,
            dueAt: new Date(created.getTime() + 30 * DAY),
            createdAt: created,
          });
      }
      if (plan.ship) {
        const [shipment] = await tx
          .insert(shipments)
          .values({
            orderId: order.id,
            carrier: '顺丰速运',
            trackingNo: `SF${1400000000 + seq}`,
            operatorId: warehouseman?.id ?? null,
            shippedAt: at(600),
          })
          .returning();
        // Batches first expiry first out, and a trace code per drug pack, as shipping records them.
        await recordShipmentContents(tx, at(600), order.id, shipment.id, {
          traceCodes: await demoTraceCodes(tx, order.id, 81_000_000 + seq * 10_000),
          traceCodesRequired: false,
        });
        await tx.insert(trackingEvents).values([
          { shipmentId: shipment.id, description: '【杭州仓】已揽收', at: at(600) },
          { shipmentId: shipment.id, description: '【杭州转运中心】已发出', at: at(900) },
          {
            shipmentId: shipment.id,
            description: '【西湖区文三路营业部】派送中，快递员 陈师傅 13957100000',
            at: at(1500),
          },
          ...(plan.delivered
            ? [{ shipmentId: shipment.id, description: '已签收，签收人：王建国', at: at(1600) }]
            : []),
        ]);
        // The store's message, as shipping writes it (order/after-sales.ts): read once delivered.
        await tx.insert(messages).values({
          userId: user.id,
          category: 'order',
          title: '订单已发货',
          body: `您的订单${order.orderNo}已发货，顺丰速运运单号SF${1400000000 + seq}，请注意查收。`,
          link: `/order/info/${order.id}`,
          readAt: plan.delivered ? at(1600) : null,
          createdAt: at(600),
        });
        events.push({
          orderId: order.id,
          actorType: 'operator',
          actorId: warehouseman?.id ?? null,
          event: 'ship',
          fromStatus: 'awaiting_shipment',
          toStatus: 'shipped',
          note: `顺丰速运 SF${1400000000 + seq}`,
          createdAt: at(600),
        });
      }
      if (plan.delivered)
        events.push({
          orderId: order.id,
          actorType: 'buyer',
          actorId: user.id,
          event: 'confirm_delivery',
          fromStatus: 'shipped',
          toStatus: 'completed',
          note: '买家确认收货',
          createdAt: at(1700),
        });
      if (plan.afterSale) {
        const [line] = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
        await tx.insert(afterSales).values({
          orderId: order.id,
          userId: user.id,
          kind: 'return',
          reason: '外包装破损，部分药盒挤压变形',
          lines: [{ lineId: line.id, quantity: 2 }],
          refundFen: line.unitPriceFen * 2,
          createdAt: at(2000),
        });
        events.push({
          orderId: order.id,
          actorType: 'buyer',
          actorId: user.id,
          event: 'request_after_sale',
          fromStatus: 'completed',
          toStatus: 'after_sale_requested',
          note: '外包装破损',
          createdAt: at(2000),
        });
      }
      if (plan.receipt)
        events.push({
          orderId: order.id,
          actorType: 'buyer',
          actorId: user.id,
          event: 'upload_receipt',
          fromStatus: 'awaiting_receipt',
          toStatus: 'awaiting_receipt',
          note: '上传签收回执',
          createdAt: at(30),
        });
      await tx.insert(orderEvents).values(events);
    }
  }

  const balance = 5_000_000;
  const creditUsed = (await tx.select().from(creditBills).where(eq(creditBills.userId, user.id))).reduce(
    (s, b) => s + b.amountFen,
    0,
  );
  await tx.insert(walletAccounts).values({
    userId: user.id,
    balanceFen: balance,
    creditLimitFen: 10_000_000,
    creditUsedFen: creditUsed,
    creditTermDays: 30,
  });
  const recharge = balance + balancePaid;
  await tx.insert(moneyLog).values({
    userId: user.id,
    useType: 1,
    changeFen: recharge,
    balanceAfterFen: recharge,
    note: '对公转账充值',
    createdAt: new Date(now - 30 * DAY),
  });
  if (balancePaid)
    await tx.insert(moneyLog).values({
      userId: user.id,
      useType: 2,
      changeFen: -balancePaid,
      balanceAfterFen: balance,
      note: '历史订单支付',
      createdAt: new Date(now - 20 * DAY),
    });
}

/** The signed receipt of the pending ephedrine order: a generated document picture. */
async function receiptPicture(tx: Tx, storage: FileStorage | undefined, ownerUserId: number) {
  const bytes = licenceImage(7, [40, 90, 160]);
  const storageKey = 'demo/receipt-1.png';
  await storage?.put(storageKey, bytes);
  const [file] = await tx
    .insert(files)
    .values({ storageKey, mime: 'image/png', size: bytes.length, originalName: '签收回执.png', ownerUserId })
    .returning({ id: files.id });
  return file.id;
}

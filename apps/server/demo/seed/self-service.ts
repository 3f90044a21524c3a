import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import { favorites, feedback, goods, itemRequests, messages, operators, users } from '../../src/db/schema';
import { demoAccounts } from './accounts';

const DAY = 86_400_000;

/**
 * Favourites, item requests and feedback of the demo buyer: one request answered with a goods now on sale,
 * one without a source, one waiting in 客服's queue (and one of another store); one feedback
 * answered and one waiting. Each answer has the message the answer writes. Needs the accounts,
 * the operators and the catalogue.
 */
export async function seedSelfService(tx: Tx, at: Date) {
  const stores = await tx
    .select({ id: users.id, phone: users.phone, companyId: users.companyId })
    .from(users)
    .where(inArray(users.phone, [demoAccounts.buyer.phone, ...demoAccounts.otherStores]));
  const buyer = stores.find((s) => s.phone === demoAccounts.buyer.phone);
  const other = stores.find((s) => s.phone !== demoAccounts.buyer.phone);
  const [kefu] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.username, 'kefu'));
  const [listed] = await tx
    .select({ id: goods.id, name: goods.name, spec: goods.spec })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.kind, 'drug')))
    .orderBy(asc(goods.id))
    .limit(1);
  if (!buyer || !kefu || !listed) return;
  const now = at.getTime();
  const ago = (days: number) => new Date(now - days * DAY);
  const mine = { userId: buyer.id, companyId: buyer.companyId };

  // Favourites of the demo store (会员中心 and /star): five best sellers, the newest first.
  const liked = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(eq(goods.isOnSale, true))
    .orderBy(desc(goods.salesCount), asc(goods.id))
    .limit(5);
  await tx
    .insert(favorites)
    .values(liked.map((g, i) => ({ userId: buyer.id, goodsId: g.id, createdAt: ago(20 - i) })))
    .onConflictDoNothing();

  const [answered, , none] = await tx
    .insert(itemRequests)
    .values([
      {
        ...mine,
        name: listed.name,
        spec: listed.spec,
        manufacturer: '',
        quantity: 50,
        expectedPriceFen: 0,
        remark: '门店常用品种，希望长期供货',
        status: 'listed',
        reply: '已为您上架，欢迎采购',
        goodsId: listed.id,
        repliedBy: kefu.id,
        repliedAt: ago(8),
        createdAt: ago(10),
      },
      {
        ...mine,
        name: '复方丹参滴丸',
        spec: '27mg*180丸',
        manufacturer: '天士力医药集团股份有限公司',
        approvalNo: '国药准字Z10950111',
        quantity: 20,
        expectedPriceFen: 2850,
        remark: '老顾客长期服用',
        createdAt: ago(1),
      },
      {
        ...mine,
        name: '注射用头孢曲松钠',
        spec: '1.0g*10支',
        manufacturer: '',
        quantity: 5,
        status: 'unavailable',
        reply: '注射剂需医疗机构资质，贵店暂不能采购，敬请谅解',
        repliedBy: kefu.id,
        repliedAt: ago(4),
        createdAt: ago(5),
      },
      ...(other
        ? [
            {
              userId: other.id,
              companyId: other.companyId,
              name: '蒲地蓝消炎片',
              spec: '0.3g*48片',
              manufacturer: '济川药业集团有限公司',
              quantity: 30,
              createdAt: ago(2),
            },
          ]
        : []),
    ])
    .returning();

  await tx.insert(feedback).values([
    {
      ...mine,
      type: 'delivery',
      content: '上周的订单外箱有破损，里面的药品没有问题，希望加强包装。',
      contact: demoAccounts.buyer.phone,
      status: 'replied',
      reply: '已安排杭州仓改用加厚纸箱，感谢您的反馈。',
      repliedBy: kefu.id,
      repliedAt: ago(6),
      createdAt: ago(7),
    },
    {
      ...mine,
      type: 'suggestion',
      content: '希望快捷采购支持按上次采购数量一键加购。',
      createdAt: ago(1),
    },
  ]);

  await tx.insert(messages).values([
    {
      userId: buyer.id,
      category: 'service',
      title: '您求购的商品已上架',
      body: `您求购的「${answered.name} ${answered.spec}」已上架（${listed.name}）：已为您上架，欢迎采购`,
      link: `/pzqg/info?id=${answered.id}`,
      readAt: ago(7),
      createdAt: ago(8),
    },
    {
      userId: buyer.id,
      category: 'service',
      title: '您的求购已回复',
      body: `您求购的「${none.name} ${none.spec}」暂无货源：${none.reply}`,
      link: `/pzqg/info?id=${none.id}`,
      createdAt: ago(4),
    },
    {
      userId: buyer.id,
      category: 'service',
      title: '您的意见反馈已回复',
      body: '您提交的「物流配送」反馈已回复：已安排杭州仓改用加厚纸箱，感谢您的反馈。',
      link: '/yjfk',
      createdAt: ago(6),
    },
  ]);
}

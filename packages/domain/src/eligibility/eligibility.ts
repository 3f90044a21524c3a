import { priceTips } from '../catalog/price-tips';
import { scopeCheck, scopeClassName } from '../catalog/scope';
import { explainMissingScope, licensedScope, qualificationGaps } from '../compliance/licences';
import { beijingToday } from '../time/beijing';
import { type SaleControl, type SaleCustomer, saleControlRefusal } from './sale-control';
import type { BuyerStanding } from './standing';

// What a buyer may see and buy: one rule for every price on the wire and every cart and order
// path. Readings are in README.md beside this file.

/** Who looks: a visitor or a buyer with its standing (operators view goods as visitors). */
export type EligibilityActor = { kind: 'visitor' } | { kind: 'buyer'; standing: BuyerStanding };

export const visitorEligibilityActor: EligibilityActor = { kind: 'visitor' };

/** What the rule needs of a goods; a combination package lists every goods of one set. */
export interface EligibilityGoods {
  name: string;
  scopeClass: string;
  rxClass: string;
  onSale: boolean;
  /** The goods may be bought at all (is_buy). */
  purchasable: boolean;
  /** Units (a package: sets) that may be taken now. */
  stock: number;
  /** Its 控销 control (who may see the price and buy); null or absent: sold to every buyer. */
  control?: SaleControl | null;
  items?: readonly {
    name: string;
    scopeClass: string;
    rxClass: string;
    purchasable: boolean;
    control?: SaleControl | null;
  }[];
}

/** Why the rule refuses, as a code (the wire's `unavailable.code`; reasons.ts reads each in Chinese). */
export const refusalCodes = [
  'login',
  'disabled',
  'pending',
  'rejected',
  'expired',
  'licence',
  'contract',
  'off_sale',
  'not_purchasable',
  'out_of_stock',
  'business_scope',
  'control_type',
  'control_region',
] as const;
export type RefusalCode = (typeof refusalCodes)[number];

export interface Refusal {
  code: RefusalCode;
  /** Chinese, for the buyer; a goods' refusal names the goods: 「name」超出经营范围：… */
  message: string;
  /** The same without the goods' name (a goods card shows it under the name). */
  short: string;
}

/** null: allowed. */
export type Verdict = Refusal | null;

export interface Eligibility {
  /** May the price be shown; when refused, `price.message` is the text shown instead. */
  price: Verdict;
  /** May it be added to the cart. */
  add: Verdict;
  /** May it be bought (cart checkout, order preview and creation). */
  buy: Verdict;
  /** The business-scope judgement alone, whatever else refuses (null for a visitor: not judged). */
  scope: Verdict;
}

/** The part of the answer that depends on the actor and the instant only (once per request). */
export interface BuyerEligibility {
  price: Verdict;
  add: Verdict;
  buy: Verdict;
  /** The licensed scope today: the union of the valid licences' grants; empty for a visitor. */
  scope: readonly string[];
  /** Why a scope class is missing, in Chinese (which licence would grant it, or which expired). */
  explainScope: (code: string) => string;
  /** What 控销 controls read of the buyer (type and region); null for a visitor. */
  customer: SaleCustomer | null;
}

const refuse = (code: RefusalCode, message: string): Refusal => ({ code, message, short: message });
const refuseGoods = (code: RefusalCode, name: string, short: string): Refusal => ({
  code,
  message: `「${name}」${short}`,
  short,
});

/** The text shown in place of prices, by why they are hidden (the catalogue's price_tip). */
export const priceHiddenTexts = {
  login: priceTips.login,
  disabled: '账号已停用，请联系客服',
  pending: priceTips.pending,
  rejected: priceTips.pending,
} as const;

/**
 * Why a disabled company (every store of it: `disabled_at` is the company's) may not spend. A
 * disabled buyer keeps its session and may still read: log in, its orders and their details,
 * invoices, documents and downloads, its wallet and points ledgers; it may also wind down what is
 * open (cancel an unpaid order, confirm a receipt, ask for an after-sale, repay its 账期 bills: a
 * debt settled is money owed to the platform). It may not order or spend: create an order, pay
 * one (balance, credit, an online trade started or completed), redeem points, draw a lottery,
 * claim a coupon; and its orders do not ship (`shipRefusal`). README.md beside this file.
 */
export const disabledRefusal: Refusal = refuse(
  'disabled',
  '企业账户已停用，暂不能下单或付款，如有疑问请联系客服',
);

/**
 * May the actor spend (order, pay, redeem points, draw, claim a coupon)? null: yes. Every money
 * path asks it; the buy and add verdicts of a disabled buyer are this same refusal.
 */
export function spendRefusal(actor: EligibilityActor): Verdict {
  if (actor.kind === 'visitor') return refuse('login', '请先登录');
  return actor.standing.disabled ? disabledRefusal : null;
}

/** May the operator ship an order of this buyer? A disabled company's orders wait, whatever their state. */
export function shipRefusal(standing: BuyerStanding): Verdict {
  return standing.disabled
    ? refuse('disabled', '该企业账户已停用，订单暂停发货；企业重新启用后方可发货')
    : null;
}

/**
 * The actor's half of the rule at the instant `now`: price and add need a logged-in, enabled
 * buyer whose qualifications are approved; buying also needs licences valid on Beijing's date
 * of `now` (valid through the expiry day) and the signed contract.
 */
export function buyerEligibility(actor: EligibilityActor, now: Date): BuyerEligibility {
  if (actor.kind === 'visitor') {
    const login = refuse('login', priceHiddenTexts.login);
    return {
      price: login,
      add: refuse('login', '请先登录'),
      buy: refuse('login', '请先登录'),
      scope: [],
      explainScope: (code) => `需具备「${scopeClassName(code)}」经营范围`,
      customer: null,
    };
  }
  const s = actor.standing;
  const customer: SaleCustomer = { companyType: s.companyType, province: s.province, city: s.city };
  const today = beijingToday(now);
  const licensed = licensedScope(s.licences, today);
  const scope = licensed.filter((code) => s.businessScope.includes(code));
  // A class no valid licence grants: which licence would; one granted but not confirmed: ask us.
  const explainScope = (code: string) =>
    licensed.includes(code)
      ? `「${scopeClassName(code)}」不在贵司核定的经营范围内，如需经营请联系客服`
      : explainMissingScope(code, s.licences, today);
  let hidden: Verdict = null;
  let blocked: Verdict = null;
  if (s.disabled) {
    hidden = refuse('disabled', priceHiddenTexts.disabled);
    blocked = disabledRefusal;
  } else if (s.qualificationStatus === 'rejected') {
    hidden = refuse('rejected', priceHiddenTexts.rejected);
    blocked = refuse('rejected', '您的资质审核未通过，请重新提交资质后再采购');
  } else if (s.qualificationStatus !== 'approved') {
    hidden = refuse('pending', priceHiddenTexts.pending);
    blocked = refuse('pending', '您的资质正在审核中，审核通过后才能采购');
  }
  if (hidden) return { price: hidden, add: blocked, buy: blocked, scope, explainScope, customer };
  let buy: Verdict = null;
  // The first required licence type with no valid licence (missing, or expired on a date).
  const [gap] = qualificationGaps(s.companyType, s.licences, today);
  if (gap) buy = refuse(gap.code === 'expired' ? 'expired' : 'licence', gap.message);
  else if (!s.contractSigned) buy = refuse('contract', '请先签署电子采购合同');
  return { price: null, add: null, buy, scope, explainScope, customer };
}

function scopeRefusal(goods: EligibilityGoods, buyer: BuyerEligibility): Verdict {
  for (const part of goods.items ?? [goods]) {
    const { missing } = scopeCheck(part, buyer.scope);
    if (missing)
      return refuseGoods('business_scope', goods.name, `超出经营范围：${buyer.explainScope(missing)}`);
  }
  return null;
}

/** The goods' half: what refuses adding it to this buyer, its scope judged apart. */
function goodsRefusal(goods: EligibilityGoods, scope: Verdict): Verdict {
  const { name } = goods;
  if (!goods.onSale) return refuseGoods('off_sale', name, '已下架');
  if (!goods.purchasable || goods.items?.some((p) => !p.purchasable))
    return refuseGoods('not_purchasable', name, '暂不可购买');
  if (scope) return scope;
  if (goods.stock <= 0) return refuseGoods('out_of_stock', name, '已售罄');
  return null;
}

/** The 控销 refusal of the goods (a package: of its first controlled goods outside the control). */
function controlRefusal(goods: EligibilityGoods, customer: SaleCustomer | null): Verdict {
  if (!customer) return null;
  for (const part of [goods, ...(goods.items ?? [])]) {
    const refused = saleControlRefusal(part.control, customer);
    if (refused) return refuseGoods(refused.code, goods.name, refused.message);
  }
  return null;
}

/** The goods' half given the actor's (cheap: a few comparisons per goods). */
export function goodsEligibility(buyer: BuyerEligibility, goods: EligibilityGoods): Eligibility {
  const visitor = buyer.price?.code === 'login';
  const scope = visitor ? null : scopeRefusal(goods, buyer);
  if (buyer.add) return { price: buyer.price, add: buyer.add, buy: buyer.buy ?? buyer.add, scope };
  // A buyer outside a 控销 control sees neither the price nor a way to buy, and is told why.
  const control = controlRefusal(goods, buyer.customer);
  if (control) return { price: control, add: control, buy: buyer.buy ?? control, scope };
  const add = goodsRefusal(goods, scope);
  return { price: buyer.price, add, buy: buyer.buy ?? add, scope };
}

/** For an actor and a goods at `now`: may its price be shown, may it be added, may it be bought. */
export function eligibility(actor: EligibilityActor, goods: EligibilityGoods, now: Date): Eligibility {
  return goodsEligibility(buyerEligibility(actor, now), goods);
}

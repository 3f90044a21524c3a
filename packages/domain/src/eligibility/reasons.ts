import type { RefusalCode, Verdict } from './eligibility';

// Why a goods cannot be bought, told in a few words where space is short (a goods card, a list
// row): 暂不可购买：超出经营范围. The one place a refusal code reads in Chinese; the rule's own
// message (which licence grants the class, which region the control allows) is the detail.

/** The short reason of each refusal code. */
export const unavailableReasons: Record<RefusalCode, string> = {
  login: '请先登录',
  disabled: '企业账户已停用',
  pending: '资质审核中',
  rejected: '资质审核未通过',
  expired: '证照已过期',
  licence: '缺少必备证照',
  contract: '未签署采购合同',
  off_sale: '商品已下架',
  not_purchasable: '商品暂停销售',
  out_of_stock: '暂时缺货',
  business_scope: '超出经营范围',
  control_type: '控销商品，限指定客户类型',
  control_region: '控销商品，您所在地区暂不销售',
};

/** 暂不可购买：<reason> */
export const unavailableText = (code: RefusalCode): string => `暂不可购买：${unavailableReasons[code]}`;

/**
 * A goods' refusal on the wire (`unavailable`): its code, the short text and the rule's own
 * message when it says more than the short reason (which licence would grant the class), else null.
 */
export interface GoodsUnavailable {
  code: RefusalCode;
  text: string;
  detail: string | null;
}

/** The wire's `unavailable` of a verdict: null when allowed. */
export function goodsUnavailable(verdict: Verdict): GoodsUnavailable | null {
  if (!verdict) return null;
  const reason = unavailableReasons[verdict.code];
  const saysMore = [...verdict.short].length > [...reason].length;
  return { code: verdict.code, text: unavailableText(verdict.code), detail: saysMore ? verdict.short : null };
}

// The orders of 快捷采购's history (/kjcg 常购清单). Plain data, no zod: the shop's page lists them,
// and importing the request schemas (api/quick-buy.ts) would bring zod into its first load.

export const fastBuyOrders = [
  { code: 'recent', name: '最近购买' },
  { code: 'times', name: '购买次数' },
  { code: 'quantity', name: '购买数量' },
] as const;
export type FastBuyOrder = (typeof fastBuyOrders)[number]['code'];

// 首营资料: the papers a buyer's quality department files before it first buys a goods from a
// supplier (首营品种) or first buys from the supplier at all (首营企业). The operator uploads them;
// logged-in buyers download them from the goods and from their orders.

export const firstDocumentNames = {
  /** Of a goods (商品首营资料). */
  goods: ['药品注册证书/批件', '生产企业营业执照', '药品生产许可证', '质量标准', '说明书及包装', '其他'],
  /** Of the platform's company (企业首营资料). */
  company: ['营业执照', '药品经营许可证', '医疗器械经营许可证', '质量保证协议', '开票资料', '其他'],
} as const;

export type FirstDocumentScope = keyof typeof firstDocumentNames;

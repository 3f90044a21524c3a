// The categories 我的消息 files messages under, apart from the zod schemas of site-messages.ts
// so that a client may read them without loading zod (the mobile site's tabs).

export const messageCategories = [
  { code: 'order', name: '订单消息' },
  { code: 'after_sale', name: '售后消息' },
  { code: 'account', name: '资质账户' },
  { code: 'service', name: '服务消息' },
  { code: 'promotion', name: '优惠提醒' },
  { code: 'system', name: '系统通知' },
] as const;
export type MessageCategory = (typeof messageCategories)[number]['code'];
export const messageCategoryCodes = messageCategories.map((c) => c.code) as [
  MessageCategory,
  ...MessageCategory[],
];
export const messageCategoryName = (code: string) =>
  messageCategories.find((c) => c.code === code)?.name ?? '系统通知';

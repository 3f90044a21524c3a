/**
 * Price texts shown instead of prices. A module of its own, free of the zod contracts, so the
 * shop's goods cards read it without loading zod.
 */
export const priceTips = { login: '登录后查看价格', pending: '资质审核通过后可见' } as const;

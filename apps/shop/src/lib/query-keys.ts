/** Query keys shared across features (so one can invalidate another's data). */
export const queryKeys = {
  userBase: ['user', 'base'] as const,
  headerCommon: ['focus', 'common'] as const,
  cartList: ['cart', 'list'] as const,
  cartTotal: ['cart', 'total'] as const,
  topAds: ['focus', 'top'] as const,
  site: ['global', 'site'] as const,
  links: ['global', 'links'] as const,
  helpCategories: ['article', 'category'] as const,
};

/** Query keys more than one feature reads or refreshes. */
export const queryKeys = {
  userBase: ['user', 'base'] as const,
  cart: ['cart'] as const,
  cartCount: ['cart', 'total'] as const,
  cartList: ['cart', 'list'] as const,
  orders: ['order'] as const,
  wallet: ['wallet'] as const,
};

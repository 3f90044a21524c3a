/**
 * The cart's limits and fixed codes. A module of its own, free of the zod contracts, so the shop
 * reads them without loading zod.
 */

/** Most lines one add or copy call may carry, and most lines a store's cart may hold. */
export const CART_MAX_LINES_PER_REQUEST = 200;
export const CART_MAX_LINES = 500;
/** Largest quantity of one line (keeps every figure a safe integer). */
export const CART_MAX_QUANTITY = 1_000_000;
/** The cart list's "all warehouses" filter (spec section 9). */
export const CART_FILTER_ALL = 99999;

/** Cart line types: a single goods, or a combination package. */
export const CART_LINE_TYPE = { normal: 1, combination: 3 } as const;

export * from './combination';
export * from './fast-buy';
export * from './limits';
export * from './next-hint';
export * from './price-cart';
export * from './quick-order';
export * from './schemas';

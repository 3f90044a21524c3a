export * from './coupon-template';
export * from './coverage';
export * from './rules/coupon';
export * from './stacking';

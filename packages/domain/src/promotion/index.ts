export * from './coverage';
export * from './stacking';
export * from './rules/coupon';
export * from './coupon-template';

export * from './api/common';
export * from './api/envelope';
export * from './api/user';
export * from './cart';
export * from './money';
export * from './order';
export * from './pricing';
export * from './validation/contact';

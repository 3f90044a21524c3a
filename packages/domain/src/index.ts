export * from './api/account';
export * from './api/catalog';
export * from './api/common';
export * from './api/envelope';
export * from './api/user';
export * from './catalog/scope';
export * from './money';
export * from './validation/contact';

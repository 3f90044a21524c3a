export * from './coverage';
export * from './rules/cash-back';
export * from './stacking';

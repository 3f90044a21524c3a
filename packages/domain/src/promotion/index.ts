export * from './activity-page';
export * from './badges';
export * from './coverage';
export * from './rule';
export * from './rules/cash-back';
export * from './rules/full-reduction';
export * from './stacking';

export * from './coverage';
export * from './spike';
export * from './stacking';

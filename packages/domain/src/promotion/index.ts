export * from './coverage';
export * from './stacking';
export * from './spike';

export * from './coverage';
export * from './stacking';

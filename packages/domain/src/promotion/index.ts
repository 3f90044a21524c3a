export * from './activity-page';
export * from './coverage';
export * from './stacking';

export * from './lottery';

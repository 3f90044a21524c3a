export * from './address';
export * from './invoice';
export * from './order-lines';
export * from './order-total';
export * from './points';
export * from './regions';
export * from './state-machine';

export * from './address';
export * from './invoice';
export * from './order-lines';
export * from './order-total';
export * from './points';
export * from './refund';
export * from './regions';
export * from './state-machine';

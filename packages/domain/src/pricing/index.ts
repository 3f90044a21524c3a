export * from './ladder';
export * from './ladder-rules';
export * from './promotions/free-shipping';
export * from './promotions/gifts';
export * from './prorate';
export * from './quantity';

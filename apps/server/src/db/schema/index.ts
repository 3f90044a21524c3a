// Every table, one file per area. Drizzle-kit generates the SQL migrations from this index.
export * from './account';
export * from './cart';
export * from './catalog';
export * from './compliance';
export * from './content';
export * from './core';
export * from './kx';
export * from './open';
export * from './operator';
export * from './order';
export * from './points';
export * from './promotion';
export * from './search';
export * from './self-service';
export * from './transfer';
export * from './wallet';

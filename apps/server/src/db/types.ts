import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema';

export type Schema = typeof schema;
/**
 * One database type for both drivers. PGlite and node-postgres drizzle instances share the
 * PgDatabase query API; node-postgres's type is used as the common one.
 */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A handle that can run queries: the database or an open transaction. */
export type DbOrTx = Db | Tx;

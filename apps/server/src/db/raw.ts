import { type Column, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from './types';

/**
 * A hand-written SQL statement for the few hottest reads (session lookup, cart rows), run
 * without the ORM's per-row mapping: columns are aliased to the camelCase names of the row type
 * and come back already typed by the driver's parsers (int4, bool, text[], jsonb). On PostgreSQL
 * the statement is named, so each pooled connection parses and plans it once; PGlite runs it as
 * a plain parameterised query.
 *
 * Why not Drizzle here: mapping a 100-line cart row by row (35 columns) and rebuilding the query
 * on every request cost about as much CPU as the rest of GET /api/cart/list together (see
 * bench/RESULTS.md, cart). Everything else keeps using Drizzle.
 */
export interface RawStatement {
  /**
   * Unique per statement text: PostgreSQL keeps one plan per name per connection. Empty: an
   * unnamed statement, parsed and planned on every run (a text made for one request).
   */
  name: string;
  text: string;
  /** The statement's parameters in order: a Placeholder (named value) or a value fixed in the SQL. */
  params: unknown[];
  /**
   * Planned once for any values (PostgreSQL's generic plan, from the first run): run on the
   * database's generic-plan pool when it has one (db/client.ts), never inside a transaction.
   */
  generic?: boolean;
}

const dialect = new PgDialect();

/** Compiles a statement once (at module load), from Drizzle's tables and columns. */
export function statement(name: string, query: SQL): RawStatement {
  const compiled = dialect.sqlToQuery(query);
  return { name, text: compiled.sql, params: compiled.params };
}

/**
 * `col as "alias", ...` for a column map, so a raw row comes out shaped like Drizzle's select of
 * the same map. Only for columns whose driver type is already what Drizzle returns (integers,
 * booleans, text, arrays, jsonb, timestamps as Date), not `date` or `numeric` columns.
 */
export function selectList(columns: Record<string, Column | SQL>): SQL {
  return sql.join(
    Object.entries(columns).map(([alias, column]) => sql`${column} as ${sql.identifier(alias)}`),
    sql`, `,
  );
}

interface PgLikeClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteLikeClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown>;
}

/** The driver client behind a Drizzle database or transaction (pg Pool / PoolClient or PGlite). */
function clientOf(db: DbOrTx): PgLikeClient | PgliteLikeClient {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') {
    throw new Error('raw query: no driver client behind this database handle');
  }
  return client as PgLikeClient | PgliteLikeClient;
}

const isPglite = (client: PgLikeClient | PgliteLikeClient): client is PgliteLikeClient =>
  typeof (client as PgliteLikeClient).exec === 'function';

/** The pool beside each main pool whose connections plan generically (see RawStatement.generic). */
const genericPlanPools = new WeakMap<object, PgLikeClient>();

export function setGenericPlanPool(pool: object, generic: PgLikeClient): void {
  genericPlanPools.set(pool, generic);
}

export async function rawRows<T>(db: DbOrTx, statement: RawStatement, values: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  if (isPglite(client)) return (await client.query(statement.text, values)).rows as T[];
  // A transaction's client is no main pool: its statements stay on its own connection.
  const target = (statement.generic && genericPlanPools.get(client)) || client;
  const result = await target.query({ name: statement.name, text: statement.text, values });
  return result.rows as T[];
}

/** Runs a statement whose placeholders are named (`sql.placeholder(name)`), given their values. */
export function rawRowsNamed<T>(db: DbOrTx, statement: RawStatement, values: Record<string, unknown>) {
  return rawRows<T>(
    db,
    statement,
    statement.params.map((p) => (p instanceof Placeholder ? values[p.name] : p)),
  );
}

/**
 * A statement answering its rows as one JSON array of arrays (`json_agg(json_build_array(...))`),
 * for reads of many rows and many columns: PostgreSQL builds the JSON in C and the driver parses
 * it with one JSON.parse, instead of decoding and type-parsing every field of every row in
 * JavaScript (a 100-line cart is 3,500 fields). Only for columns whose JSON form is what the row
 * type says: integers, booleans, text, text arrays and jsonb; not timestamps, `numeric` or bigint.
 */
export interface JsonRowsStatement<T, E extends Record<string, unknown> = Record<never, never>>
  extends RawStatement {
  keys: (keyof T)[];
  /** Phantom: the scalar values the statement answers beside the rows (one column each). */
  readonly extras?: E;
}

/**
 * `extras`: scalar subqueries answered in the same round trip beside the rows (each its own
 * column), for a hot path that would otherwise send a second statement.
 */
export function jsonRowsStatement<
  C extends Record<string, Column | SQL>,
  X extends Record<string, SQL> = Record<never, never>,
>(
  name: string,
  columns: C,
  from: SQL,
  orderBy: SQL,
  extras?: X,
): JsonRowsStatement<SelectResultFields<C>, { [K in keyof X]: number }> {
  const extraColumns = Object.entries(extras ?? {}).map(
    ([key, value]) => sql`, ${value} as ${sql.identifier(key)}`,
  );
  const query = sql`select coalesce(json_agg(json_build_array(${sql.join(Object.values(columns), sql`, `)})
    order by ${orderBy}), '[]') as "rows"${sql.join(extraColumns)} ${from}`;
  return {
    ...statement(name, query),
    keys: Object.keys(columns) as (keyof SelectResultFields<C>)[],
  };
}

/**
 * Runs a jsonRowsStatement whose placeholders are named, and shapes each row array into an
 * object of its column names; the extras come back beside the rows.
 */
export async function rawJsonRows<T extends object, E extends Record<string, unknown>>(
  db: DbOrTx,
  statement: JsonRowsStatement<T, E>,
  values: Record<string, unknown>,
): Promise<{ rows: T[] } & E> {
  const [result] = await rawRowsNamed<{ rows: unknown[][] } & E>(db, statement, values);
  const keys = statement.keys;
  const rows = result.rows.map((row) => {
    const shaped: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) shaped[keys[i] as string] = row[i];
    return shaped as T;
  });
  return { ...result, rows };
}

/**
 * `column = any($1::int[])`: a list of ids as one array parameter. Drizzle's inArray makes one
 * parameter per id, and building those chunks showed up as a tenth of a 100-line cart list's CPU
 * under load (its `is()` checks on every chunk); the statement text then also stays the same
 * for any number of ids.
 */
export function anyOf(column: Column | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

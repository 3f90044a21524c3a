import type { SQL } from 'drizzle-orm';
import { type RawStatement, statement } from '../../../db/raw';

// The statements of keyword searches, one per shape (search/match.ts: the phrases' shapes, the
// sort, which filters): made once per process and named, so each pooled PostgreSQL connection
// parses and plans a shape once, generically (db/raw.ts RawStatement.generic): the search
// index's bitmap scan (the makers' trigram indexes for type 1), whatever the keyword, as
// EXPLAIN EXECUTE shows at 100,000 goods. Planned per search, the statement of a keyword list
// took 0.6 to 1 ms to plan beside 1 to 2 ms to run (300 to 600 matches); and with a hundred
// shapes PostgreSQL's own choice, a custom plan for the first five runs on each connection,
// would plan nearly every search of a bench run anyway.

/** The most shapes named per process; any further one is compiled and planned per search. */
const MAX_NAMED = 1_000;
const named = new Map<string, RawStatement>();

/** The statement of a shape (`key`: everything its text depends on), made by `build` once. */
export function shapeStatement(key: string, build: () => SQL): RawStatement {
  const hit = named.get(key);
  if (hit) return hit;
  if (named.size >= MAX_NAMED) return statement('', build());
  const made = { ...statement(`search_${named.size}`, build()), generic: true };
  named.set(key, made);
  return made;
}

/**
 * A statement whose text holds values of its own (a keyword list with a category, a price
 * range...): compiled per search and left unnamed (each text once), as Drizzle's queries are.
 */
export function oneOffStatement(query: SQL): RawStatement {
  return statement('', query);
}

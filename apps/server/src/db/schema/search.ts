import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Search aliases (搜索同义词, modules/search): a term buyers type and what it also searches for.
 * One-way (消炎药 -> 阿莫西林, 头孢氨苄...): only the term expands. Two-way (扑热息痛 =
 * 对乙酰氨基酚): each expansion also finds the term. Terms are unique case-insensitively.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    term: text('term').notNull(),
    expansions: text('expansions').array().notNull(),
    twoWay: boolean('two_way').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('search_synonyms_term_uq').on(sql`lower(${t.term})`)],
);

/**
 * Searches of the goods list per Beijing day and keyword (搜索词统计): how often, and how often
 * nothing was found. Written in batches (modules/search/recorder.ts).
 */
export const searchDailyStats = pgTable(
  'search_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    keyword: text('keyword').notNull(),
    searches: integer('searches').notNull().default(0),
    zeroResults: integer('zero_results').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.keyword] }),
    index('search_daily_stats_day_searches').on(t.day, t.searches),
  ],
);

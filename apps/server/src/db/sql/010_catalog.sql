-- Catalogue search and list indexes drizzle-kit cannot express. Idempotent; applied after
-- migrations in file-name order by db/client.ts.
create extension if not exists pg_trgm;

-- Trigram indexes for contains-searches on names, manufacturers and pinyin keys.
create index if not exists goods_name_trgm on goods using gin (name gin_trgm_ops);
create index if not exists goods_common_name_trgm on goods using gin (common_name gin_trgm_ops);
create index if not exists goods_name_pinyin_trgm on goods using gin (name_pinyin gin_trgm_ops);
create index if not exists goods_name_initials_trgm on goods using gin (name_initials gin_trgm_ops);
create index if not exists goods_manufacturer_trgm on goods using gin (manufacturer gin_trgm_ops);
create index if not exists goods_manufacturer_pinyin_trgm on goods using gin (manufacturer_pinyin gin_trgm_ops);
create index if not exists goods_manufacturer_initials_trgm on goods using gin (manufacturer_initials gin_trgm_ops);

-- Prefix searches (suggestions) through btree pattern indexes.
create index if not exists goods_name_prefix on goods (name text_pattern_ops);
create index if not exists goods_name_pinyin_prefix on goods (name_pinyin text_pattern_ops);
create index if not exists goods_name_initials_prefix on goods (name_initials text_pattern_ops);
create index if not exists goods_manufacturer_prefix on goods (manufacturer text_pattern_ops);
create index if not exists goods_manufacturer_pinyin_prefix on goods (manufacturer_pinyin text_pattern_ops);
create index if not exists goods_manufacturer_initials_prefix on goods (manufacturer_initials text_pattern_ops);

-- List sorts: on-sale goods by sales / price / newest with id as tie-breaker.
create index if not exists goods_list_sales on goods (sales_count desc, id desc) where is_on_sale;
create index if not exists goods_list_price on goods (base_price_fen, id) where is_on_sale;
create index if not exists goods_list_newest on goods (created_at desc, id desc) where is_on_sale;
create index if not exists goods_zones_gin on goods using gin (zones);
create index if not exists goods_tags_gin on goods using gin (tags);

-- Off-sale goods are few: list totals by category subtract them through this small index.
create index if not exists goods_off_sale on goods (id) where not is_on_sale;

-- Sorts by expiry (nearest first / longest shelf life first, goods without an expiry last).
create index if not exists goods_list_expiry_asc on goods (expires_on asc nulls last, id) where is_on_sale;
create index if not exists goods_list_expiry_desc on goods (expires_on desc nulls last, id desc) where is_on_sale;
-- No parallel scans of the catalogue tables. The shop's reads of them are short, many and
-- concurrent; a parallel plan starts worker processes per query, which on a busy server costs
-- far more than it saves (EXPLAIN ANALYZE of a category page sorted by expiry at 100,000 goods
-- under load: 366 ms with two workers, 8 ms without).
alter table goods set (parallel_workers = 0);
alter table goods_categories set (parallel_workers = 0);

-- Maker searches (type 1) of one or two characters (华润, gm) have no trigram to look up: the
-- maker's text is indexed by its single characters and character pairs instead, lower-cased.
-- (Goods names are searched through search_grams, 100_search.sql.)
create or replace function goods_short_grams(t text) returns text[]
language sql immutable strict parallel safe cost 500 as $$
  select coalesce(array_agg(distinct g), '{}')
  from (
    select substr(t, i, 1) as g from generate_series(1, char_length(t)) i
    union all
    select substr(t, i, 2) from generate_series(1, char_length(t) - 1) i
  ) grams
$$;
create index if not exists goods_manufacturer_short_grams on goods using gin (
  goods_short_grams(lower(manufacturer || ' ' || manufacturer_pinyin || ' ' || manufacturer_initials))
);

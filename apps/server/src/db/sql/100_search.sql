-- The shop's keyword search (modules/catalog/search): one index over goods.search_text (name,
-- common name, approval number, maker, pinyin, initials, SKU, barcode; 040_admin_goods.sql)
-- serves every field and every key length. Its entries are the text's characters, character
-- pairs and triples (CJK search engines index bigrams; pg_trgm's trigrams skip Chinese in the C
-- locale), never across the spaces between fields. A key of one or two characters is looked up
-- as itself, a longer one as all its triples; a LIKE on the row then confirms the match.
-- search/keyword.ts gramsOf writes the same grams for the query side. The function is costed
-- high on purpose: computed on a row it takes about a millisecond, so the planner must look the
-- grams up in the index, never compute them row by row (a seq scan "until the limit" of a
-- one-letter key took 3.5 s); walks of a sort index confirm a match with strpos instead.
create or replace function search_grams(t text) returns text[]
language sql immutable strict parallel safe cost 100000 as $$
  select coalesce(array_agg(distinct g), '{}')
  from (
    select substr(t, i, n) as g
    from generate_series(1, 3) n, generate_series(1, char_length(t) - n + 1) i
  ) grams
  where position(' ' in g) = 0
$$;
create index if not exists goods_search_grams on goods using gin (search_grams(search_text));

-- The list and suggestions' name matches of the same keyword covered this one; the grams do now.
drop index if exists goods_name_short_grams;

-- A scanned barcode is an equality (exact code first); a typed generic name's prefix (broad keys).
create index if not exists goods_barcode on goods (barcode) where barcode <> '';
create index if not exists goods_name_lower_prefix on goods (lower(name) text_pattern_ops);
create index if not exists goods_common_name_lower_prefix on goods (lower(common_name) text_pattern_ops);

-- Did-you-mean's vocabulary (modules/catalog/search/did-you-mean.ts): each distinct name pinyin
-- of the goods on sale with the generic name its best seller carries. A catalogue of 100,000
-- goods holds a few hundred to some thousands of them, so a mistyped keyword is compared with
-- those through their trigram index instead of with every goods (1.5 s for a long pinyin at
-- 100,000 goods, whose trigrams such as jiaonang's match most capsules). Refreshed by the
-- search itself every few minutes (a new name is offered from then on). A migration that changes
-- one of the goods columns it reads must drop it first (this file makes it again after them).
create materialized view if not exists goods_vocabulary as
  select name_pinyin as pinyin, (array_agg(common_name order by sales_count desc, id))[1] as name,
    sum(sales_count)::bigint as sales
  from goods where is_on_sale and name_pinyin <> '' group by name_pinyin;
create unique index if not exists goods_vocabulary_pinyin on goods_vocabulary (pinyin);
create index if not exists goods_vocabulary_trgm on goods_vocabulary using gin (pinyin gin_trgm_ops);

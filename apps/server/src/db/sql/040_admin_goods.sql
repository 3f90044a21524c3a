-- Console goods list (modules/catalog/admin-goods.ts).
--
-- search_text: everything a buyer or an operator may type (name, common name, approval number,
-- maker, pinyin, initials, SKU, barcode), lower-cased once when a row is written, so a search is
-- a plain LIKE (several times cheaper to recheck than ILIKE on Chinese text). The shop's search
-- indexes its grams too (100_search.sql). An older column without the barcode is replaced.
do $$
begin
  if not exists (
    select 1 from information_schema.columns
    where table_name = 'goods' and column_name = 'search_text' and generation_expression like '%barcode%'
  ) then
    alter table goods drop column if exists search_text;
    alter table goods add column search_text text generated always as (
      lower(name || ' ' || common_name || ' ' || approval_no || ' ' || manufacturer || ' ' || name_pinyin || ' ' || name_initials || ' ' || sku || ' ' || barcode)
    ) stored;
    -- The planner needs the new column's statistics to walk or collect (admin-goods.ts).
    analyze goods;
  end if;
end $$;
drop index if exists goods_admin_search_trgm;
-- One GIN index over the search text and the list's equality filters (btree_gin), so "search +
-- 器械" or "search + 处方药" finds its few rows inside the index instead of rechecking every
-- match of a broad search on the heap.
create extension if not exists btree_gin;
create index if not exists goods_admin_search on goods using gin (
  search_text gin_trgm_ops, kind, rx_class, ephedrine, is_on_sale
);
-- Newest edits first; the rare filters (缺货, 已下架, 含麻) get their own ordered partial indexes.
create index if not exists goods_admin_updated on goods (updated_at desc, id desc);
-- 缺货 is a stored flag rather than `stock_total <= 0`: PostgreSQL counts an index predicate's
-- columns as indexed, so an index on that condition made every order's stock move a non-HOT
-- update of goods (a new entry in each of its indexes; see 020_hot_updates.sql). The flag
-- changes only when stock crosses zero.
do $$
begin
  if not exists (
    select 1 from information_schema.columns where table_name = 'goods' and column_name = 'sold_out'
  ) then
    alter table goods add column sold_out boolean generated always as (stock_total <= 0) stored;
  end if;
end $$;
drop index if exists goods_admin_updated_out;
create index if not exists goods_admin_updated_sold_out on goods (updated_at desc, id desc) where sold_out;
create index if not exists goods_admin_updated_off on goods (updated_at desc, id desc) where not is_on_sale;
create index if not exists goods_admin_updated_ephedrine on goods (updated_at desc, id desc) where ephedrine;
-- A kind or a prescription class alone (器械, 中药饮片, 处方药: a few percent of the catalogue each)
-- in edit order: walking the whole edit order for a rare kind read thousands of rows per deep page.
create index if not exists goods_admin_kind_updated on goods (kind, updated_at desc, id desc);
create index if not exists goods_admin_rx_updated on goods (rx_class, updated_at desc, id desc);
-- Approval numbers by prefix.
create index if not exists goods_approval_no_prefix on goods (approval_no text_pattern_ops);

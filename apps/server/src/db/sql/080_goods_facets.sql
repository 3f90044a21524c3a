-- Brand and zone browsing without touching goods rows (modules/catalog/queries.ts browseOf).
--
-- The same idea as the category links' listing copies (070_catalog_listing.sql), for the other
-- ways buyers browse: a brand page (brand_id=9), a zone page (zone=yx) and the whole catalogue
-- (/list, with or without in_stock and a price range). Each goods has one facet row for the
-- whole catalogue ('all'), one for its brand ('b:<brand id>') and one per stored zone
-- ('z:<zone code>'), carrying copies of what a list filters and sorts on. A brand or zone page in any sort, with in_stock
-- and a price range, is then an ordered walk of one index, and its total a count of the same
-- index, instead of filtering goods rows: at 100,000 goods a brand page sorted by price read
-- thousands of goods rows (18 ms), a zone's total counted 2,000 of them through the zones
-- array index (10-20 ms).
--
-- Triggers keep the rows: a new goods gets its facets; a change of its brand or zones rewrites
-- them; a change of a copied column (an order crossing zero stock, a payment adding sales, an
-- operator's edit) updates them. Deleting a goods deletes its facets (foreign key).
create table if not exists goods_facets (
  facet text not null,
  goods_id integer not null references goods (id) on delete cascade,
  list_on_sale boolean not null,
  list_in_stock boolean not null,
  list_sales integer not null,
  list_price_fen integer not null,
  list_created_at timestamptz not null,
  list_expires_on date,
  primary key (facet, goods_id)
);
create index if not exists goods_facets_goods on goods_facets (goods_id);

-- The facets of one goods: the whole catalogue, its brand, each of its zones (the backfill and
-- the trigger both take them from here).
create or replace function goods_facet_keys(brand_id integer, zones text[]) returns setof text
language sql immutable as $$
  select 'all'
  union
  select 'b:' || brand_id where brand_id is not null
  union
  select 'z:' || z from unnest(zones) z
$$;

-- Goods that were there before the table (or before its whole-catalogue facet) get their rows once.
insert into goods_facets
select f, g.id, g.is_on_sale, g.stock_total > 0, g.sales_count, g.base_price_fen, g.created_at, g.expires_on
from goods g
cross join lateral goods_facet_keys(g.brand_id, g.zones) f
where not exists (select 1 from goods_facets where facet = 'all')
on conflict do nothing;
analyze goods_facets;

create or replace function goods_write_facets() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' or old.brand_id is distinct from new.brand_id or old.zones is distinct from new.zones then
    if tg_op = 'UPDATE' then
      delete from goods_facets where goods_id = new.id;
    end if;
    insert into goods_facets
    select f, new.id, new.is_on_sale, new.stock_total > 0, new.sales_count, new.base_price_fen,
      new.created_at, new.expires_on
    from goods_facet_keys(new.brand_id, new.zones) f;
  else
    update goods_facets
    set list_on_sale = new.is_on_sale,
        list_in_stock = new.stock_total > 0,
        list_sales = new.sales_count,
        list_price_fen = new.base_price_fen,
        list_created_at = new.created_at,
        list_expires_on = new.expires_on
    where goods_id = new.id;
  end if;
  return null;
end $$;

drop trigger if exists goods_write_facets_insert on goods;
create trigger goods_write_facets_insert
  after insert on goods
  for each row execute function goods_write_facets();

drop trigger if exists goods_write_facets_update on goods;
create trigger goods_write_facets_update
  after update on goods
  for each row
  when (
    old.brand_id is distinct from new.brand_id
    or old.zones is distinct from new.zones
    or old.is_on_sale is distinct from new.is_on_sale
    or (old.stock_total > 0) is distinct from (new.stock_total > 0)
    or old.sales_count is distinct from new.sales_count
    or old.base_price_fen is distinct from new.base_price_fen
    or old.created_at is distinct from new.created_at
    or old.expires_on is distinct from new.expires_on
  )
  execute function goods_write_facets();

-- One index per sort on both listing tables (the category links and the facets), rows of goods
-- on sale only, with the stock flag, the price and the expiry included so in_stock, price ranges,
-- the 近效期 window and a shelf life are answered from the index. Names:
-- goods_categories_list_<sort>, goods_facets_list_<sort>. An index built before a column joined
-- its included ones is built again (once).
do $$
declare
  t record;
  s record;
  name text;
begin
  for t in select * from (values ('goods_categories', 'category_id'), ('goods_facets', 'facet')) v (tab, k) loop
    for s in
      select * from (values
        ('default', 'goods_id', 'list_in_stock, list_price_fen, list_expires_on'),
        ('sales', 'list_sales DESC, goods_id DESC', 'list_in_stock, list_price_fen, list_expires_on'),
        ('price', 'list_price_fen, goods_id', 'list_in_stock, list_expires_on'),
        ('newest', 'list_created_at DESC, goods_id DESC', 'list_in_stock, list_price_fen, list_expires_on'),
        ('expiry_asc', 'list_expires_on, goods_id', 'list_in_stock, list_price_fen'),
        ('expiry_desc', 'list_expires_on DESC NULLS LAST, goods_id DESC', 'list_in_stock, list_price_fen')
      ) v (sort, keys, extra)
    loop
      name := format('%s_list_%s', t.tab, s.sort);
      if exists (
        select 1 from pg_indexes
        where schemaname = current_schema() and indexname = name
          and position(format('INCLUDE (%s)', s.extra) in indexdef) = 0
      ) then
        execute format('drop index %I', name);
      end if;
      execute format(
        'create index if not exists %I on %I (%I, %s) include (%s) where list_on_sale',
        name, t.tab, t.k, s.keys, s.extra
      );
    end loop;
  end loop;
end $$;

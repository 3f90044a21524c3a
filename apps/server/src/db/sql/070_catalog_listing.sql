-- Category browsing without touching goods rows (modules/catalog/queries.ts categoryPage).
--
-- Each category link (goods_categories) carries copies of what a category list filters and sorts
-- on: on sale, in stock, sales, price, listing time, expiry. A page of a category in any sort,
-- with in_stock and a price range, is then an ordered walk of one index of the links, and its
-- total a count of the same index, instead of joining thousands of goods rows per request (at
-- 100,000 goods a category page sorted by price with a price range read 40,000 goods rows).
--
-- Triggers keep the copies: a new link takes them from its goods; an update of a goods that
-- changes one of them (an order crossing zero stock, a payment adding sales, an operator's edit)
-- writes them to the goods' links. Stock moves that do not cross zero change nothing here.
do $$
begin
  if not exists (
    select 1 from information_schema.columns
    where table_name = 'goods_categories' and column_name = 'list_on_sale'
  ) then
    alter table goods_categories
      add column list_on_sale boolean not null default true,
      add column list_in_stock boolean not null default false,
      add column list_sales integer not null default 0,
      add column list_price_fen integer not null default 0,
      add column list_created_at timestamptz not null default now(),
      add column list_expires_on date;
    update goods_categories gc
    set list_on_sale = g.is_on_sale,
        list_in_stock = g.stock_total > 0,
        list_sales = g.sales_count,
        list_price_fen = g.base_price_fen,
        list_created_at = g.created_at,
        list_expires_on = g.expires_on
    from goods g
    where g.id = gc.goods_id;
    analyze goods_categories;
  end if;
end $$;

create or replace function goods_categories_fill_listing() returns trigger
language plpgsql as $$
begin
  select g.is_on_sale, g.stock_total > 0, g.sales_count, g.base_price_fen, g.created_at, g.expires_on
  into new.list_on_sale, new.list_in_stock, new.list_sales, new.list_price_fen, new.list_created_at,
       new.list_expires_on
  from goods g
  where g.id = new.goods_id;
  return new;
end $$;

create or replace function goods_copy_listing() returns trigger
language plpgsql as $$
begin
  update goods_categories
  set list_on_sale = new.is_on_sale,
      list_in_stock = new.stock_total > 0,
      list_sales = new.sales_count,
      list_price_fen = new.base_price_fen,
      list_created_at = new.created_at,
      list_expires_on = new.expires_on
  where goods_id = new.id;
  return null;
end $$;

drop trigger if exists goods_categories_fill_listing on goods_categories;
create trigger goods_categories_fill_listing
  before insert or update of goods_id on goods_categories
  for each row execute function goods_categories_fill_listing();

drop trigger if exists goods_copy_listing on goods;
create trigger goods_copy_listing
  after update on goods
  for each row
  when (
    old.is_on_sale is distinct from new.is_on_sale
    or (old.stock_total > 0) is distinct from (new.stock_total > 0)
    or old.sales_count is distinct from new.sales_count
    or old.base_price_fen is distinct from new.base_price_fen
    or old.created_at is distinct from new.created_at
    or old.expires_on is distinct from new.expires_on
  )
  execute function goods_copy_listing();

-- The links' index per sort is made with the facets' in 080_goods_facets.sql (one definition).

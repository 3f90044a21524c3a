-- Which goods changed, for the catalogue index each server process keeps in memory
-- (modules/catalog/listing). Every statement that writes goods, their category links or their
-- 控销 controls notes the goods ids here, from any process and any path (the console, an
-- import, the open API, an order moving stock, a payment adding sales), so no writer can forget
-- to tell the processes. Each row carries its transaction's id: a process reads the rows of the
-- transactions that finished since its last look (listing/feed.ts), however late they commit
-- compared with their sequence numbers. Rows older than an hour are deleted by the readers.
create table if not exists goods_changes (
  seq bigserial primary key,
  goods_id integer not null,
  xid xid8 not null default pg_current_xact_id(),
  at timestamptz not null default now()
);
create index if not exists goods_changes_xid on goods_changes (xid);
create index if not exists goods_changes_at on goods_changes (at);

create or replace function goods_changes_new_goods() returns trigger
language plpgsql as $$
begin
  insert into goods_changes (goods_id) select distinct id from new_rows;
  return null;
end $$;

create or replace function goods_changes_old_goods() returns trigger
language plpgsql as $$
begin
  insert into goods_changes (goods_id) select distinct id from old_rows;
  return null;
end $$;

create or replace function goods_changes_new_links() returns trigger
language plpgsql as $$
begin
  insert into goods_changes (goods_id) select distinct goods_id from new_rows;
  return null;
end $$;

create or replace function goods_changes_old_links() returns trigger
language plpgsql as $$
begin
  insert into goods_changes (goods_id) select distinct goods_id from old_rows;
  return null;
end $$;

-- One insert per statement (a transition table per event: PostgreSQL allows one event each).
drop trigger if exists goods_changes_insert on goods;
create trigger goods_changes_insert after insert on goods
  referencing new table as new_rows for each statement execute function goods_changes_new_goods();
drop trigger if exists goods_changes_update on goods;
create trigger goods_changes_update after update on goods
  referencing new table as new_rows for each statement execute function goods_changes_new_goods();
drop trigger if exists goods_changes_delete on goods;
create trigger goods_changes_delete after delete on goods
  referencing old table as old_rows for each statement execute function goods_changes_old_goods();

drop trigger if exists goods_changes_insert on goods_categories;
create trigger goods_changes_insert after insert on goods_categories
  referencing new table as new_rows for each statement execute function goods_changes_new_links();
-- Links are inserted and deleted, never moved; their updates are the listing copies that
-- 070_catalog_listing.sql writes after each goods update, which the goods' own trigger notes.
drop trigger if exists goods_changes_update on goods_categories;
drop trigger if exists goods_changes_delete on goods_categories;
create trigger goods_changes_delete after delete on goods_categories
  referencing old table as old_rows for each statement execute function goods_changes_old_links();

drop trigger if exists goods_changes_insert on goods_sale_controls;
create trigger goods_changes_insert after insert on goods_sale_controls
  referencing new table as new_rows for each statement execute function goods_changes_new_links();
drop trigger if exists goods_changes_update on goods_sale_controls;
create trigger goods_changes_update after update on goods_sale_controls
  referencing new table as new_rows for each statement execute function goods_changes_new_links();
drop trigger if exists goods_changes_delete on goods_sale_controls;
create trigger goods_changes_delete after delete on goods_sale_controls
  referencing old table as old_rows for each statement execute function goods_changes_old_links();

-- What changed since a reader's cursor (listing/lists.ts): rows past its last sequence number,
-- rows of the transactions running at its snapshot, rows of transactions begun after it. Always
-- a few rows of a long log, which only the two indexes find cheaply; but the planner judges
-- `seq > n` from the log's statistics, and right after a burst (an import of 100,000 goods
-- leaves 200,000 rows) those are missing or stale until the next analyze (never, where
-- autovacuum is off), so it guessed a third of the log and scanned all of it: 13-42 ms on
-- every look. Sequential scans are off inside this function only, so the rows come from the
-- indexes whatever the statistics say.
create or replace function goods_changes_since(after bigint, running xid8[], began xid8)
returns table (seq bigint, goods_id integer)
language sql stable
set enable_seqscan = off
as $$
  select c.seq, c.goods_id from goods_changes c
  where c.seq > after or c.xid = any(running) or c.xid >= began
$$;

-- Leave room on each page of the rows every order updates, so the update can stay on the same
-- page (a HOT update). goods carries about 30 indexes (7 trigram GIN), and an order moves
-- goods.stock_total of each of its goods: without free space every such update inserted a new
-- entry into every one of those indexes. stock_total and goods_stock.quantity are in no index,
-- so with room on the page none of them is touched. Applies to pages written from now on (a
-- fresh database, the demo data and `npm run data:generate` load after this runs).
alter table goods set (fillfactor = 85);
alter table goods_stock set (fillfactor = 85);

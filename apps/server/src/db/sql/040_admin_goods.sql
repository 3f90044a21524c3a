-- Console goods list: newest edits first, one trigram index over everything an operator may
-- type (the expression of modules/catalog/admin-goods.ts searchText, character for character),
-- and prefix search of approval numbers.
create index if not exists goods_admin_updated on goods (updated_at desc, id desc);
create index if not exists goods_admin_search_trgm on goods using gin (
  (name || ' ' || common_name || ' ' || approval_no || ' ' || manufacturer || ' ' || name_pinyin || ' ' || name_initials || ' ' || sku) gin_trgm_ops
);
create index if not exists goods_approval_no_prefix on goods (approval_no text_pattern_ops);

-- Console dashboard (modules/dashboard): paid orders of the last 30 days by payment time.
create index if not exists orders_paid_at_idx on orders (paid_at) where paid_at is not null;

-- GSP records are kept, never edited or deleted (sales records and buyer qualifications, kept at
-- least five years): the shipping records are append-only, order lines are written once, orders
-- and shipments are never deleted, and a reviewed licence keeps what it said (its state may still
-- move on: approved -> replaced). Nobody, not even the application, gets round these.
create or replace function records_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% is a kept record: % refused', tg_table_name, tg_op;
end;
$$;

drop trigger if exists order_line_batches_kept on order_line_batches;
create trigger order_line_batches_kept before update or delete on order_line_batches
  for each row execute function records_refuse_change();
drop trigger if exists trace_codes_kept on trace_codes;
create trigger trace_codes_kept before update or delete on trace_codes
  for each row execute function records_refuse_change();
drop trigger if exists inspection_reports_kept on inspection_reports;
create trigger inspection_reports_kept before update or delete on inspection_reports
  for each row execute function records_refuse_change();
drop trigger if exists first_documents_kept on first_documents;
create trigger first_documents_kept before update or delete on first_documents
  for each row execute function records_refuse_change();
drop trigger if exists order_lines_kept on order_lines;
create trigger order_lines_kept before update or delete on order_lines
  for each row execute function records_refuse_change();
drop trigger if exists orders_kept on orders;
create trigger orders_kept before delete on orders
  for each row execute function records_refuse_change();
drop trigger if exists shipments_kept on shipments;
create trigger shipments_kept before delete on shipments
  for each row execute function records_refuse_change();
do $$
declare t text;
begin
  foreach t in array array['order_line_batches', 'trace_codes', 'inspection_reports', 'first_documents', 'order_lines', 'orders', 'shipments', 'qualifications'] loop
    execute format('drop trigger if exists %I on %I', t || '_no_truncate', t);
    execute format('create trigger %I before truncate on %I for each statement execute function records_refuse_change()', t || '_no_truncate', t);
  end loop;
end;
$$;

create or replace function qualifications_keep() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'qualifications is a kept record: DELETE refused';
  end if;
  if old.status <> 'pending' and (new.company_id, new.kind, new.number, new.file_id, new.expires_on)
      is distinct from (old.company_id, old.kind, old.number, old.file_id, old.expires_on) then
    raise exception 'qualifications: a reviewed licence is kept as it was reviewed';
  end if;
  return new;
end;
$$;
drop trigger if exists qualifications_kept on qualifications;
create trigger qualifications_kept before update or delete on qualifications
  for each row execute function qualifications_keep();

-- GSP records are kept, never edited or deleted (sales records and buyer qualifications, kept at
-- least five years): the shipping records are append-only, order lines are written once, orders
-- and shipments are never deleted, and a reviewed licence keeps what it said (its state may still
-- move on: approved -> replaced; a correction is a new row that supersedes it). Nobody, not even
-- the application, gets round these.
create or replace function records_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% is a kept record: % refused', tg_table_name, tg_op;
end;
$$;

do $$
declare t text;
begin
  -- Append-only: no update, no delete.
  foreach t in array array['order_line_batches', 'trace_codes', 'inspection_reports', 'first_documents', 'order_lines'] loop
    execute format('drop trigger if exists %I on %I', t || '_kept', t);
    execute format('create trigger %I before update or delete on %I for each row execute function records_refuse_change()', t || '_kept', t);
  end loop;
  -- Never deleted (their state still moves on).
  foreach t in array array['orders', 'shipments'] loop
    execute format('drop trigger if exists %I on %I', t || '_kept', t);
    execute format('create trigger %I before delete on %I for each row execute function records_refuse_change()', t || '_kept', t);
  end loop;
  -- And none of them, nor licences, truncated.
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
  -- Who reviewed it, when, why, and which version a correction supersedes are part of what was
  -- reviewed. A mistake is corrected by a new reviewed version (supersedes_id), never in place.
  if old.status <> 'pending' and (new.company_id, new.kind, new.number, new.file_id, new.expires_on,
      new.issuer, new.scopes, new.holder_name, new.holder_id_no, new.review_note, new.reviewed_at,
      new.reviewed_by, new.supersedes_id, new.correction_reason)
      is distinct from (old.company_id, old.kind, old.number, old.file_id, old.expires_on,
      old.issuer, old.scopes, old.holder_name, old.holder_id_no, old.review_note, old.reviewed_at,
      old.reviewed_by, old.supersedes_id, old.correction_reason) then
    raise exception 'qualifications: a reviewed licence is kept as it was reviewed';
  end if;
  return new;
end;
$$;
drop trigger if exists qualifications_kept on qualifications;
create trigger qualifications_kept before update or delete on qualifications
  for each row execute function qualifications_keep();

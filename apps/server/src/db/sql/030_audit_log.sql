-- The audit log is append-only: nobody, not even the application, updates or deletes a row.
create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % refused', tg_op;
end;
$$;
drop trigger if exists audit_log_append_only on audit_log;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_refuse_change();
drop trigger if exists audit_log_no_truncate on audit_log;
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse_change();

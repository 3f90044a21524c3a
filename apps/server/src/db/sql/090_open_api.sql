-- The open API's companies list (GET /api/open/v1/companies?updated_since=) pages by
-- companies.updated_at: every change of a company, or of one of its licences (a review, a
-- renewal, a correction), moves it, whichever module writes. Milliseconds, so the cursor (a
-- JavaScript date) names a row's time exactly.
create or replace function companies_touch() returns trigger language plpgsql as $$
begin
  new.updated_at := date_trunc('milliseconds', clock_timestamp());
  return new;
end;
$$;
drop trigger if exists companies_touch on companies;
create trigger companies_touch before insert or update on companies
  for each row execute function companies_touch();

create or replace function qualifications_touch_company() returns trigger language plpgsql as $$
begin
  update companies set updated_at = date_trunc('milliseconds', clock_timestamp()) where id = new.company_id;
  return null;
end;
$$;
drop trigger if exists qualifications_touch_company on qualifications;
create trigger qualifications_touch_company after insert or update on qualifications
  for each row execute function qualifications_touch_company();

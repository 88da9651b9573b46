-- A change to what a kept page shows says which space it touched (docs/decisions/0020): a
-- statement-level trigger on each table that the kept answers read (the dashboard, the vacancy
-- preview, the vacancy list) sends `pg_notify('page_data', <space id>)` for the spaces of the
-- rows it changed, and the server drops the pages it keeps for them
-- (src/lib/server/page-cache.ts). A row of no space (a staff account) or whose parent is gone
-- (a cascade, whose parent's own trigger names the space) sends nothing; the catalogue sends
-- '*', everything. NOTIFY is delivered on commit, and a transaction that sends one takes a
-- database-wide lock for its commit: so only these tables have triggers, not the busy ones no
-- kept page shows (audit, webhooks, bulk progress). A page that opts in to being kept reads
-- only tables listed here; a test lists the others.
CREATE OR REPLACE FUNCTION notify_page_data() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  space text;
BEGIN
  -- TG_ARGV[0] is the expression that gives a changed row's space; `changed` holds the rows
  -- (the new ones of an update, whose old ones are in `changed_before`)
  FOR space IN EXECUTE format(
    CASE WHEN TG_OP = 'UPDATE'
      THEN 'SELECT (%1$s)::text AS space FROM changed UNION SELECT (%1$s)::text FROM changed_before'
      ELSE 'SELECT DISTINCT (%1$s)::text AS space FROM changed'
    END, TG_ARGV[0])
  LOOP
    IF space IS NOT NULL THEN
      PERFORM pg_notify('page_data', space);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  watched record;
BEGIN
  FOR watched IN SELECT * FROM (VALUES
    ('spaces', 'id'),
    ('users', 'space_id'),
    ('invites', 'space_id'),
    ('cities', '''*'''),
    ('soft_skills', '''*'''),
    ('vacancies', 'space_id'),
    ('vacancy_customers', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('vacancy_invitees', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('vacancy_soft_skills', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('vacancy_comments', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('candidates', 'space_id'),
    ('vacancy_candidates', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('funnel_events', 'space_id'),
    ('ratings', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('pd_requests', '(SELECT c.space_id FROM candidates c WHERE c.id = candidate_id)'),
    ('consent_grants', '(SELECT c.space_id FROM candidates c WHERE c.id = candidate_id)'),
    ('chat_messages', 'space_id'),
    ('interviews', 'space_id'),
    ('interview_participants', '(SELECT i.space_id FROM interviews i WHERE i.id = interview_id)'),
    ('notifications', 'space_id')
  ) AS t(name, space)
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS page_data_insert ON %I', watched.name);
    EXECUTE format('DROP TRIGGER IF EXISTS page_data_update ON %I', watched.name);
    EXECUTE format('DROP TRIGGER IF EXISTS page_data_delete ON %I', watched.name);
    EXECUTE format('CREATE TRIGGER page_data_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_page_data(%L)', watched.name, watched.space);
    EXECUTE format('CREATE TRIGGER page_data_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_page_data(%L)', watched.name, watched.space);
    EXECUTE format('CREATE TRIGGER page_data_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_page_data(%L)', watched.name, watched.space);
  END LOOP;
END $$;

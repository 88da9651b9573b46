-- Every change to what a page shows says which space it touched: a statement-level trigger on
-- each table that pages read sends `pg_notify('page_data', <space id>)`, or '*' where the row
-- names no space (the catalogue, staff) or its parent is gone. NOTIFY is delivered on commit
-- and takes no lock, so a writer waits for nothing; the server drops the pages it keeps for that
-- space (src/lib/server/page-cache.ts, docs/decisions/0020). Tables no page shows (sessions,
-- codes, rate limits, browser reports) have no trigger; a test lists them.
CREATE OR REPLACE FUNCTION notify_page_data() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  space text;
BEGIN
  -- TG_ARGV[0] is the expression that gives a changed row's space; `changed` holds the rows
  -- (the new ones of an update, whose old ones are in `changed_before`)
  FOR space IN EXECUTE format(
    CASE WHEN TG_OP = 'UPDATE'
      THEN 'SELECT coalesce((%1$s)::text, ''*'') FROM changed UNION SELECT coalesce((%1$s)::text, ''*'') FROM changed_before'
      ELSE 'SELECT DISTINCT coalesce((%1$s)::text, ''*'') FROM changed'
    END, TG_ARGV[0])
  LOOP
    PERFORM pg_notify('page_data', space);
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
    ('app_settings', 'NULL'),
    ('resume_drafts', 'space_id'),
    ('invites', 'space_id'),
    ('cities', 'NULL'),
    ('soft_skills', 'NULL'),
    ('vacancies', 'space_id'),
    ('vacancy_customers', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('vacancy_invitees', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('vacancy_soft_skills', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('vacancy_comments', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('candidates', 'space_id'),
    ('vacancy_candidates', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('funnel_events', 'space_id'),
    ('ratings', '(SELECT v.space_id FROM vacancies v WHERE v.id = vacancy_id)'),
    ('applications', 'space_id'),
    ('pd_requests', '(SELECT c.space_id FROM candidates c WHERE c.id = candidate_id)'),
    ('consent_grants', '(SELECT c.space_id FROM candidates c WHERE c.id = candidate_id)'),
    ('chat_messages', 'space_id'),
    ('help_tickets', '(SELECT u.space_id FROM users u WHERE u.id = user_id)'),
    ('help_messages', '(SELECT u.space_id FROM help_tickets t JOIN users u ON u.id = t.user_id WHERE t.id = ticket_id)'),
    ('interviews', 'space_id'),
    ('interview_participants', '(SELECT i.space_id FROM interviews i WHERE i.id = interview_id)'),
    ('shortlists', 'space_id'),
    ('shortlist_candidates', '(SELECT s.space_id FROM shortlists s WHERE s.id = shortlist_id)'),
    ('notifications', 'space_id'),
    ('rights_links', '(SELECT c.space_id FROM candidates c WHERE c.id = candidate_id)'),
    ('rights_requests', 'space_id'),
    ('candidate_merges', 'space_id'),
    ('audit_events', 'space_id'),
    ('webhook_endpoints', 'space_id'),
    ('webhook_deliveries', '(SELECT e.space_id FROM webhook_endpoints e WHERE e.id = endpoint_id)'),
    ('bulk_operations', 'space_id')
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

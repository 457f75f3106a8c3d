CREATE TABLE "data_version_changes" (
	"topic" text NOT NULL
);--> statement-breakpoint
-- The database is now the only thing that moves a data version (docs/decisions/031-cache-versions-move-in-the-database.md):
-- every table whose rows feed a cached answer has statement-level triggers that queue their topics, only when rows
-- changed (0008's rule), and the queue is applied once, at commit. Nothing moves a version mid-transaction any more:
-- a transaction holds no lock on a version row until it commits, when it takes them in one order (by topic), so
-- two writes can no longer wait for each other across a version row and a data row (a join, which moved 'standings'
-- first and then locked its pool, against a result, which locks the pools first and then moved 'standings').
-- The first change of a topic in a transaction queues it; a transaction-local setting remembers that it is queued
-- (a rolled-back savepoint forgets both).
CREATE FUNCTION queue_data_version_changes(topics text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  queued text;
BEGIN
  FOREACH queued IN ARRAY topics LOOP
    IF current_setting('quiniela.queued_' || queued, true) IS DISTINCT FROM 'on' THEN
      PERFORM set_config('quiniela.queued_' || queued, 'on', true);
      INSERT INTO data_version_changes (topic) VALUES (queued);
    END IF;
  END LOOP;
END;
$$;--> statement-breakpoint
-- At commit (a deferred trigger, fired by the queue's first row): every queued topic gets a new token, in the order
-- of their names. A session listening on 'data_versions' (PGlite's only one, server/lib/data-versions.ts) hears of
-- each topic at that commit, before the write returns; PostgreSQL instances do not listen, they read the tokens.
CREATE FUNCTION apply_data_version_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topics text[];
  changed text;
BEGIN
  WITH queued AS (DELETE FROM data_version_changes RETURNING data_version_changes.topic)
  SELECT array_agg(DISTINCT queued.topic ORDER BY queued.topic) INTO topics FROM queued;
  IF topics IS NULL THEN RETURN NULL; END IF;
  FOREACH changed IN ARRAY topics LOOP
    PERFORM set_data_version(changed);
    -- Applied early (SET CONSTRAINTS … IMMEDIATE), a later change in the same transaction queues its topic again.
    PERFORM set_config('quiniela.queued_' || changed, '', true);
    IF 'data_versions' = ANY (ARRAY(SELECT pg_listening_channels())) THEN
      PERFORM pg_notify('data_versions', changed);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER data_version_changes_applied AFTER INSERT ON data_version_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION apply_data_version_changes();--> statement-breakpoint
-- 0008's trigger functions queue their topics (all the trigger's arguments) instead of setting them at once.
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN PERFORM queue_data_version_changes(TG_ARGV); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_data_version_for_live_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows WHERE expires_at > now()) THEN
    PERFORM queue_data_version_changes(ARRAY['accounts']);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A user's name is in the rankings too.
DROP TRIGGER users_updated_data_version ON users;--> statement-breakpoint
DROP TRIGGER users_deleted_data_version ON users;--> statement-breakpoint
CREATE TRIGGER users_updated_data_version AFTER UPDATE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts', 'standings');--> statement-breakpoint
CREATE TRIGGER users_deleted_data_version AFTER DELETE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts', 'standings');--> statement-breakpoint
-- Inserts move their topic too, but for sessions and users: a new one is in no cached answer (those reach them by a
-- key the new row brings, and a miss is never cached), and they are every sign-in's and sign-up's.
CREATE TRIGGER roles_inserted_data_version AFTER INSERT ON roles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER pools_inserted_data_version AFTER INSERT ON pools REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
-- The stored standings (rankings' points), moved by results, joins and recomputes.
CREATE TRIGGER standings_inserted_data_version AFTER INSERT ON standings REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER standings_updated_data_version AFTER UPDATE ON standings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER standings_deleted_data_version AFTER DELETE ON standings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
-- The match list.
CREATE TRIGGER matches_inserted_data_version AFTER INSERT ON matches REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('matches');--> statement-breakpoint
CREATE TRIGGER matches_updated_data_version AFTER UPDATE ON matches REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('matches');--> statement-breakpoint
CREATE TRIGGER matches_deleted_data_version AFTER DELETE ON matches REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('matches');

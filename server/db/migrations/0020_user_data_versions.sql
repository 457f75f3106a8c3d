CREATE TABLE "user_data_version_changes" (
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_data_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Each user's data version (docs/decisions/050-the-lists-a-user-opens-cached-by-their-version.md): the lists a user
-- opens on every start (joined and owned pools, a pool's detail, their picks) are cached by it. The statement
-- triggers below queue the users whose lists a statement changed; at commit, 0011's deferred apply gives each a new
-- value, in the order of their ids, so a pick moves only its own user's row (picks never wait on one shared row).
CREATE SEQUENCE "user_data_version_sequence";--> statement-breakpoint
CREATE FUNCTION apply_user_data_version_changes(listening boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  WITH queued AS (DELETE FROM user_data_version_changes RETURNING user_data_version_changes.user_id)
  SELECT array_agg(DISTINCT queued.user_id ORDER BY queued.user_id) INTO changed FROM queued;
  IF changed IS NULL THEN RETURN; END IF;
  INSERT INTO user_data_versions (user_id, version)
  SELECT id, nextval('user_data_version_sequence') FROM unnest(changed) AS id ORDER BY id
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  -- PGlite's sole session hears of each user before the write returns (server/lib/data-versions.ts).
  IF listening THEN PERFORM pg_notify('data_versions', 'user:' || id) FROM unnest(changed) AS id; END IF;
END;
$$;--> statement-breakpoint
-- 0011's apply, with the pseudo-topic 'users': its queue is the users queued in user_data_version_changes.
CREATE OR REPLACE FUNCTION apply_data_version_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topics text[];
  changed text;
  listening boolean := 'data_versions' = ANY (ARRAY(SELECT pg_listening_channels()));
BEGIN
  WITH queued AS (DELETE FROM data_version_changes RETURNING data_version_changes.topic)
  SELECT array_agg(DISTINCT queued.topic ORDER BY queued.topic) INTO topics FROM queued;
  IF topics IS NULL THEN RETURN NULL; END IF;
  FOREACH changed IN ARRAY topics LOOP
    -- Applied early (SET CONSTRAINTS … IMMEDIATE), a later change in the same transaction queues its topic again.
    PERFORM set_config('quiniela.queued_' || changed, '', true);
    IF changed = 'users' THEN
      PERFORM apply_user_data_version_changes(listening);
    ELSE
      PERFORM set_data_version(changed);
      IF listening THEN PERFORM pg_notify('data_versions', changed); END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The rows' own users: a pick is in its user's list, a membership in its user's joined pools.
CREATE FUNCTION queue_user_data_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  queued integer;
BEGIN
  INSERT INTO user_data_version_changes (user_id) SELECT DISTINCT changed_rows.user_id FROM changed_rows;
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN PERFORM queue_data_version_changes(ARRAY['users']); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A pool is in its creator's owned pools and in its participants' joined pools (its name, options, participant
-- count...). Its standings time is in neither list: a result moves it in every pool of the match, and moves no list.
CREATE FUNCTION queue_user_data_versions_of_pools() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  queued integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO user_data_version_changes (user_id)
    SELECT DISTINCT affected.user_id
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT o.creator_id UNION SELECT n.creator_id UNION SELECT p.user_id FROM pool_participants p WHERE p.pool_id = n.id
    ) AS affected(user_id)
    WHERE to_jsonb(o) - 'standings_updated_at' IS DISTINCT FROM to_jsonb(n) - 'standings_updated_at';
  ELSE
    -- A deleted pool's participants are queued by their own rows' deletion (the cascade) too.
    INSERT INTO user_data_version_changes (user_id)
    SELECT changed_rows.creator_id FROM changed_rows
    UNION SELECT p.user_id FROM pool_participants p JOIN changed_rows ON p.pool_id = changed_rows.id;
  END IF;
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN PERFORM queue_data_version_changes(ARRAY['users']); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER predictions_inserted_user_data_versions AFTER INSERT ON predictions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions();--> statement-breakpoint
CREATE TRIGGER predictions_updated_user_data_versions AFTER UPDATE ON predictions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions();--> statement-breakpoint
CREATE TRIGGER predictions_deleted_user_data_versions AFTER DELETE ON predictions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions();--> statement-breakpoint
CREATE TRIGGER pool_participants_inserted_user_data_versions AFTER INSERT ON pool_participants REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions();--> statement-breakpoint
CREATE TRIGGER pool_participants_updated_user_data_versions AFTER UPDATE ON pool_participants REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions();--> statement-breakpoint
CREATE TRIGGER pool_participants_deleted_user_data_versions AFTER DELETE ON pool_participants REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions();--> statement-breakpoint
CREATE TRIGGER pools_inserted_user_data_versions AFTER INSERT ON pools REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions_of_pools();--> statement-breakpoint
CREATE TRIGGER pools_updated_user_data_versions AFTER UPDATE ON pools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions_of_pools();--> statement-breakpoint
CREATE TRIGGER pools_deleted_user_data_versions AFTER DELETE ON pools REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_user_data_versions_of_pools();

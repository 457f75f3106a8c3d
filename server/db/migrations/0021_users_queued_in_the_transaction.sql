-- The users a transaction changed are queued in a transaction-local setting instead of a table (decision 057): a
-- pick's transaction no longer writes, then deletes, a queue row per user (two heap writes, their WAL, and dead rows
-- the next commit's `DELETE … RETURNING` scans past until a vacuum). Like 0011's topic flags, the setting is undone
-- with a rolled-back savepoint, and the 'users' pseudo-topic still fires 0011's deferred apply at commit.
-- Adds `users` to the transaction's queued users (each once) and queues the pseudo-topic.
CREATE FUNCTION queue_users(users integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(users) = 0 THEN RETURN; END IF;
  PERFORM set_config('quiniela.changed_users', (
    SELECT string_agg(DISTINCT id::text, ',')
    FROM unnest(users || string_to_array(nullif(current_setting('quiniela.changed_users', true), ''), ',')::integer[]) AS id
  ), true);
  PERFORM queue_data_version_changes(ARRAY['users']);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION apply_user_data_version_changes(listening boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- In the order of their ids: two commits take their users' rows in one order, so they cannot deadlock.
  changed integer[] := ARRAY(
    SELECT id FROM unnest(string_to_array(nullif(current_setting('quiniela.changed_users', true), ''), ',')::integer[]) AS id
    ORDER BY id
  );
BEGIN
  PERFORM set_config('quiniela.changed_users', '', true);
  IF cardinality(changed) = 0 THEN RETURN; END IF;
  INSERT INTO user_data_versions (user_id, version)
  SELECT id, nextval('user_data_version_sequence') FROM unnest(changed) AS id ORDER BY id
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  -- PGlite's sole session hears of each user before the write returns (server/lib/data-versions.ts).
  IF listening THEN PERFORM pg_notify('data_versions', 'user:' || id) FROM unnest(changed) AS id; END IF;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_user_data_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_users(ARRAY(SELECT DISTINCT changed_rows.user_id FROM changed_rows));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_user_data_versions_of_pools() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM queue_users(ARRAY(
      SELECT DISTINCT affected.user_id
      FROM old_rows o
      JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (
        SELECT o.creator_id UNION SELECT n.creator_id UNION SELECT p.user_id FROM pool_participants p WHERE p.pool_id = n.id
      ) AS affected(user_id)
      WHERE to_jsonb(o) - 'standings_updated_at' IS DISTINCT FROM to_jsonb(n) - 'standings_updated_at'
    ));
  ELSE
    -- A deleted pool's participants are queued by their own rows' deletion (the cascade) too.
    PERFORM queue_users(ARRAY(
      SELECT changed_rows.creator_id FROM changed_rows
      UNION SELECT p.user_id FROM pool_participants p JOIN changed_rows ON p.pool_id = changed_rows.id
    ));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TABLE "user_data_version_changes";

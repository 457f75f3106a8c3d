-- 0007's triggers replaced a data version after every statement, even one that changed no row: each instance's
-- sweep of expired sessions flushed every instance's session cache. Now a version changes only when rows did
-- (transition tables allow one event per trigger, so one trigger per event, each naming its rows changed_rows),
-- and an ended session only while it was live: an expired one is refused by its expiry, cached or not.
DROP TRIGGER sessions_data_version ON sessions;--> statement-breakpoint
DROP TRIGGER users_data_version ON users;--> statement-breakpoint
DROP TRIGGER roles_data_version ON roles;--> statement-breakpoint
DROP TRIGGER pool_participants_data_version ON pool_participants;--> statement-breakpoint
DROP TRIGGER pools_data_version ON pools;--> statement-breakpoint
DROP FUNCTION bump_data_version();--> statement-breakpoint
CREATE FUNCTION set_data_version(topic text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO app_settings (key, value) VALUES ('data-version:' || topic, gen_random_uuid()::text)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
$$;--> statement-breakpoint
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN PERFORM set_data_version(TG_ARGV[0]); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION bump_data_version_for_live_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows WHERE expires_at > now()) THEN PERFORM set_data_version('accounts'); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_updated_data_version AFTER UPDATE ON sessions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER sessions_deleted_data_version AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_for_live_sessions();--> statement-breakpoint
CREATE TRIGGER users_updated_data_version AFTER UPDATE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER users_deleted_data_version AFTER DELETE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER roles_updated_data_version AFTER UPDATE ON roles REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER roles_deleted_data_version AFTER DELETE ON roles REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER pool_participants_inserted_data_version AFTER INSERT ON pool_participants REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER pool_participants_updated_data_version AFTER UPDATE ON pool_participants REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER pool_participants_deleted_data_version AFTER DELETE ON pool_participants REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER pools_updated_data_version AFTER UPDATE ON pools REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER pools_deleted_data_version AFTER DELETE ON pools REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
-- Indexes for the maintenance sweeps (server/maintenance.ts), which otherwise scan their whole tables.
CREATE INDEX "match_reminders_sent_at_idx" ON "match_reminders" USING btree ("sent_at") WHERE "match_reminders"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_start_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_at_idx" ON "webauthn_challenges" USING btree ("expires_at");
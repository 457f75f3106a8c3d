-- Data versions (server/lib/data-versions.ts) replaced by the database, in the writing transaction itself, for
-- the writes that revoke access: a session ended, an account or a role changed or deleted, a membership or a pool
-- changed. The app also replaces them after each commit; done here as well, an instance that dies between its
-- commit and that replacement cannot leave the other instances trusting a cached session or member list.
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_settings (key, value) VALUES ('data-version:' || TG_ARGV[0], gen_random_uuid()::text)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_data_version AFTER UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER users_data_version AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER roles_data_version AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('accounts');--> statement-breakpoint
CREATE TRIGGER pool_participants_data_version AFTER INSERT OR UPDATE OR DELETE ON pool_participants
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER pools_data_version AFTER UPDATE OR DELETE ON pools
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');

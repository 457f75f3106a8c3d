CREATE TABLE "pool_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_messages_text_length" CHECK (char_length("pool_messages"."text") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "pool_messages" ADD CONSTRAINT "pool_messages_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_messages" ADD CONSTRAINT "pool_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_messages" ADD CONSTRAINT "pool_messages_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pool_messages_pool_id_idx" ON "pool_messages" USING btree ("pool_id","id");--> statement-breakpoint
CREATE INDEX "pool_messages_pool_match_idx" ON "pool_messages" USING btree ("pool_id","match_id","id");--> statement-breakpoint
-- The live channel (docs/decisions/045-live-updates-carry-versions-not-tables.md): the database says what changed,
-- on channel 'pool_live', at the commit of the write, whoever made it (an admin's result, an import, a repair in
-- SQL). Each payload is a small JSON object, never a table: a pool's ranking moved (its new standings time), a
-- match's score or status changed, a wall message came or went. Every instance listens (PGlite: its own session;
-- PostgreSQL: one dedicated connection per instance) and tells only its own subscribers.
CREATE FUNCTION notify_live_rankings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pool_live', json_build_object('kind', 'ranking', 'poolId', n.id,
    'version', (extract(epoch FROM n.standings_updated_at) * 1000)::bigint)::text)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.standings_updated_at IS DISTINCT FROM o.standings_updated_at;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER pools_live_rankings AFTER UPDATE ON pools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_live_rankings();--> statement-breakpoint
CREATE FUNCTION notify_live_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pool_live', json_build_object('kind', 'match', 'matchId', n.id, 'competition', n.competition,
    'weekNumber', n.week_number)::text)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.status, n.score_home, n.score_away, n.week_number) IS DISTINCT FROM (o.status, o.score_home, o.score_away, o.week_number);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER matches_live_results AFTER UPDATE ON matches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_live_matches();--> statement-breakpoint
CREATE FUNCTION notify_live_wall() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pool_live', json_build_object('kind', 'wall', 'poolId', r.pool_id, 'messageId', r.id,
    'matchId', r.match_id, 'deleted', TG_OP = 'DELETE')::text)
  FROM changed_rows r;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER pool_messages_live_insert AFTER INSERT ON pool_messages REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_live_wall();--> statement-breakpoint
CREATE TRIGGER pool_messages_live_delete AFTER DELETE ON pool_messages REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_live_wall();

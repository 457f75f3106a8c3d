CREATE TABLE "round_standings" (
	"pool_id" integer NOT NULL,
	"week_number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"correct_picks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "round_standings_pool_id_week_number_user_id_pk" PRIMARY KEY("pool_id","week_number","user_id")
);
--> statement-breakpoint
ALTER TABLE "round_standings" ADD CONSTRAINT "round_standings_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_standings" ADD CONSTRAINT "round_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_standings_user_id_idx" ON "round_standings" USING btree ("user_id");--> statement-breakpoint
-- Backfill: every pool's scoring picks on finished matches, by jornada, with the scoring rule of
-- server/modules/leaderboard/scoring.ts as it stands (3 points per correct outcome; the app's recompute is the
-- same rule, written once there). Only participants' picks count, as in `standings`; rows that score nothing are not kept.
INSERT INTO "round_standings" ("pool_id", "week_number", "user_id", "points", "correct_picks")
SELECT p.pool_id, m.week_number, p.user_id, sum(3 * s.correct)::int, sum(s.correct)::int
FROM predictions p
JOIN pool_participants pp ON pp.pool_id = p.pool_id AND pp.user_id = p.user_id
JOIN matches m ON m.id = p.match_id AND m.status = 'finished'
CROSS JOIN LATERAL (
  SELECT CASE WHEN p.prediction = CASE WHEN m.score_home > m.score_away THEN 'home'
                                       WHEN m.score_home < m.score_away THEN 'away'
                                       WHEN m.score_home = m.score_away THEN 'draw' END
              THEN 1 ELSE 0 END AS correct
) s
GROUP BY p.pool_id, m.week_number, p.user_id
HAVING sum(s.correct) <> 0;--> statement-breakpoint
-- The per-jornada tables, the general table's movement and jornadas won are cached answers of 'standings'
-- (docs/decisions/031-cache-versions-move-in-the-database.md, 039-jornada-rankings.md).
CREATE TRIGGER round_standings_inserted_data_version AFTER INSERT ON round_standings REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER round_standings_updated_data_version AFTER UPDATE ON round_standings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');--> statement-breakpoint
CREATE TRIGGER round_standings_deleted_data_version AFTER DELETE ON round_standings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('standings');

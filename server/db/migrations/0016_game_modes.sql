ALTER TABLE "pools" ADD COLUMN "game_mode" text DEFAULT 'outcome' NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "points_preset" text;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "points_exact" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "points_difference" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "points_outcome" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "points_team_goals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "joker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "knockout_from_week" integer;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "score_home" integer;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "score_away" integer;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "joker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_game_mode" CHECK ("pools"."game_mode" in ('outcome', 'exactScore'));--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_points_range" CHECK (least("pools"."points_exact", "pools"."points_difference", "pools"."points_outcome", "pools"."points_team_goals") >= 0 and greatest("pools"."points_exact", "pools"."points_difference", "pools"."points_outcome", "pools"."points_team_goals") <= 10);--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_score" CHECK (("predictions"."score_home" is null and "predictions"."score_away" is null) or ("predictions"."score_home" between 0 and 20 and "predictions"."score_away" between 0 and 20 and "predictions"."prediction" = case when "predictions"."score_home" > "predictions"."score_away" then 'home' when "predictions"."score_home" < "predictions"."score_away" then 'away' else 'draw' end));
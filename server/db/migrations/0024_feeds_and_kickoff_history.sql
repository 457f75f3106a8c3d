CREATE TABLE "match_kickoff_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"changed_by" integer,
	"source" text NOT NULL,
	"old_match_date" timestamp with time zone NOT NULL,
	"old_kickoff_confirmed" boolean NOT NULL,
	"new_match_date" timestamp with time zone NOT NULL,
	"new_kickoff_confirmed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "kickoff_source" text;--> statement-breakpoint
ALTER TABLE "match_kickoff_changes" ADD CONSTRAINT "match_kickoff_changes_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_kickoff_changes" ADD CONSTRAINT "match_kickoff_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_kickoff_changes_match_id_idx" ON "match_kickoff_changes" USING btree ("match_id");
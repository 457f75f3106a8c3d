-- Who set a match's kick-off by hand (docs/decisions/063-results-only-after-kick-off-and-kept-kick-off-corrections.md): an
-- import keeps a kick-off an admin corrected, as it keeps a result an admin corrected (match_result_changes).
ALTER TABLE "matches" ADD COLUMN "kickoff_corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "kickoff_corrected_by" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_kickoff_corrected_by_users_id_fk" FOREIGN KEY ("kickoff_corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
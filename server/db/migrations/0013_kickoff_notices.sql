CREATE TABLE "kickoff_notices" (
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kickoff_notices_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
ALTER TABLE "kickoff_notices" ADD CONSTRAINT "kickoff_notices_favorite_fk" FOREIGN KEY ("user_id","match_id") REFERENCES "public"."favorite_matches"("user_id","match_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kickoff_notices_pending_idx" ON "kickoff_notices" USING btree ("match_id") WHERE "kickoff_notices"."sent_at" is null;--> statement-breakpoint
-- "Hora confirmada" (docs/decisions/034-the-kick-off-confirmed-notice-is-queued-by-the-database.md): when a match's
-- kick-off time goes from not confirmed to confirmed, in that same transaction, whoever wrote it (an admin's edit, an
-- import, a hand-made fix), every favourite of the match with a reminder still pending gets one notice, which an
-- instance's reminder scheduler claims once and pushes. A finished match gets none. A kick-off that was confirmed
-- already and moves gets none (its reminders move with it), and a notice made once is never made again for that
-- favourite (the primary key).
CREATE FUNCTION queue_kickoff_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kickoff_notices (user_id, match_id)
  SELECT f.user_id, f.match_id
  FROM favorite_matches f
  WHERE f.match_id = NEW.id
    AND EXISTS (
      SELECT 1 FROM match_reminders r
      WHERE r.user_id = f.user_id AND r.match_id = f.match_id AND r.sent_at IS NULL
    )
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER matches_kickoff_confirmed AFTER UPDATE OF kickoff_confirmed ON matches
  FOR EACH ROW WHEN (NOT OLD.kickoff_confirmed AND NEW.kickoff_confirmed AND NEW.status <> 'finished')
  EXECUTE FUNCTION queue_kickoff_notices();

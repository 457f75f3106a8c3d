-- Favourites on the server, so they follow their user (not the device) and come back on sign-in.
CREATE TABLE "favorite_matches" (
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_matches_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
ALTER TABLE "favorite_matches" ADD CONSTRAINT "favorite_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_matches" ADD CONSTRAINT "favorite_matches_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_matches_match_id_idx" ON "favorite_matches" USING btree ("match_id");--> statement-breakpoint
-- Favourites saved before this migration are the matches their users have reminders for.
INSERT INTO "favorite_matches" ("user_id", "match_id", "created_at")
SELECT "user_id", "match_id", min("created_at") FROM "match_reminders" GROUP BY "user_id", "match_id"
ON CONFLICT DO NOTHING;

CREATE TABLE "pool_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pool_participants" ADD COLUMN "starting_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "edit_until_kickoff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "close_minutes_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "creator_plays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "late_joiners" text DEFAULT 'zero' NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_notices" ADD CONSTRAINT "pool_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pool_notices_user_id_idx" ON "pool_notices" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_close_minutes_before" CHECK ("pools"."close_minutes_before" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_late_joiners" CHECK ("pools"."late_joiners" in ('zero', 'lowest'));
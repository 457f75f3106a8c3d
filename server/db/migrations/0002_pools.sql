CREATE TABLE "pool_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"max_participants" integer DEFAULT 20 NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"invitation_code" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pools_invitation_code_unique" UNIQUE("invitation_code"),
	CONSTRAINT "pools_code_range" CHECK ("pools"."invitation_code" between 100000 and 999999),
	CONSTRAINT "pools_capacity" CHECK ("pools"."participant_count" between 0 and "pools"."max_participants"),
	CONSTRAINT "pools_max_range" CHECK ("pools"."max_participants" between 2 and 1000)
);
--> statement-breakpoint
ALTER TABLE "pool_participants" ADD CONSTRAINT "pool_participants_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_participants" ADD CONSTRAINT "pool_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pool_participants_pool_user_uq" ON "pool_participants" USING btree ("pool_id","user_id");--> statement-breakpoint
CREATE INDEX "pool_participants_user_id_idx" ON "pool_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pools_creator_id_idx" ON "pools" USING btree ("creator_id");
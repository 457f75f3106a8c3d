CREATE TABLE "notification_opt_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pool_id" integer,
	"kind" text NOT NULL,
	CONSTRAINT "notification_opt_outs_kind" CHECK (("notification_opt_outs"."kind" = 'favorite-reminders' and "notification_opt_outs"."pool_id" is null) or ("notification_opt_outs"."kind" in ('missing-picks', 'jornada-results') and "notification_opt_outs"."pool_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "pool_pushes" (
	"user_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"kind" text NOT NULL,
	"competition" text NOT NULL,
	"week_number" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pool_pushes_pool_id_kind_competition_week_number_user_id_pk" PRIMARY KEY("pool_id","kind","competition","week_number","user_id"),
	CONSTRAINT "pool_pushes_kind" CHECK ("pool_pushes"."kind" in ('missing-picks-24h', 'missing-picks-1h', 'jornada-result'))
);
--> statement-breakpoint
ALTER TABLE "notification_opt_outs" ADD CONSTRAINT "notification_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opt_outs" ADD CONSTRAINT "notification_opt_outs_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_pushes" ADD CONSTRAINT "pool_pushes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_pushes" ADD CONSTRAINT "pool_pushes_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_opt_outs_user_kind_uq" ON "notification_opt_outs" USING btree ("user_id","kind") WHERE "notification_opt_outs"."pool_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_opt_outs_user_pool_kind_uq" ON "notification_opt_outs" USING btree ("user_id","pool_id","kind") WHERE "notification_opt_outs"."pool_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_opt_outs_pool_id_idx" ON "notification_opt_outs" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "pool_pushes_user_id_idx" ON "pool_pushes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pool_pushes_sent_at_idx" ON "pool_pushes" USING btree ("sent_at");
-- "Mi jugada" (docs/decisions/081-one-set-of-picks-for-several-pools.md): a player's jugada of a competition (no row, the
-- default, copies nothing) and, on a pick, the pool it was copied from (null for a pick saved in its own pool).
CREATE TABLE "jugadas" (
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"source_pool_id" integer NOT NULL,
	"target_pool_ids" integer[] NOT NULL,
	"same_everywhere" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jugadas_user_id_scope_pk" PRIMARY KEY("user_id","scope"),
	CONSTRAINT "jugadas_targets" CHECK (cardinality("jugadas"."target_pool_ids") between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "copied_from_pool_id" integer;--> statement-breakpoint
ALTER TABLE "jugadas" ADD CONSTRAINT "jugadas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jugadas" ADD CONSTRAINT "jugadas_source_pool_id_pools_id_fk" FOREIGN KEY ("source_pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jugadas_user_source_uq" ON "jugadas" USING btree ("user_id","source_pool_id");--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_copied_from_pool_id_pools_id_fk" FOREIGN KEY ("copied_from_pool_id") REFERENCES "public"."pools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "predictions_copied_from_idx" ON "predictions" USING btree ("copied_from_pool_id") WHERE "predictions"."copied_from_pool_id" is not null;
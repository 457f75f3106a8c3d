-- A pool's bote (docs/decisions/079-a-prize-pot-that-moves-no-money.md): its settings, no row for a pool without one
-- (the default), and who the organiser marked as paid, a row that goes with the participation it belongs to.
CREATE TABLE "pool_pot_payments" (
	"pool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_pot_payments_pool_id_user_id_pk" PRIMARY KEY("pool_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pool_pots" (
	"pool_id" integer PRIMARY KEY NOT NULL,
	"entry_cents" integer NOT NULL,
	"position_shares" jsonb NOT NULL,
	"jornada_share" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pool_pots_entry_range" CHECK ("pool_pots"."entry_cents" between 100 and 10000000),
	CONSTRAINT "pool_pots_jornada_share_range" CHECK ("pool_pots"."jornada_share" between 0 and 99)
);
--> statement-breakpoint
ALTER TABLE "pool_pot_payments" ADD CONSTRAINT "pool_pot_payments_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_pot_payments" ADD CONSTRAINT "pool_pot_payments_pool_id_user_id_pool_participants_pool_id_user_id_fk" FOREIGN KEY ("pool_id","user_id") REFERENCES "public"."pool_participants"("pool_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_pots" ADD CONSTRAINT "pool_pots_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;

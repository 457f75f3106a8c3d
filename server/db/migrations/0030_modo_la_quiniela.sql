CREATE TABLE "boleto_matches" (
	"pool_id" integer NOT NULL,
	"number" integer NOT NULL,
	"position" integer NOT NULL,
	"match_id" integer NOT NULL,
	CONSTRAINT "boleto_matches_pool_id_number_position_pk" PRIMARY KEY("pool_id","number","position"),
	CONSTRAINT "boleto_matches_number" CHECK ("boleto_matches"."number" between 1 and 99),
	CONSTRAINT "boleto_matches_position" CHECK ("boleto_matches"."position" between 1 and 15)
);
--> statement-breakpoint
ALTER TABLE "pools" DROP CONSTRAINT "pools_game_mode";--> statement-breakpoint
ALTER TABLE "boleto_matches" ADD CONSTRAINT "boleto_matches_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boleto_matches" ADD CONSTRAINT "boleto_matches_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boleto_matches_pool_match_uq" ON "boleto_matches" USING btree ("pool_id","match_id");--> statement-breakpoint
CREATE INDEX "boleto_matches_match_id_idx" ON "boleto_matches" USING btree ("match_id");--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_game_mode" CHECK ("pools"."game_mode" in ('outcome', 'exactScore', 'laQuiniela'));
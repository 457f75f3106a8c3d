-- A pool belongs to a competition and counts it from one round on (docs/decisions/036-a-pool-belongs-to-a-competition.md).
-- Pools that exist already keep both null: they count every match, as they did.
ALTER TABLE "pools" ADD COLUMN "competition" text;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "from_week" integer;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_competition_from_week" CHECK (("pools"."competition" is null) = ("pools"."from_week" is null));

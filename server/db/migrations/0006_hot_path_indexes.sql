-- Indexes for the hot paths measured by bench/plans.ts (docs/benchmarks.md, "Indexes and query plans").
DROP INDEX "predictions_match_id_idx";--> statement-breakpoint
DROP INDEX "standings_ranking_idx";--> statement-breakpoint
CREATE INDEX "predictions_match_pool_idx" ON "predictions" USING btree ("match_id","pool_id");
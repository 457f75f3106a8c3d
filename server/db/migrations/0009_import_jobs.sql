CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"progress_done" integer,
	"progress_total" integer,
	"summary" jsonb,
	"error" text,
	CONSTRAINT "import_jobs_status" CHECK ("import_jobs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_started_at_idx" ON "import_jobs" USING btree ("started_at");
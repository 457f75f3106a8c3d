-- A pool's bonus questions and their answers (docs/decisions/080-bonus-questions.md): no row, no question (the
-- default). An answer's points are part of its player's standings, moved with them in one transaction.
CREATE TABLE "bonus_answers" (
	"question_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"points" integer,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_answers_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bonus_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"week_number" integer,
	"choices" jsonb,
	"points" integer NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"correct" jsonb,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_questions_points_range" CHECK ("bonus_questions"."points" between 1 and 100),
	CONSTRAINT "bonus_questions_kind" CHECK ("bonus_questions"."kind" in ('champion', 'relegated', 'jornada-leader', 'jornada-goals', 'free'))
);
--> statement-breakpoint
ALTER TABLE "bonus_answers" ADD CONSTRAINT "bonus_answers_question_id_bonus_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bonus_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_answers" ADD CONSTRAINT "bonus_answers_pool_id_user_id_pool_participants_pool_id_user_id_fk" FOREIGN KEY ("pool_id","user_id") REFERENCES "public"."pool_participants"("pool_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_questions" ADD CONSTRAINT "bonus_questions_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_answers_pool_user_idx" ON "bonus_answers" USING btree ("pool_id","user_id");--> statement-breakpoint
CREATE INDEX "bonus_questions_pool_idx" ON "bonus_questions" USING btree ("pool_id");--> statement-breakpoint
-- Whether a pool has questions shapes its cached ranking (the "Extra" column): a cached answer of 'standings'
-- (docs/decisions/031-cache-versions-move-in-the-database.md). Answers' points move 'standings' through the standings
-- rows they are written with.
DO $$
DECLARE
  event text;
BEGIN
  FOREACH event IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
    EXECUTE format(
      'CREATE TRIGGER bonus_questions_%s_data_version AFTER %s ON bonus_questions REFERENCING %s TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(''standings'')',
      event, upper(event), CASE event WHEN 'insert' THEN 'NEW' ELSE 'OLD' END);
  END LOOP;
END;
$$;

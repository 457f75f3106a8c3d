import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { BonusAnswer, BonusCorrect, BonusKind } from '#contract/index';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { bonusAnswers, bonusQuestions, pools, standings, users } from '../../db/schema.ts';
import { scoreAnswer } from './bonus-rules.ts';

export type StoredQuestion = typeof bonusQuestions.$inferSelect & { kind: BonusKind };
export type QuestionValues = Pick<StoredQuestion, 'kind' | 'prompt' | 'weekNumber' | 'choices' | 'points' | 'closesAt'>;

/** `{1,2,NULL}`: a PostgreSQL array literal of whole numbers, for `unnest`. */
const intArray = (values: readonly (number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/** A pool's bonus questions and answers as stored (docs/decisions/080-bonus-questions.md). */
export function createBonusRepository(db: Database) {
  const asQuestion = (row: typeof bonusQuestions.$inferSelect) => row as StoredQuestion;

  /**
   * Sets question `question`'s right answer (null: not decided, or no longer) and gives each of its answers the
   * points it earns, moving each player's standing by the difference in the same transaction: the standings stay
   * what `standings.recompute` would make of the picks and the answers' points.
   */
  async function applySettlement(
    tx: Executor,
    question: Pick<StoredQuestion, 'id' | 'poolId' | 'kind' | 'points'>,
    correct: BonusCorrect | null,
    now: Date,
  ): Promise<void> {
    await tx
      .update(bonusQuestions)
      .set({ correct, settledAt: correct ? now : null })
      .where(eq(bonusQuestions.id, question.id));
    const answers = await tx
      .select({ userId: bonusAnswers.userId, answer: bonusAnswers.answer, points: bonusAnswers.points })
      .from(bonusAnswers)
      .where(eq(bonusAnswers.questionId, question.id))
      .for('update');
    const changed = answers
      .map((a) => ({ ...a, next: correct ? scoreAnswer(question.kind, question.points, correct, a.answer) : null }))
      .filter((a) => a.next !== a.points);
    if (changed.length === 0) return;
    const userIds = intArray(changed.map((a) => a.userId));
    await tx.execute(sql`
      update ${bonusAnswers} a set points = v.points
      from unnest(${userIds}::int[], ${intArray(changed.map((a) => a.next))}::int[]) as v(user_id, points)
      where a.question_id = ${question.id} and a.user_id = v.user_id
    `);
    const moved = changed.filter((a) => (a.next ?? 0) !== (a.points ?? 0));
    if (moved.length === 0) return;
    await tx.execute(sql`
      update ${standings} s set points = s.points + d.delta, updated_at = ${now.toISOString()}::timestamptz
      from unnest(${intArray(moved.map((a) => a.userId))}::int[], ${intArray(moved.map((a) => (a.next ?? 0) - (a.points ?? 0)))}::int[]) as d(user_id, delta)
      where s.pool_id = ${question.poolId} and s.user_id = d.user_id
    `);
  }

  return {
    applySettlement,

    async list(poolId: number): Promise<StoredQuestion[]> {
      const rows = await db
        .select()
        .from(bonusQuestions)
        .where(eq(bonusQuestions.poolId, poolId))
        .orderBy(asc(bonusQuestions.closesAt), asc(bonusQuestions.id));
      return rows.map(asQuestion);
    },

    async find(poolId: number, questionId: number): Promise<StoredQuestion | undefined> {
      const [row] = await db
        .select()
        .from(bonusQuestions)
        .where(and(eq(bonusQuestions.poolId, poolId), eq(bonusQuestions.id, questionId)));
      return row && asQuestion(row);
    },

    async count(poolId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(bonusQuestions).where(eq(bonusQuestions.poolId, poolId));
      return row?.n ?? 0;
    },

    async insert(poolId: number, values: QuestionValues): Promise<StoredQuestion> {
      const [row] = await db
        .insert(bonusQuestions)
        .values({ poolId, ...values })
        .returning();
      return asQuestion(row!);
    },

    /** Changes a question still open at `now` (false: it closed meanwhile); another question loses its answers. */
    async update(questionId: number, values: QuestionValues, now: Date, clearAnswers: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(bonusQuestions)
          .set(values)
          .where(
            and(eq(bonusQuestions.id, questionId), sql`${bonusQuestions.closesAt} > ${now.toISOString()}::timestamptz`),
          )
          .returning({ id: bonusQuestions.id });
        if (rows.length > 0 && clearAnswers)
          await tx.delete(bonusAnswers).where(eq(bonusAnswers.questionId, questionId));
        return rows.length > 0;
      });
    },

    /** Deletes a question still open at `now` (no answer of it has points yet), with its answers. */
    async remove(questionId: number, now: Date): Promise<boolean> {
      const rows = await db
        .delete(bonusQuestions)
        .where(
          and(eq(bonusQuestions.id, questionId), sql`${bonusQuestions.closesAt} > ${now.toISOString()}::timestamptz`),
        )
        .returning({ id: bonusQuestions.id });
      return rows.length > 0;
    },

    /** How many answered each of the pool's questions (or only `questionId`). */
    async answerCounts(poolId: number, questionId?: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ questionId: bonusAnswers.questionId, n: count() })
        .from(bonusAnswers)
        .where(
          and(eq(bonusAnswers.poolId, poolId), questionId === undefined ? undefined : eq(bonusAnswers.questionId, questionId)),
        )
        .groupBy(bonusAnswers.questionId);
      return new Map(rows.map((r) => [r.questionId, r.n]));
    },

    /** One player's answers in the pool, by question. */
    async answersBy(
      poolId: number,
      userId: number,
    ): Promise<Map<number, { answer: BonusAnswer; points: number | null }>> {
      const rows = await db
        .select({ questionId: bonusAnswers.questionId, answer: bonusAnswers.answer, points: bonusAnswers.points })
        .from(bonusAnswers)
        .where(and(eq(bonusAnswers.poolId, poolId), eq(bonusAnswers.userId, userId)));
      return new Map(rows.map((r) => [r.questionId, { answer: r.answer, points: r.points }]));
    },

    /**
     * A page of everyone's answers by name to each of `questionIds` (only ever asked for closed questions): `limit`
     * from `offset` of each, in name order. Each question's page is read apart, so a question answered by 10,000
     * players costs one bounded read, not 10,000 rows.
     */
    async answerPages(questionIds: readonly number[], { limit, offset }: { limit: number; offset: number }) {
      if (questionIds.length === 0) return [];
      const rows = await queryRows<{
        question_id: number;
        user_id: number;
        username: string;
        answer: BonusAnswer;
        points: number | null;
      }>(
        db,
        sql`
        select q.id as question_id, p.user_id, p.username, p.answer, p.points
        from unnest(${intArray(questionIds)}::int[]) with ordinality as q(id, n)
        cross join lateral (
          select a.user_id, u.name as username, a.answer, a.points
          from ${bonusAnswers} a join ${users} u on u.id = a.user_id
          where a.question_id = q.id
          order by u.name, u.id
          limit ${limit} offset ${offset}
        ) p
        order by q.n, p.username, p.user_id`,
      );
      return rows.map((r) => ({
        questionId: Number(r.question_id),
        userId: Number(r.user_id),
        username: r.username,
        answer: r.answer,
        points: r.points === null ? null : Number(r.points),
      }));
    },

    /**
     * Saves a participant's answer if the question is still open at `now` (by the database, in the same statement):
     * 'closed' after; 'kept' when one exists and `change` is false.
     */
    async saveAnswer(
      question: Pick<StoredQuestion, 'id' | 'poolId'>,
      userId: number,
      answer: BonusAnswer,
      change: boolean,
      now: Date,
    ): Promise<'saved' | 'kept' | 'closed'> {
      const at = now.toISOString();
      const rows = await queryRows<{ saved: boolean }>(
        db,
        sql`
        with open as (
          select 1 from ${bonusQuestions} where id = ${question.id} and closes_at > ${at}::timestamptz
        ), saved as (
          insert into ${bonusAnswers} (question_id, pool_id, user_id, answer, answered_at)
          select ${question.id}, ${question.poolId}, ${userId}, ${JSON.stringify(answer)}::jsonb, ${at}::timestamptz
          where exists (select 1 from open)
          on conflict (question_id, user_id) do ${change ? sql`update set answer = excluded.answer, answered_at = excluded.answered_at` : sql`nothing`}
          returning 1
        )
        select exists (select 1 from saved) as saved, exists (select 1 from open) as open
      `,
      );
      const row = rows[0] as { saved: boolean; open: boolean } | undefined;
      if (!row?.open) return 'closed';
      return row.saved ? 'saved' : 'kept';
    },

    /** The template questions of the pools that play `competition`: what a result of it may settle. */
    async templatesOf(tx: Executor, competition: string): Promise<StoredQuestion[]> {
      const rows = await tx
        .select({ question: bonusQuestions })
        .from(bonusQuestions)
        .innerJoin(pools, eq(pools.id, bonusQuestions.poolId))
        .where(and(eq(pools.competition, competition), sql`${bonusQuestions.kind} <> 'free'`));
      return rows.map((r) => asQuestion(r.question));
    },
  };
}

export type BonusRepository = ReturnType<typeof createBonusRepository>;

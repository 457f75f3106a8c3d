import {
  BONUS_ANSWERS_PAGE,
  bonusLimits,
  bonusMessages,
  bonusPointsRule,
  bonusPrompt,
  hasLeagueTable,
  isTemplate,
  poolMessages,
  type BonusAnswer,
  type BonusAnswersPage,
  type BonusAnswersQuery,
  type BonusBoard,
  type BonusQuestion,
  type BonusQuestionBody,
  type Pool,
  type UserProfile,
} from '#contract/index';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { CompetitionsRepository } from '../matches/competitions.repository.ts';
import { canManage } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import { answerTypeOf, cleanAnswer, lastNeededKickoff, settleTemplate } from './bonus-rules.ts';
import type { BonusRepository, QuestionValues, StoredQuestion } from './bonus.repository.ts';

interface Deps {
  db: Database;
  bonus: BonusRepository;
  pools: Pick<PoolsRepository, 'findById' | 'isParticipant' | 'startsAt'>;
  competitions: Pick<CompetitionsRepository, 'tableMatches'>;
  clock: Clock;
}

const answerErrors = {
  team: bonusMessages.answerTeam,
  teams: bonusMessages.answerTeams,
  number: bonusMessages.answerNumber,
  choice: bonusMessages.answerChoice,
  text: bonusMessages.answerText,
} as const;

/** Template questions settle by themselves from these competitions' results (decision 076's tables). */
const templatesFor = (pool: Pick<Pool, 'competition'>) => pool.competition !== null && hasLeagueTable(pool.competition);

/**
 * "Preguntas extra" (docs/decisions/080-bonus-questions.md): the organiser (creator or admin) adds, changes and
 * deletes a pool's questions until they close and settles the free ones by hand; the participants answer until the
 * close; nobody sees another's answer before it. A template settles in the transaction of the result that decides it.
 */
export function createBonusService({ db, bonus, pools, competitions, clock }: Deps) {
  /** The pool and what the actor is in it: 404 for someone who is neither its organiser nor a participant. */
  const access = async (actor: UserProfile, poolId: number) => {
    const pool = await pools.findById(poolId);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    const manages = canManage(actor, pool);
    const plays = await pools.isParticipant(poolId, actor.id);
    if (!manages && !plays) throw new NotFoundError(poolMessages.notFound);
    return { pool, manages, plays };
  };
  const managed = async (actor: UserProfile, poolId: number) => {
    const found = await access(actor, poolId);
    if (!found.manages) throw new ForbiddenError(poolMessages.creatorOnly);
    return found;
  };
  const questionOf = async (poolId: number, questionId: number) => {
    const question = await bonus.find(poolId, questionId);
    if (!question) throw new NotFoundError(bonusMessages.notFound);
    return question;
  };
  const isClosed = (question: Pick<StoredQuestion, 'closesAt'>) => question.closesAt <= clock();

  /** The competition's matches and teams, for a pool that plays a league (none otherwise). */
  const leagueOf = async (pool: Pool) =>
    templatesFor(pool)
      ? competitions.tableMatches(pool.competition!)
      : { matches: [], teamNames: new Map<number, string>() };

  /** How a question is shown to `actor`: others' answers only once it is closed. */
  async function views(
    actor: UserProfile,
    poolId: number,
    questions: readonly StoredQuestion[],
  ): Promise<BonusQuestion[]> {
    const closedIds = questions.filter(isClosed).map((q) => q.id);
    const [counts, mine, everyone] = await Promise.all([
      bonus.answerCounts(poolId),
      bonus.answersBy(poolId, actor.id),
      bonus.answerPages(closedIds, { limit: BONUS_ANSWERS_PAGE, offset: 0 }),
    ]);
    return questions.map((q) => {
      const closed = closedIds.includes(q.id);
      const own = mine.get(q.id);
      return {
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        points: q.points,
        pointsRule: bonusPointsRule(q.kind, q.points),
        weekNumber: q.weekNumber,
        answerType: answerTypeOf(q.kind, q.choices),
        choices: q.choices,
        closesAt: q.closesAt.toISOString(),
        closed,
        settled: q.correct !== null,
        correct: closed ? q.correct : null,
        myAnswer: own?.answer ?? null,
        myPoints: own?.points ?? null,
        answeredCount: counts.get(q.id) ?? 0,
        answers: closed ? everyone.filter((a) => a.questionId === q.id).map(({ questionId: _, ...named }) => named) : null,
      };
    });
  }
  const viewOf = async (actor: UserProfile, poolId: number, questionId: number) =>
    (await views(actor, poolId, [await questionOf(poolId, questionId)]))[0]!;

  /** A question's stored values from the organiser's body, checked against the pool and its competition. */
  async function valuesOf(pool: Pool, body: BonusQuestionBody): Promise<QuestionValues> {
    const now = clock();
    const startsAt = await pools.startsAt(pool.id);
    const closesAt = body.closesAt ? new Date(body.closesAt) : startsAt && startsAt > now ? startsAt : null;
    if (!closesAt) throw new BadRequestError(bonusMessages.closeRequired);
    if (closesAt <= now) throw new BadRequestError(bonusMessages.closeInPast);
    const kind = body.kind;
    if (!isTemplate(kind)) {
      return {
        kind,
        prompt: body.prompt!,
        weekNumber: null,
        choices: body.choices ?? null,
        points: body.points,
        closesAt,
      };
    }
    if (!templatesFor(pool)) throw new BadRequestError(bonusMessages.templatesLeagueOnly);
    const weekNumber = kind === 'jornada-leader' || kind === 'jornada-goals' ? body.weekNumber! : null;
    const { matches } = await leagueOf(pool);
    if (weekNumber !== null && !matches.some((m) => m.weekNumber === weekNumber)) {
      throw new BadRequestError(bonusMessages.weekUnknown);
    }
    const last = lastNeededKickoff(kind, weekNumber, matches);
    if (last === null || closesAt > last) throw new BadRequestError(bonusMessages.closeAfterData);
    return { kind, prompt: bonusPrompt(kind, weekNumber), weekNumber, choices: null, points: body.points, closesAt };
  }

  return {
    /** The pool's questions as the actor sees them, and what the organiser's form needs. */
    async board(actor: UserProfile, poolId: number): Promise<BonusBoard> {
      const { pool, manages, plays } = await access(actor, poolId);
      const [questions, league, startsAt] = await Promise.all([
        bonus.list(poolId),
        leagueOf(pool),
        pools.startsAt(poolId),
      ]);
      return {
        templates: templatesFor(pool),
        canManage: manages,
        canAnswer: plays,
        canChange: pool.options.editUntilKickoff,
        defaultClosesAt: startsAt && startsAt > clock() ? startsAt.toISOString() : null,
        teams: [...league.teamNames]
          .map(([id, name]) => ({ id, name }))
          .sort((a, b) => a.name.localeCompare(b.name, 'es')),
        weeks: [...new Set(league.matches.map((m) => m.weekNumber))]
          .filter((week) => week >= (pool.fromWeek ?? 1))
          .sort((a, b) => a - b),
        questions: await views(actor, poolId, questions),
      };
    },

    /** The next answers by name of a closed question, a page at a time (its readers: the board's). */
    async answersPage(
      actor: UserProfile,
      poolId: number,
      questionId: number,
      page: BonusAnswersQuery,
    ): Promise<BonusAnswersPage> {
      await access(actor, poolId);
      const question = await questionOf(poolId, questionId);
      if (!isClosed(question)) throw new ConflictError(bonusMessages.notClosed);
      const [answers, counts] = await Promise.all([
        bonus.answerPages([questionId], page),
        bonus.answerCounts(poolId, questionId),
      ]);
      return {
        questionId,
        page: { ...page, total: counts.get(questionId) ?? 0 },
        answers: answers.map(({ questionId: _, ...named }) => named),
      };
    },

    async add(actor: UserProfile, poolId: number, body: BonusQuestionBody): Promise<BonusQuestion> {
      const { pool } = await managed(actor, poolId);
      const values = await valuesOf(pool, body);
      if ((await bonus.count(poolId)) >= bonusLimits.questions) throw new ConflictError(bonusMessages.tooMany);
      const question = await bonus.insert(poolId, values);
      return (await views(actor, poolId, [question]))[0]!;
    },

    async change(
      actor: UserProfile,
      poolId: number,
      questionId: number,
      body: BonusQuestionBody,
    ): Promise<BonusQuestion> {
      const { pool } = await managed(actor, poolId);
      const question = await questionOf(poolId, questionId);
      if (isClosed(question)) throw new ConflictError(bonusMessages.closedNoChange);
      const values = await valuesOf(pool, body);
      // Another question (kind, jornada or possible answers) takes none of the answers to the one before.
      const sameQuestion =
        question.kind === values.kind &&
        question.weekNumber === values.weekNumber &&
        JSON.stringify(question.choices) === JSON.stringify(values.choices);
      if (!(await bonus.update(questionId, values, clock(), !sameQuestion))) {
        throw new ConflictError(bonusMessages.closedNoChange);
      }
      return viewOf(actor, poolId, questionId);
    },

    async remove(actor: UserProfile, poolId: number, questionId: number): Promise<void> {
      await managed(actor, poolId);
      const question = await questionOf(poolId, questionId);
      if (isClosed(question) || !(await bonus.remove(questionId, clock()))) {
        throw new ConflictError(bonusMessages.closedNoChange);
      }
    },

    /** A participant's answer, until the question closes (by the database's check against the server's clock). */
    async answer(actor: UserProfile, poolId: number, questionId: number, body: BonusAnswer): Promise<BonusQuestion> {
      const { pool, plays } = await access(actor, poolId);
      if (!plays) throw new ForbiddenError(bonusMessages.notPlayer);
      const question = await questionOf(poolId, questionId);
      if (isClosed(question)) throw new ConflictError(bonusMessages.closed);
      const { teamNames } = isTemplate(question.kind) ? await leagueOf(pool) : { teamNames: new Map<number, string>() };
      const cleaned = cleanAnswer(
        answerTypeOf(question.kind, question.choices),
        body,
        new Set(teamNames.keys()),
        question.choices,
      );
      if ('error' in cleaned) throw new BadRequestError(answerErrors[cleaned.error]);
      const saved = await bonus.saveAnswer(question, actor.id, cleaned.answer, pool.options.editUntilKickoff, clock());
      if (saved === 'closed') throw new ConflictError(bonusMessages.closed);
      if (saved === 'kept') throw new ConflictError(bonusMessages.alreadyAnswered);
      return viewOf(actor, poolId, questionId);
    },

    /** The organiser settles a free question once it is closed: the answers equal to one of `texts` score. */
    async settle(actor: UserProfile, poolId: number, questionId: number, texts: string[]): Promise<BonusQuestion> {
      await managed(actor, poolId);
      const question = await questionOf(poolId, questionId);
      if (isTemplate(question.kind)) throw new ConflictError(bonusMessages.settleTemplate);
      if (!isClosed(question)) throw new ConflictError(bonusMessages.notClosed);
      if (question.choices && !texts.every((text) => question.choices!.includes(text))) {
        throw new BadRequestError(bonusMessages.settleChoice);
      }
      await db.transaction((tx) => bonus.applySettlement(tx, question, { texts }, clock()));
      return viewOf(actor, poolId, questionId);
    },

    /**
     * In the transaction of a result of `competition` (matches.service.ts): each template question of a pool that
     * plays it gets its right answer as the stored results now give it (none while incomplete), and its answers their
     * points, when that changed. A correction settles again.
     */
    async settleTemplates(tx: Executor, competition: string): Promise<void> {
      const questions = await bonus.templatesOf(tx, competition);
      if (questions.length === 0) return;
      const { matches, teamNames } = await competitions.tableMatches(competition, tx);
      for (const question of questions) {
        if (!isTemplate(question.kind)) continue;
        const correct = settleTemplate(question.kind, question.weekNumber, matches, teamNames);
        if (JSON.stringify(correct) !== JSON.stringify(question.correct)) {
          await bonus.applySettlement(tx, question, correct, clock());
        }
      }
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import {
  bonusMessages as messages,
  bonusTexts as texts,
  isTemplate,
  type BonusAnswer,
  type BonusBoard,
  type BonusCorrect,
  type BonusNamedAnswer,
  type BonusQuestion,
} from '#contract/bonus';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { MoreButton } from '../../components/more-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { formatKickoff } from '../../lib/format-date.ts';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { ActionForm } from './action-form.tsx';
import { ChoiceField } from './choice-field.tsx';
import { bonusAnswersQuery, bonusQuery, useAnswerQuestion, useRemoveQuestion, useSettleQuestion } from './api.ts';
import '../../components/outline-button.css';
import '../../components/plain-screen.css';
import './pool-bonus.css';

// The organiser's form (add, edit) loads only when an organiser's screen shows it.
const QuestionForm = lazy(() => import('./question-form.tsx').then((module) => ({ default: module.QuestionForm })));

/**
 * "Preguntas extra" in the pool's folded row (docs/decisions/080-bonus-questions.md): each question with how it
 * scores and when it closes; the player's answer until then; everyone's answers by name after, a page at a time
 * ("Ver más"), and once settled the right answer and each one's points. The organiser adds questions, edits and
 * deletes them before the close and settles the free ones. Nothing for a member of a pool without questions.
 */
export function PoolBonus({ poolId }: { poolId: number }) {
  const board = useQuery(bonusQuery(poolId));
  if (board.isPending) return <LoadingState text="Cargando las preguntas extra..." />;
  if (board.isError) return <ErrorState text={messages.loadFailed} error={board.error} onRetry={board.refetch} />;
  const { questions, canManage } = board.data;
  if (questions.length === 0 && !canManage) return null;
  return (
    <section className="pool-bonus" aria-labelledby="pool-bonus-title" data-testid="pool-bonus">
      <h3 id="pool-bonus-title" className="pool-bonus__title">
        {messages.title}
      </h3>
      <p className="pool-bonus__note">
        {messages.tieBreak} {messages.hidden}
      </p>
      {questions.length === 0 && <p className="pool-bonus__note">{texts.none}</p>}
      <ol className="pool-bonus__list">
        {questions.map((question) => (
          <li key={question.id}>
            <Question poolId={poolId} board={board.data} question={question} />
          </li>
        ))}
      </ol>
      {canManage && (
        <Suspense fallback={null}>
          <QuestionForm poolId={poolId} board={board.data} />
        </Suspense>
      )}
    </section>
  );
}

/** An answer or right answer in words: team names, a number of goals, a text. */
function answerText(board: BonusBoard, answer: BonusAnswer | BonusCorrect): string {
  if ('teamIds' in answer && answer.teamIds) {
    return answer.teamIds.map((id) => board.teams.find((team) => team.id === id)?.name ?? `#${id}`).join(', ');
  }
  if ('number' in answer && answer.number !== undefined) return `${answer.number} goles`;
  if ('texts' in answer && answer.texts) return answer.texts.join(' / ');
  return 'text' in answer && answer.text !== undefined ? answer.text : '';
}

const pointsText = (points: number | null) => (points === null ? '' : ` (+${points})`);

/**
 * A closed question's answers by name: the board's first page, then the next ones from the server once the reader
 * asks ("Ver más"); the first answer a page adds takes the focus, so a keyboard or screen reader goes on there.
 */
function useAnswers(poolId: number, question: BonusQuestion, listRef: RefObject<HTMLUListElement | null>) {
  const [asked, setAsked] = useState(false);
  const more = useInfiniteQuery(bonusAnswersQuery(poolId, question.id, asked));
  const byUser = new Map<number, BonusNamedAnswer>();
  // A name listed twice (the board read again between two pages) shows once, where first seen.
  for (const answer of [...(question.answers ?? []), ...(more.data?.pages.flatMap((page) => page.answers) ?? [])]) {
    if (!byUser.has(answer.userId)) byUser.set(answer.userId, answer);
  }
  const answers = [...byUser.values()];
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    if (focusAt.current === null || focusAt.current >= answers.length) return;
    listRef.current?.querySelectorAll<HTMLElement>('li')[focusAt.current]?.focus();
    focusAt.current = null;
  }, [answers.length, listRef]);
  return {
    answers,
    hasMore: more.data ? more.hasNextPage : answers.length < question.answeredCount,
    loading: more.isFetching,
    failed: more.isError,
    showMore: () => {
      focusAt.current = answers.length;
      if (asked) void more.fetchNextPage();
      else setAsked(true);
    },
  };
}

function Question({ poolId, board, question }: { poolId: number; board: BonusBoard; question: BonusQuestion }) {
  const remove = useRemoveQuestion(poolId);
  const [editing, setEditing] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useAnswers(poolId, question, listRef);
  const canAnswer = board.canAnswer && !question.closed && (question.myAnswer === null || board.canChange);
  return (
    <article className="pool-bonus__question" data-testid="bonus-question">
      <h4 className="pool-bonus__prompt">{question.prompt}</h4>
      <p className="pool-bonus__note">
        {question.pointsRule} {question.closed ? texts.closed : texts.closes(formatKickoff(question.closesAt, true))}
      </p>
      {question.myAnswer && (
        <p data-testid="bonus-my-answer">
          {texts.yourAnswer}: {answerText(board, question.myAnswer)}
          {pointsText(question.myPoints)}
        </p>
      )}
      {canAnswer && <AnswerForm poolId={poolId} board={board} question={question} />}
      {!question.closed && <p className="pool-bonus__note">{texts.answered(question.answeredCount)}</p>}
      {/* What the server gives is shown: everyone's answers and the right one come only once the question is closed. */}
      {question.correct ? (
        <p data-testid="bonus-correct">
          <strong>{texts.right}:</strong> {answerText(board, question.correct)}
        </p>
      ) : (
        question.closed && <p className="pool-bonus__note">{texts.pending}</p>
      )}
      {question.answers && (
        <>
          <ul className="pool-bonus__answers" data-testid="bonus-answers" ref={listRef}>
            {shown.answers.map((a) => (
              <li key={a.userId} tabIndex={-1}>
                {a.username}: {answerText(board, a.answer)}
                {pointsText(a.points)}
              </li>
            ))}
            {shown.answers.length === 0 && <li>{texts.noAnswers}</li>}
          </ul>
          {question.answeredCount > shown.answers.length && (
            <p className="pool-bonus__note" aria-live="polite">
              {texts.shown(shown.answers.length, question.answeredCount)}
            </p>
          )}
          {shown.failed && <p className="pool-bonus__note">{messages.moreFailed}</p>}
          {shown.hasMore && (
            <MoreButton
              label={texts.more}
              name={`${texts.more}: ${question.prompt}`}
              pending={shown.loading}
              onClick={shown.showMore}
              testId="bonus-answers-more"
            />
          )}
        </>
      )}
      {question.closed && board.canManage && (
        <>
          <p className="pool-bonus__note">{texts.closedNoEdit}</p>
          {!isTemplate(question.kind) && <SettleForm poolId={poolId} question={question} answers={shown.answers} />}
        </>
      )}
      {board.canManage && !question.closed && editing && (
        <Suspense fallback={<LoadingState text="Cargando el formulario..." />}>
          <QuestionForm poolId={poolId} board={board} question={question} onDone={() => setEditing(false)} />
        </Suspense>
      )}
      {board.canManage && !question.closed && !editing && (
        <div className="pool-bonus__actions">
          <button
            type="button"
            className="outline-button"
            aria-label={`${texts.edit}: ${question.prompt}`}
            onClick={() => setEditing(true)}
          >
            {texts.edit}
          </button>
          <ActionForm
            button={texts.remove}
            about={question.prompt}
            pending={remove.isPending}
            onSubmit={() =>
              remove.mutate(
                question.id,
                outcomeToasts(() => messages.removed, 'No se pudo borrar la pregunta.'),
              )
            }
          />
        </div>
      )}
    </article>
  );
}

function AnswerForm({ poolId, board, question }: { poolId: number; board: BonusBoard; question: BonusQuestion }) {
  const save = useAnswerQuestion(poolId);
  const [teams, setTeams] = useState(['', '', '']);
  const [value, setValue] = useState('');
  const answer: BonusAnswer =
    question.answerType === 'team'
      ? { teamIds: [Number(teams[0])] }
      : question.answerType === 'teams'
        ? { teamIds: teams.map(Number) }
        : question.answerType === 'number'
          ? { number: Number(value) }
          : { text: value };
  const teamPickers = question.answerType === 'team' ? 1 : question.answerType === 'teams' ? 3 : 0;
  const teamOptions = board.teams.map((team) => ({ value: String(team.id), label: team.name }));
  return (
    <ActionForm
      button={texts.answer}
      about={question.prompt}
      pending={save.isPending}
      onSubmit={() =>
        save.mutate(
          { questionId: question.id, answer },
          outcomeToasts(() => messages.answered, 'No se pudo guardar la respuesta.'),
        )
      }
    >
      {teams.slice(0, teamPickers).map((team, i) => (
        <ChoiceField
          key={i}
          label={teamPickers === 1 ? texts.team : `${texts.team} ${i + 1}`}
          value={team}
          options={teamOptions}
          onValueChange={(v) => setTeams(teams.map((t, j) => (j === i ? v : t)))}
          blank
        />
      ))}
      {question.answerType === 'number' && (
        <TextField label={texts.goals} inputMode="numeric" value={value} onValueChange={setValue} />
      )}
      {question.answerType === 'text' && <TextField label={texts.yourAnswer} value={value} onValueChange={setValue} />}
      {question.answerType === 'choice' && (
        <ChoiceField
          label={texts.yourAnswer}
          value={value}
          options={(question.choices ?? []).map((choice) => ({ value: choice, label: choice }))}
          onValueChange={setValue}
          blank
        />
      )}
    </ActionForm>
  );
}

/** The organiser ticks the right answers among those given (and the possible ones). */
function SettleForm({
  poolId,
  question,
  answers,
}: {
  poolId: number;
  question: BonusQuestion;
  /** The answers by name shown so far (the first page, and those "Ver más" brought). */
  answers: readonly BonusNamedAnswer[];
}) {
  const settle = useSettleQuestion(poolId);
  const options = [...new Set([...(question.choices ?? []), ...answers.map((a) => a.answer.text ?? '')])].filter(
    (text) => text !== '',
  );
  const [ticked, setTicked] = useState<string[]>(question.correct?.texts ?? []);
  if (options.length === 0) return null;
  return (
    <ActionForm
      button={texts.settle}
      about={question.prompt}
      pending={settle.isPending}
      onSubmit={() =>
        settle.mutate(
          { questionId: question.id, texts: ticked },
          outcomeToasts(() => messages.settled, 'No se pudo resolver la pregunta.'),
        )
      }
    >
      <fieldset className="pool-bonus__fieldset">
        <legend>{texts.settleHint}</legend>
        {options.map((option) => (
          <label key={option} className="pool-bonus__check">
            <input
              type="checkbox"
              checked={ticked.includes(option)}
              onChange={(event) =>
                setTicked(event.target.checked ? [...ticked, option] : ticked.filter((text) => text !== option))
              }
            />
            {option}
          </label>
        ))}
      </fieldset>
    </ActionForm>
  );
}

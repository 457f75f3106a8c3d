import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  BONUS_KINDS,
  bonusKindLabels,
  bonusMessages as messages,
  bonusTexts as texts,
  isTemplate,
  type BonusAnswer,
  type BonusBoard,
  type BonusCorrect,
  type BonusKind,
  type BonusQuestion,
} from '#contract/bonus';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { TextField } from '../../components/text-field.tsx';
import { formatKickoff } from '../../lib/format-date.ts';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { bonusQuery, useAddQuestion, useAnswerQuestion, useRemoveQuestion, useSettleQuestion } from './api.ts';
import '../../components/outline-button.css';
import '../../components/plain-screen.css';
import './pool-bonus.css';

/**
 * "Preguntas extra" in the pool's folded row (docs/decisions/080-bonus-questions.md): each question with how it
 * scores and when it closes; the player's answer until then; everyone's answers by name after, and once settled the
 * right answer and each one's points. The organiser adds questions, deletes them before the close and settles the
 * free ones. Nothing for a member of a pool without questions.
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
      {canManage && <AddQuestion poolId={poolId} board={board.data} />}
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

function Question({ poolId, board, question }: { poolId: number; board: BonusBoard; question: BonusQuestion }) {
  const remove = useRemoveQuestion(poolId);
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
        <ul className="pool-bonus__answers" data-testid="bonus-answers">
          {question.answers.map((a) => (
            <li key={a.userId}>
              {a.username}: {answerText(board, a.answer)}
              {pointsText(a.points)}
            </li>
          ))}
          {question.answers.length === 0 && <li>{texts.noAnswers}</li>}
        </ul>
      )}
      {question.closed && board.canManage && !isTemplate(question.kind) && (
        <SettleForm poolId={poolId} question={question} />
      )}
      {board.canManage && !question.closed && (
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
      )}
    </article>
  );
}

/** A form of the section: its fields, then one button that sends it (off while it is being sent), named after it. */
function ActionForm({
  about,
  button,
  pending,
  onSubmit,
  children,
}: {
  /** What it acts on (a question), in its name: "Responder: ¿Quién será campeón?". */
  about?: string;
  button: string;
  pending: boolean;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  return (
    <form
      className="pool-bonus__form"
      aria-label={about === undefined ? button : `${button}: ${about}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <button type="submit" className="outline-button" disabled={pending}>
        {button}
      </button>
    </form>
  );
}

function TeamSelect({
  board,
  label,
  value,
  onChange,
}: {
  board: BonusBoard;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="text-field">
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">—</option>
        {board.teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </select>
    </label>
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
        <TeamSelect
          key={i}
          board={board}
          label={teamPickers === 1 ? texts.team : `${texts.team} ${i + 1}`}
          value={team}
          onChange={(v) => setTeams(teams.map((t, j) => (j === i ? v : t)))}
        />
      ))}
      {question.answerType === 'number' && (
        <TextField label={texts.goals} inputMode="numeric" value={value} onValueChange={setValue} />
      )}
      {question.answerType === 'text' && <TextField label={texts.yourAnswer} value={value} onValueChange={setValue} />}
      {question.answerType === 'choice' && (
        <label className="text-field">
          {texts.yourAnswer}
          <select value={value} onChange={(event) => setValue(event.target.value)}>
            <option value="">—</option>
            {question.choices?.map((choice) => (
              <option key={choice}>{choice}</option>
            ))}
          </select>
        </label>
      )}
    </ActionForm>
  );
}

/** The organiser ticks the right answers among those given (and the possible ones). */
function SettleForm({ poolId, question }: { poolId: number; question: BonusQuestion }) {
  const settle = useSettleQuestion(poolId);
  const options = [
    ...new Set([...(question.choices ?? []), ...(question.answers ?? []).map((a) => a.answer.text ?? '')]),
  ].filter((text) => text !== '');
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

/** "2026-12-11T20:00" in the device's time zone, for a datetime-local field. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function AddQuestion({ poolId, board }: { poolId: number; board: BonusBoard }) {
  const add = useAddQuestion(poolId);
  const kinds = BONUS_KINDS.filter((kind) => board.templates || !isTemplate(kind));
  const [kind, setKind] = useState<BonusKind>(kinds[0]!);
  const [week, setWeek] = useState(String(board.weeks[0] ?? ''));
  const [prompt, setPrompt] = useState('');
  const [choices, setChoices] = useState('');
  const [points, setPoints] = useState('5');
  const [closesAt, setClosesAt] = useState(localInput(board.defaultClosesAt));
  const byWeek = kind === 'jornada-leader' || kind === 'jornada-goals';
  const list = choices
    .split('/')
    .map((choice) => choice.trim())
    .filter(Boolean);
  return (
    <ActionForm
      button={texts.add}
      pending={add.isPending}
      onSubmit={() =>
        add.mutate(
          {
            kind,
            points: Number(points),
            ...(closesAt ? { closesAt: new Date(closesAt).toISOString() } : {}),
            ...(byWeek ? { weekNumber: Number(week) } : {}),
            ...(kind === 'free' ? { prompt, ...(list.length > 0 ? { choices: list } : {}) } : {}),
          },
          outcomeToasts(() => messages.saved, 'No se pudo guardar la pregunta.'),
        )
      }
    >
      <h4 className="pool-bonus__prompt">{texts.add}</h4>
      <label className="text-field">
        {texts.kind}
        <select value={kind} onChange={(event) => setKind(event.target.value as BonusKind)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {bonusKindLabels[k]}
            </option>
          ))}
        </select>
      </label>
      {byWeek && (
        <label className="text-field">
          {texts.week}
          <select value={week} onChange={(event) => setWeek(event.target.value)}>
            {board.weeks.map((w) => (
              <option key={w} value={w}>
                Jornada {w}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === 'free' && (
        <>
          <TextField label={texts.prompt} value={prompt} onValueChange={setPrompt} />
          <TextField label={texts.choices} value={choices} onValueChange={setChoices} />
        </>
      )}
      <TextField label={texts.points} inputMode="numeric" value={points} onValueChange={setPoints} />
      <label className="text-field">
        {texts.closesAt}
        <input type="datetime-local" value={closesAt} onChange={(event) => setClosesAt(event.target.value)} />
      </label>
    </ActionForm>
  );
}

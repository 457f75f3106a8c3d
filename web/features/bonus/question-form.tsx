import { useState } from 'react';
import {
  BONUS_KINDS,
  bonusKindLabels,
  bonusMessages as messages,
  bonusTexts as texts,
  isTemplate,
  type BonusBoard,
  type BonusKind,
  type BonusQuestion,
  type BonusQuestionBody,
} from '#contract/bonus';
import { TextField } from '../../components/text-field.tsx';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { ActionForm } from './action-form.tsx';
import { ChoiceField } from './choice-field.tsx';
import { useAddQuestion, useChangeQuestion } from './api.ts';

/** "2026-12-11T20:00" in the device's time zone, for a datetime-local field. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * The organiser's question form (lazily loaded: only an organiser opens it): empty, it adds a question
 * (`POST`); given `question`, it changes that one (`PUT`, only before its close) and says that a new kind,
 * jornada or list of answers drops the answers given. The server checks both alike and answers in Spanish.
 */
export function QuestionForm({
  poolId,
  board,
  question,
  onDone,
}: {
  poolId: number;
  board: BonusBoard;
  question?: BonusQuestion;
  /** After a change is saved, or "Cancelar". */
  onDone?: () => void;
}) {
  const add = useAddQuestion(poolId);
  const change = useChangeQuestion(poolId);
  const kinds = BONUS_KINDS.filter((kind) => board.templates || !isTemplate(kind));
  const [kind, setKind] = useState<BonusKind>(question?.kind ?? kinds[0]!);
  const [week, setWeek] = useState(String(question?.weekNumber ?? board.weeks[0] ?? ''));
  const [prompt, setPrompt] = useState(question && !isTemplate(question.kind) ? question.prompt : '');
  const [choices, setChoices] = useState(question?.choices?.join(' / ') ?? '');
  const [points, setPoints] = useState(String(question?.points ?? 5));
  const [closesAt, setClosesAt] = useState(localInput(question?.closesAt ?? board.defaultClosesAt));
  const byWeek = kind === 'jornada-leader' || kind === 'jornada-goals';
  const list = choices
    .split('/')
    .map((choice) => choice.trim())
    .filter(Boolean);
  const body: BonusQuestionBody = {
    kind,
    points: Number(points),
    ...(closesAt ? { closesAt: new Date(closesAt).toISOString() } : {}),
    ...(byWeek ? { weekNumber: Number(week) } : {}),
    ...(kind === 'free' ? { prompt, ...(list.length > 0 ? { choices: list } : {}) } : {}),
  };
  const failed = 'No se pudo guardar la pregunta.';
  return (
    <ActionForm
      button={question ? texts.save : texts.add}
      about={question?.prompt}
      pending={add.isPending || change.isPending}
      onSubmit={() =>
        question
          ? change.mutate({ questionId: question.id, body }, outcomeToasts(() => messages.saved, failed, onDone))
          : add.mutate(body, outcomeToasts(() => messages.saved, failed))
      }
      beside={
        question && (
          <button type="button" className="outline-button" onClick={onDone}>
            {texts.cancel}
          </button>
        )
      }
    >
      {question ? (
        <p className="pool-bonus__note">{texts.editNote}</p>
      ) : (
        <h4 className="pool-bonus__prompt">{texts.add}</h4>
      )}
      <ChoiceField
        label={texts.kind}
        value={kind}
        options={kinds.map((k) => ({ value: k, label: bonusKindLabels[k] }))}
        onValueChange={setKind}
      />
      {byWeek && (
        <ChoiceField
          label={texts.week}
          value={week}
          options={board.weeks.map((w) => ({ value: String(w), label: `Jornada ${w}` }))}
          onValueChange={setWeek}
        />
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

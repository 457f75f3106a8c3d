import { z } from 'zod';
import { dataEnvelope, IsoDateTimeSchema, PageSchema, pageQuery, positiveId, wholeNumberBetween } from './common.ts';

/**
 * "Preguntas extra": a pool's bonus questions (docs/decisions/080-bonus-questions.md). The organiser adds them from
 * a template the app settles by itself from the stored results (LaLiga pools only) or as a free question settled by
 * hand; members answer until the question closes; others' answers stay hidden until then. Off by default: a pool
 * without questions answers and ranks as before.
 */
export const BONUS_KINDS = ['champion', 'relegated', 'jornada-leader', 'jornada-goals', 'free'] as const;
export const BonusKindSchema = z.enum(BONUS_KINDS, {
  error: 'El tipo de pregunta (kind) no es válido: champion, relegated, jornada-leader, jornada-goals o free.',
});
export type BonusKind = z.infer<typeof BonusKindSchema>;
/** The templates the app settles by itself (a league's table, decision 076). */
export type BonusTemplate = Exclude<BonusKind, 'free'>;
export const isTemplate = (kind: BonusKind): kind is BonusTemplate => kind !== 'free';

/**
 * After the close, everyone's answers by name come this many at a time: the board carries each closed question's
 * first page, `GET …/bonus/{questionId}/answers?offset=N` the next ones (decision 080's addendum, paged as 078 does).
 */
export const BONUS_ANSWERS_PAGE = 50;

export const bonusLimits = { questions: 20, points: 100, choices: 30, text: 80, prompt: 200, goals: 999, relegated: 3 } as const;

export const bonusMessages = {
  title: 'Preguntas extra',
  notFound: 'Pregunta no encontrada.',
  tooMany: `Una quiniela tiene como mucho ${bonusLimits.questions} preguntas extra.`,
  templatesLeagueOnly: 'Las preguntas automáticas solo están disponibles en quinielas de LaLiga.',
  weekRequired: 'Indica la jornada de la pregunta (weekNumber).',
  weekUnknown: 'Esa jornada no está en la competición de la quiniela.',
  promptRequired: `Escribe la pregunta (prompt), de 1 a ${bonusLimits.prompt} caracteres.`,
  choicesInvalid: `Las respuestas posibles (choices) deben ser de 2 a ${bonusLimits.choices} textos distintos de 1 a ${bonusLimits.text} caracteres.`,
  closeRequired: 'Indica cuándo se cierra la pregunta (closesAt): la quiniela ya ha empezado.',
  closeInPast: 'La pregunta debe cerrarse en el futuro.',
  closeAfterData: 'La pregunta debe cerrarse antes del último partido que la decide.',
  closed: 'La pregunta ya está cerrada.',
  closedNoChange: 'La pregunta ya está cerrada: no se puede cambiar ni borrar.',
  notClosed: 'La pregunta aún no se ha cerrado.',
  moreFailed: 'No se pudieron cargar más respuestas.',
  alreadyAnswered: 'Ya respondiste esta pregunta: en esta quiniela no se cambia la respuesta.',
  notPlayer: 'Solo responden los participantes de la quiniela.',
  answerTeam: 'Elige un equipo de la competición.',
  answerTeams: `Elige ${bonusLimits.relegated} equipos distintos de la competición.`,
  answerNumber: `Escribe un número entero de goles entre 0 y ${bonusLimits.goals}.`,
  answerChoice: 'Elige una de las respuestas posibles.',
  answerText: `Escribe una respuesta de 1 a ${bonusLimits.text} caracteres.`,
  settleTemplate: 'Esta pregunta se resuelve sola con los resultados.',
  settleTexts: `Indica las respuestas correctas (texts): de 1 a ${bonusLimits.choices}.`,
  settleChoice: 'Las respuestas correctas deben ser de las posibles.',
  saved: 'Pregunta guardada.',
  removed: 'Pregunta borrada.',
  answered: 'Respuesta guardada.',
  settled: 'Pregunta resuelta.',
  loadFailed: 'No se pudieron cargar las preguntas extra.',
  hidden: 'Las respuestas de los demás se verán cuando se cierre la pregunta.',
  tieBreak: 'Los puntos extra suman en la general (columna «Extra»); los empates se deshacen como dice la clasificación.',
} as const;

/** What the organiser's form calls each kind of question. */
export const bonusKindLabels: Readonly<Record<BonusKind, string>> = {
  champion: 'Plantilla: ¿Quién será campeón?',
  relegated: 'Plantilla: ¿Qué equipos descienden? (elige 3)',
  'jornada-leader': 'Plantilla: ¿Quién acabará primero en la Jornada N?',
  'jornada-goals': 'Plantilla: ¿Cuántos goles se marcarán en la Jornada N?',
  free: 'Pregunta libre (la resuelves tú)',
};

/** The screen's words (web/features/bonus). */
export const bonusTexts = {
  add: 'Añadir pregunta',
  kind: 'Tipo de pregunta',
  week: 'Jornada',
  prompt: 'Pregunta',
  choices: 'Respuestas posibles (separadas por /; vacío: respuesta libre)',
  points: 'Puntos',
  closesAt: 'Cierra',
  answer: 'Responder',
  yourAnswer: 'Tu respuesta',
  team: 'Equipo',
  goals: 'Goles',
  closes: (when: string) => `Se cierra: ${when}.`,
  closed: 'Cerrada: ya no se responde.',
  answered: (n: number) => `${n} ${n === 1 ? 'ha respondido' : 'han respondido'}.`,
  noAnswers: 'Nadie respondió.',
  pending: 'Sin resolver: falta algún resultado o que el organizador la resuelva.',
  right: 'Respuesta correcta',
  settle: 'Resolver',
  settleHint: 'Marca las respuestas correctas:',
  remove: 'Borrar',
  edit: 'Editar',
  save: 'Guardar cambios',
  cancel: 'Cancelar',
  editNote: 'Cambiar el tipo, la jornada o las respuestas posibles borra las respuestas ya dadas.',
  closedNoEdit: 'Ya cerrada: no se puede cambiar ni borrar.',
  more: 'Ver más',
  shown: (shown: number, total: number) => `${shown} de ${total} respuestas`,
  none: 'Aún no hay preguntas extra.',
} as const;

/** The template's question as it is asked, for a jornada `weekNumber` where it has one. */
export function bonusPrompt(kind: BonusTemplate, weekNumber: number | null): string {
  switch (kind) {
    case 'champion':
      return '¿Quién será campeón?';
    case 'relegated':
      return '¿Qué equipos descienden?';
    case 'jornada-leader':
      return `¿Quién acabará primero en la Jornada ${weekNumber ?? '?'}?`;
    case 'jornada-goals':
      return `¿Cuántos goles se marcarán en la Jornada ${weekNumber ?? '?'}?`;
  }
}

/** How a question gives its points, as the screen says it (decision 080). */
export function bonusPointsRule(kind: BonusKind, points: number): string {
  const pts = (n: number) => `${n} ${n === 1 ? 'punto' : 'puntos'}`;
  switch (kind) {
    case 'relegated':
      return `${pts(points)} por cada equipo acertado (hasta ${pts(points * bonusLimits.relegated)}).`;
    case 'jornada-goals':
      return `${pts(points)} si aciertas el número exacto de goles.`;
    case 'free':
      return `${pts(points)} si aciertas (lo resuelve el organizador).`;
    default:
      return `${pts(points)} si aciertas.`;
  }
}

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/** `POST /api/pools/{id}/bonus` and `PUT …/bonus/{questionId}`: a question as a whole. */
export const BonusQuestionBodySchema = z
  .object(
    {
      kind: BonusKindSchema,
      /** Whole points, 1–100 (for "relegated": per team right). */
      points: wholeNumberBetween('Los puntos (points)', 1, bonusLimits.points),
      /** When answers close; by default the pool's first kick-off. */
      closesAt: IsoDateTimeSchema.optional(),
      /** The jornada of "jornada-leader" and "jornada-goals". */
      weekNumber: wholeNumberBetween('La jornada (weekNumber)', 1, 99).optional(),
      /** A free question's text. */
      prompt: text(bonusMessages.promptRequired, bonusLimits.prompt).optional(),
      /** A free question's possible answers; without them, players write their answer. */
      choices: z
        .array(text(bonusMessages.choicesInvalid, bonusLimits.text), { error: bonusMessages.choicesInvalid })
        .min(2, { error: bonusMessages.choicesInvalid })
        .max(bonusLimits.choices, { error: bonusMessages.choicesInvalid })
        .refine((list) => new Set(list).size === list.length, { error: bonusMessages.choicesInvalid })
        .optional(),
    },
    { error: 'La pregunta debe ser un objeto.' },
  )
  .superRefine((body, ctx) => {
    if ((body.kind === 'jornada-leader' || body.kind === 'jornada-goals') && body.weekNumber === undefined) {
      ctx.addIssue({ code: 'custom', message: bonusMessages.weekRequired, path: ['weekNumber'] });
    }
    if (body.kind === 'free' && body.prompt === undefined) {
      ctx.addIssue({ code: 'custom', message: bonusMessages.promptRequired, path: ['prompt'] });
    }
  });
export type BonusQuestionBody = z.infer<typeof BonusQuestionBodySchema>;

/**
 * An answer: a team (`teamIds: [id]`, or three for "relegated"), a number of goals, or a text (a free question's
 * choice or words). Which one a question takes is its `answerType`.
 */
export const BonusAnswerSchema = z.object(
  {
    teamIds: z
      .array(positiveId(bonusMessages.answerTeam), { error: bonusMessages.answerTeam })
      .min(1, { error: bonusMessages.answerTeam })
      .max(bonusLimits.relegated, { error: bonusMessages.answerTeams })
      .optional(),
    number: wholeNumberBetween('Los goles (number)', 0, bonusLimits.goals).optional(),
    text: text(bonusMessages.answerText, bonusLimits.text).optional(),
  },
  { error: 'La respuesta debe ser un objeto.' },
);
export type BonusAnswer = z.infer<typeof BonusAnswerSchema>;

/** `PUT …/bonus/{questionId}/settle`: the right answers of a free question (its answers that match one score). */
export const BonusSettleBodySchema = z.object(
  {
    texts: z
      .array(text(bonusMessages.settleTexts, bonusLimits.text), { error: bonusMessages.settleTexts })
      .min(1, { error: bonusMessages.settleTexts })
      .max(bonusLimits.choices, { error: bonusMessages.settleTexts }),
  },
  { error: 'La resolución debe ser un objeto.' },
);
export type BonusSettleBody = z.infer<typeof BonusSettleBodySchema>;

/** The right answer once settled: teams (by the league table), a number of goals, or the accepted texts. */
export const BonusCorrectSchema = z.object({
  teamIds: z.array(z.number().int()).optional(),
  number: z.number().int().optional(),
  texts: z.array(z.string()).optional(),
});
export type BonusCorrect = z.infer<typeof BonusCorrectSchema>;

export const BonusAnswerTypeSchema = z.enum(['team', 'teams', 'number', 'choice', 'text']);
export type BonusAnswerType = z.infer<typeof BonusAnswerTypeSchema>;

export const BonusParamsSchema = z.object({
  id: positiveId('La quiniela no es válida.', { coerce: true }),
  questionId: positiveId('La pregunta no es válida.', { coerce: true }),
});

/** A player's answer by name, shown once the question closes. */
export const BonusNamedAnswerSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  answer: BonusAnswerSchema,
  points: z.number().int().nullable(),
});
export type BonusNamedAnswer = z.infer<typeof BonusNamedAnswerSchema>;

export const BonusQuestionSchema = z.object({
  id: z.number().int(),
  kind: BonusKindSchema,
  prompt: z.string(),
  points: z.number().int(),
  /** How it gives its points, in Spanish ("3 puntos por cada equipo acertado…"). */
  pointsRule: z.string(),
  weekNumber: z.number().int().nullable(),
  answerType: BonusAnswerTypeSchema,
  /** A free question's possible answers (null: free text). */
  choices: z.array(z.string()).nullable(),
  closesAt: z.string(),
  /** Closed by the server's clock: no answer is taken, and everyone's answers are shown. */
  closed: z.boolean(),
  /** Settled: its right answer and each answer's points are known. */
  settled: z.boolean(),
  correct: BonusCorrectSchema.nullable(),
  /** The caller's own answer (null: none, or the caller does not answer). */
  myAnswer: BonusAnswerSchema.nullable(),
  myPoints: z.number().int().nullable(),
  /** How many have answered (never who or what before it closes). */
  answeredCount: z.number().int(),
  /**
   * Everyone's answers by name, in name order: null until the question closes, then its first `BONUS_ANSWERS_PAGE`
   * of the `answeredCount` (the rest by `GET …/answers`).
   */
  answers: z.array(BonusNamedAnswerSchema).nullable(),
});
export type BonusQuestion = z.infer<typeof BonusQuestionSchema>;

/** `GET /api/pools/{id}/bonus/{questionId}/answers?offset=N`: the next answers by name of a closed question. */
export const BonusAnswersQuerySchema = z.object(pageQuery({ max: BONUS_ANSWERS_PAGE, fallback: BONUS_ANSWERS_PAGE }));
export type BonusAnswersQuery = z.infer<typeof BonusAnswersQuerySchema>;
export const BonusAnswersPageSchema = z.object({
  questionId: z.number().int(),
  /** Where this page sits among the question's `total` answers, in name order. */
  page: PageSchema,
  answers: z.array(BonusNamedAnswerSchema),
});
export type BonusAnswersPage = z.infer<typeof BonusAnswersPageSchema>;
export const BonusAnswersPageResponseSchema = dataEnvelope(BonusAnswersPageSchema);

export const BonusBoardSchema = z.object({
  /** The templates apply: the pool plays a league whose table the app computes (LaLiga). */
  templates: z.boolean(),
  /** The caller adds, edits, deletes and settles (creator or admin). */
  canManage: z.boolean(),
  /** The caller answers (a participant). */
  canAnswer: z.boolean(),
  /** Answers can be changed until the question closes (the pool's "Permitir cambiar el pronóstico"). */
  canChange: z.boolean(),
  /** When a question closes by default: the pool's first kick-off (null: already past or none). */
  defaultClosesAt: z.string().nullable(),
  /** The competition's teams, for the team questions (empty without templates). */
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The competition's jornadas, for the jornada questions (empty without templates). */
  weeks: z.array(z.number().int()),
  questions: z.array(BonusQuestionSchema),
});
export type BonusBoard = z.infer<typeof BonusBoardSchema>;

export const BonusBoardResponseSchema = dataEnvelope(BonusBoardSchema);
export const BonusQuestionResponseSchema = dataEnvelope(BonusQuestionSchema);
export type BonusQuestionResponse = z.infer<typeof BonusQuestionResponseSchema>;

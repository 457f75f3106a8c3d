import { z } from 'zod';
import { IsoDateTimeSchema, dataEnvelope, positiveId, wholeNumberBetween } from './common.ts';

export const MatchStatusSchema = z.enum(['scheduled', 'live', 'finished'], {
  error: 'El estado debe ser scheduled, live o finished.',
});
export type MatchStatus = z.infer<typeof MatchStatusSchema>;

export const MatchSchema = z.object({
  id: z.number().int(),
  competition: z.string(),
  round: z.string(),
  weekNumber: z.number().int(),
  /** Kick-off instant, UTC ISO. When `kickoffConfirmed` is false only the day is known. */
  matchDate: z.string(),
  kickoffConfirmed: z.boolean(),
  homeTeamId: z.number().int(),
  awayTeamId: z.number().int(),
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
  status: MatchStatusSchema,
});
export type Match = z.infer<typeof MatchSchema>;
export const MatchListResponseSchema = dataEnvelope(z.array(MatchSchema));

export const matchMessages = {
  sameTeam: 'Un equipo no puede jugar contra sí mismo.',
  homeTeamUnknown: 'El equipo local no existe.',
  awayTeamUnknown: 'El equipo visitante no existe.',
  finishedNeedsScore: 'Un partido finalizado necesita el resultado (scoreHome y scoreAway).',
  matchNotFound: 'Partido no encontrado.',
  matchHasPredictions: 'El partido tiene pronósticos: no se puede eliminar.',
  fixtureExists: 'Ese partido ya existe en esa jornada.',
  // A result (live or finished) only for a match that has kicked off by the server's clock (decision 063).
  resultBeforeKickoff: 'El partido todavía no ha empezado: confirma antes su hora de inicio.',
  // Inicio's list, grouped by day and filtered by competition (beyond the spec: its texts stay as they are).
  pendingResultsHeading: 'Pendientes de resultado',
  // A match past its kick-off with no result, on Inicio and in Resultados alike: its stored status may never move
  // (the shipped data never marks one live), so it says it has started rather than only "pending".
  startedWithoutResult: 'Empezado · sin resultado aún',
  competitionFilterLabel: 'Competición',
  allCompetitions: 'Todas',
  /** A league's table: its screen's title, and Inicio's link to it under the competition filter. */
  leagueTable: (competition: string) => `Clasificación de ${competition}`,
  noMatchesInCompetition: (competition: string) =>
    `No hay partidos de ${competition} disponibles. Elige «Todas» para ver los demás.`,
} as const;

const ScoreSchema = z
  .number({ error: 'El marcador debe ser un número.' })
  .int({ error: 'El marcador debe ser un número entero.' })
  .min(0, { error: 'El marcador no puede ser negativo.' })
  .max(99, { error: 'El marcador admite como máximo 99.' });

const TeamIdSchema = positiveId('El equipo no es válido.');

/**
 * `GET /api/matches` grows by a season a year: without a query it answers the current competitions (any match
 * still to come or played in the last `CURRENT_COMPETITION_DAYS` days), which is all the app's screens use;
 * `?competition=` answers one competition whole, current or past.
 */
export const CURRENT_COMPETITION_DAYS = 180;
/** A competition's key ("laliga-2026-27") in a query or a pool's body. */
export const CompetitionKeySchema = z
  .string({ error: 'La competición debe ser texto.' })
  .trim()
  .min(1, { error: 'La competición es obligatoria.' })
  .max(60, { error: 'La competición admite como máximo 60 caracteres.' });
export const MatchListQuerySchema = z.object({ competition: CompetitionKeySchema.optional() });
export type MatchListQuery = z.infer<typeof MatchListQuerySchema>;

const MatchFieldsSchema = z.object({
  competition: z.string().trim().min(1, { error: 'La competición es obligatoria.' }).max(60).default('manual'),
  round: z.string().trim().min(1, { error: 'La jornada es obligatoria.' }).max(60).optional(),
  weekNumber: wholeNumberBetween('La jornada (weekNumber)', 1, 99),
  matchDate: IsoDateTimeSchema,
  kickoffConfirmed: z.boolean({ error: 'kickoffConfirmed debe ser verdadero o falso.' }).default(true),
  homeTeamId: TeamIdSchema,
  awayTeamId: TeamIdSchema,
  scoreHome: ScoreSchema.nullable().default(null),
  scoreAway: ScoreSchema.nullable().default(null),
  status: MatchStatusSchema.default('scheduled'),
});

/** Rules that need several fields; the server applies them again after merging a PATCH. */
export function matchConsistencyIssue(m: {
  homeTeamId: number;
  awayTeamId: number;
  status: MatchStatus;
  scoreHome: number | null;
  scoreAway: number | null;
}): string | null {
  if (m.homeTeamId === m.awayTeamId) return matchMessages.sameTeam;
  if (m.status === 'finished' && (m.scoreHome === null || m.scoreAway === null))
    return matchMessages.finishedNeedsScore;
  return null;
}

export const CreateMatchBodySchema = MatchFieldsSchema.superRefine((m, ctx) => {
  const issue = matchConsistencyIssue(m);
  if (issue) ctx.addIssue({ code: 'custom', message: issue });
});
export type CreateMatchBody = z.infer<typeof CreateMatchBodySchema>;

export const UpdateMatchBodySchema = z
  .object({
    competition: z.string().trim().min(1).max(60),
    round: z.string().trim().min(1).max(60),
    weekNumber: MatchFieldsSchema.shape.weekNumber,
    matchDate: IsoDateTimeSchema,
    kickoffConfirmed: z.boolean({ error: 'kickoffConfirmed debe ser verdadero o falso.' }),
    homeTeamId: TeamIdSchema,
    awayTeamId: TeamIdSchema,
    scoreHome: ScoreSchema.nullable(),
    scoreAway: ScoreSchema.nullable(),
    status: MatchStatusSchema,
  })
  .partial();
export type UpdateMatchBody = z.infer<typeof UpdateMatchBodySchema>;

const ScoreStateSchema = z.object({
  status: MatchStatusSchema,
  scoreHome: z.number().int().nullable(),
  scoreAway: z.number().int().nullable(),
});
export type ScoreState = z.infer<typeof ScoreStateSchema>;

/** One saved change of a match's result: why a pool's ranking moved. */
export const MatchResultChangeSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  changedAt: z.string(),
  /** `ChangeSource`: 'admin' (a correction by hand) or the feed that brought it ('import', 'openfootball'…). */
  source: z.string(),
  /** The admin's name, or the feed's (`CHANGE_SOURCE_AUTHORS`: «importación», «openfootball»…). */
  changedBy: z.string(),
  before: ScoreStateSchema,
  after: ScoreStateSchema,
});
export type MatchResultChange = z.infer<typeof MatchResultChangeSchema>;
export const MatchResultChangesResponseSchema = dataEnvelope(z.array(MatchResultChangeSchema));

const KickoffStateSchema = z.object({ matchDate: z.string(), kickoffConfirmed: z.boolean() });

/** One saved change of a match's kick-off (its day, its time, or whether the time is confirmed), and who made it. */
export const MatchKickoffChangeSchema = MatchResultChangeSchema.extend({
  before: KickoffStateSchema,
  after: KickoffStateSchema,
});
export type MatchKickoffChange = z.infer<typeof MatchKickoffChangeSchema>;
export const MatchKickoffChangesResponseSchema = dataEnvelope(z.array(MatchKickoffChangeSchema));

/*
 * Competitions: the distinct `competition` keys of the matches table, each with its rounds (`weekNumber`s).
 * No table of their own (docs/decisions/036-a-pool-belongs-to-a-competition.md): rounds, dates and the next round
 * come from the matches; the Spanish name and season of the competitions the app ships come from here.
 */

/**
 * Name and season of the competitions the app ships, by key; the season is the one the data file's `name` gives
 * ("Spain Primera División 2026/27", "World Cup 2026": server/modules/matches/competitions.test.ts holds them
 * equal). Matches an admin enters without a competition are `manual`.
 */
const COMPETITION_NAMES: Readonly<Record<string, { name: string; season: string | null; league?: true }>> = {
  'laliga-2026-27': { name: 'LaLiga', season: '2026/27', league: true },
  'worldcup-2026': { name: 'Mundial', season: '2026' },
  manual: { name: 'Partidos añadidos a mano', season: null },
};

/**
 * Whether a competition is played as one league, so that a table of all its teams means something ("Clasificación
 * de LaLiga"): only those the app knows to be. The World Cup's groups are not stored, and `manual` or an admin's
 * own key may mix anything (docs/decisions/076-the-league-table-from-the-stored-results.md).
 */
export const hasLeagueTable = (key: string): boolean => COMPETITION_NAMES[key]?.league === true;

/** A competition's name and season: a key the app does not know is its own name, without a season. */
export function competitionNameOf(key: string): { name: string; season: string | null; displayName: string } {
  const { name, season } = COMPETITION_NAMES[key] ?? { name: key, season: null };
  return { name, season, displayName: season === null ? name : `${name} ${season}` };
}

/**
 * The Spanish name of a round label of the openfootball data, for the labels the shipped files contain
 * (LaLiga's "Matchday 1"–"Matchday 38"; the World Cup's "Matchday 1"–"Matchday 17", its tournament days, and its
 * knock-out rounds). Null for any other label (one an admin typed): it is shown as it is.
 */
export function spanishRoundLabel(dataLabel: string): string | null {
  const matchday = /^Matchday (\d+)$/.exec(dataLabel);
  if (matchday) return `Jornada ${matchday[1]}`;
  return KNOCKOUT_ROUND_LABELS[dataLabel] ?? null;
}

const KNOCKOUT_ROUND_LABELS: Readonly<Record<string, string>> = {
  'Round of 32': 'Dieciseisavos de final',
  'Round of 16': 'Octavos de final',
  'Quarter-final': 'Cuartos de final',
  'Semi-final': 'Semifinales',
  'Match for third place': 'Tercer puesto',
  Final: 'Final',
};

/**
 * The name of a round (one `weekNumber` of a competition) from its matches' data labels, in kick-off order:
 * "Jornada 14"; a World Cup group week spans several tournament days, "Jornadas 1–7"; "Tercer puesto y Final".
 * Labels the data mapping knows name the round; only a round with none of them (an admin's own) shows its labels
 * as they are, so a match an admin adds to a data round does not rename it.
 */
export function roundDisplayLabel(dataLabels: readonly string[]): string {
  const known = dataLabels.map(spanishRoundLabel).filter((label): label is string => label !== null);
  const labels = [...new Set(known.length > 0 ? known : dataLabels)];
  const days = labels.map((label) => /^Jornada (\d+)$/.exec(label)?.[1]).map(Number);
  if (labels.length > 1 && days.every((day, i) => Number.isInteger(day) && (i === 0 || day === (days[i - 1] ?? 0) + 1))) {
    return `Jornadas ${days[0]}–${days.at(-1)}`;
  }
  if (labels.length <= 1) return labels[0] ?? '';
  const [last, ...rest] = labels.toReversed();
  return `${rest.toReversed().join(', ')} y ${last ?? ''}`;
}

/** "desde la Jornada 14", "desde los Octavos de final": the article a round's label takes. */
export function fromRoundPhrase(label: string): string {
  const article = /^Jornadas /.test(label)
    ? 'las'
    : /^(Jornada|Final)\b/.test(label)
      ? 'la'
      : /^(Dieciseisavos|Octavos|Cuartos)\b/.test(label)
        ? 'los'
        : /^Semifinales\b/.test(label)
          ? 'las'
          : /^Tercer puesto\b/.test(label)
            ? 'el'
            : null;
  return article === null ? `desde ${label}` : `desde ${article} ${label}`;
}

export const CompetitionRoundSchema = z.object({
  weekNumber: z.number().int(),
  /** Spanish: "Jornada 14", "Octavos de final" (roundDisplayLabel). */
  label: z.string(),
  /** The data's own labels of the round's matches, in kick-off order ("Matchday 14"; "Match for third place", "Final"). */
  dataLabels: z.array(z.string()),
  matches: z.number().int(),
  firstKickoff: z.string(),
  lastKickoff: z.string(),
});
export type CompetitionRound = z.infer<typeof CompetitionRoundSchema>;

export const CompetitionSchema = z.object({
  /** The matches' `competition`: "laliga-2026-27". */
  key: z.string(),
  /** "LaLiga 2026/27": name and season. */
  displayName: z.string(),
  name: z.string(),
  season: z.string().nullable(),
  /** In week order. */
  rounds: z.array(CompetitionRoundSchema),
  firstWeek: z.number().int(),
  lastWeek: z.number().int(),
  firstKickoff: z.string(),
  lastKickoff: z.string(),
  /** The first round (week order) with a match still open for picks (`picksClosed` false); null when none is. */
  nextRound: z.number().int().nullable(),
  /** Kick-off of its soonest match still open for picks: which competition comes next. */
  nextKickoff: z.string().nullable(),
});
export type Competition = z.infer<typeof CompetitionSchema>;
export const CompetitionListResponseSchema = dataEnvelope(z.array(CompetitionSchema));

/**
 * The competition and first round the create dialog preselects (the server applies the competition to a round sent
 * alone; a body with neither, the spec's, counts every match): the competition with the soonest match open for
 * picks, from its next round; when no match is open, the one whose last match was latest, from its first round.
 * Null without any.
 */
export function defaultPoolScope(competitions: readonly Competition[]): { competition: string; fromWeek: number } | null {
  const soonest = competitions
    .filter((c) => c.nextKickoff !== null)
    .toSorted((a, b) => Date.parse(a.nextKickoff ?? '') - Date.parse(b.nextKickoff ?? '') || a.key.localeCompare(b.key))[0];
  if (soonest) return { competition: soonest.key, fromWeek: soonest.nextRound ?? soonest.firstWeek };
  const latest = competitions.toSorted(
    (a, b) => Date.parse(b.lastKickoff) - Date.parse(a.lastKickoff) || a.key.localeCompare(b.key),
  )[0];
  return latest ? { competition: latest.key, fromWeek: latest.firstWeek } : null;
}

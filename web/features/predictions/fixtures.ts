import { competitionNameOf, roundDisplayLabel, type Match } from '#contract/matches';
import { DEFAULT_POOL_OPTIONS, pickDeadline, type PoolOptions } from '#contract/pool-options';
import { poolCountsMatch, type PoolScope } from '#contract/pools';
import { picksClosed, type PredictionChoice } from '#contract/predictions';
import { formatDayRange } from '../../lib/format-date.ts';

export interface FixtureTeam {
  name: string;
  logoUrl: string;
}

/** A match with its teams ready to show. */
export interface Fixture {
  match: Match;
  home: FixtureTeam;
  away: FixtureTeam;
}

/**
 * The fixtures a pool counts (`poolCountsMatch`: its competition from its first round on, or every one): Predecir
 * and the pool's per-round views list only these. The server refuses a pick of any other.
 */
export function fixturesOfPool(fixtures: readonly Fixture[], pool: PoolScope): Fixture[] {
  return fixtures.filter(({ match }) => poolCountsMatch(pool, match));
}

/** What Predecir offers: matches that are not finished and whose picks have not closed in the pool (`pickDeadline`), soonest first. */
export function selectOpenFixtures(
  fixtures: readonly Fixture[],
  now: number,
  options: Pick<PoolOptions, 'closeMinutesBefore'> = DEFAULT_POOL_OPTIONS,
): Fixture[] {
  return fixtures
    .filter(({ match }) => !picksClosed(match, now) && pickDeadline(match.matchDate, options) > now)
    .toSorted(byKickoff);
}

const byKickoff = (a: Fixture, b: Fixture) =>
  Date.parse(a.match.matchDate) - Date.parse(b.match.matchDate) || a.match.id - b.match.id;

/** What a card sends: a choice in a 1X2 pool, a score in an exact-score pool (contract/game-rules.ts). */
export type PickShape = { prediction: PredictionChoice } | { scoreHome: number; scoreAway: number };

/** A jornada of one competition on Predecir: its fixtures there, soonest first (never empty). */
export interface JornadaGroup {
  competition: string;
  weekNumber: number;
  fixtures: [Fixture, ...Fixture[]];
}

/**
 * Fixtures by jornada: one group per competition and jornada (`weekNumber`, what the app calls a jornada
 * everywhere: the rankings are by it), its fixtures by kick-off, the group with the soonest kick-off first. A
 * match moved to another date stays in its jornada.
 */
export function groupByJornada(fixtures: readonly Fixture[]): JornadaGroup[] {
  const groups = new Map<string, JornadaGroup>();
  for (const fixture of fixtures.toSorted(byKickoff)) {
    const { competition, weekNumber } = fixture.match;
    const key = JSON.stringify([competition, weekNumber]);
    const group = groups.get(key);
    if (group) group.fixtures.push(fixture);
    else groups.set(key, { competition, weekNumber, fixtures: [fixture] });
  }
  // A Map keeps the order groups were met in: by their first kick-off.
  return [...groups.values()];
}

/**
 * A group's heading: its round as the app names rounds (`roundDisplayLabel` of its matches' data labels: "Jornada
 * 14", "Octavos de final"), after its competition ("LaLiga 2026/27 · Jornada 14") when the list spans several, so
 * two competitions' jornadas 14 are told apart.
 */
export function jornadaTitle(group: JornadaGroup, severalCompetitions: boolean): string {
  const round = roundDisplayLabel(group.fixtures.map(({ match }) => match.round));
  return severalCompetitions ? `${competitionNameOf(group.competition).displayName} · ${round}` : round;
}

/** "28–30 nov.": the days of the group's matches (local days). */
export const jornadaDates = ({ fixtures }: JornadaGroup) =>
  formatDayRange(fixtures[0].match.matchDate, (fixtures.at(-1) ?? fixtures[0]).match.matchDate);

/** Whether the groups belong to more than one competition. */
export const spanCompetitions = (groups: readonly JornadaGroup[]) =>
  new Set(groups.map((group) => group.competition)).size > 1;

/** "7 de 10 pronosticados": how many of the group's matches have the user's pick (`picks`, by match id). */
export function picksDoneText(group: JornadaGroup, picks: ReadonlyMap<number, unknown>): string {
  const done = group.fixtures.filter(({ match }) => picks.has(match.id)).length;
  return `${done} de ${group.fixtures.length} pronosticados`;
}

/** How near a kick-off has to be for its group to count down to it. */
export const COUNTDOWN_FROM_MS = 48 * 3_600_000;

/**
 * Under 48 h to the group's first close, the countdown to it (whole minutes, rounded down): "Empieza en 5 h 20 min"
 * when picks close at kick-off (the specification's game), "Primer cierre en 5 h 15 min" when the pool closes them
 * before (`closeMinutesBefore`), as every card says "Cierra en…". "Hora por confirmar" when that kick-off's time
 * is not known, as no countdown to a made-up time is true. Null further off, and once it has passed.
 */
export function kickoffCountdown(
  group: JornadaGroup,
  now: number,
  options: Pick<PoolOptions, 'closeMinutesBefore'> = DEFAULT_POOL_OPTIONS,
): string | null {
  const first = group.fixtures[0].match;
  const left = pickDeadline(first.matchDate, options) - now;
  if (left <= 0 || left >= COUNTDOWN_FROM_MS) return null;
  if (!first.kickoffConfirmed) return 'Hora por confirmar';
  const minutes = Math.floor(left / 60_000);
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  const what = options.closeMinutesBefore > 0 ? 'Primer cierre en' : 'Empieza en';
  if (hours === 0) return minutes === 0 ? `${what} menos de 1 min` : `${what} ${minutes} min`;
  return rest === 0 ? `${what} ${hours} h` : `${what} ${hours} h ${rest} min`;
}

/** Rounds with at least one match under way or played, ascending. */
export function playedRounds(fixtures: readonly Fixture[], now: number): number[] {
  const rounds = new Set(fixtures.filter(({ match }) => picksClosed(match, now)).map(({ match }) => match.weekNumber));
  return [...rounds].toSorted((a, b) => a - b);
}

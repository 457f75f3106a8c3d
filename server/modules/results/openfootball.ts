/**
 * Pure parsing of openfootball data (worldcup.json / football.json "matches" format) into fixture rows for the
 * matches table. No I/O: the seed, the poller, the CLI and the admin import read the files and hand the parsed JSON in.
 */
import { z } from 'zod';

const GoalsSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);

const SourceMatchSchema = z.object({
  round: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.string().optional(),
  team1: z.string().min(1),
  team2: z.string().min(1),
  // football.json writes a few results as a bare [home, away] array instead of { ft, ht }.
  score: z.union([GoalsSchema, z.object({ ft: GoalsSchema.optional() })]).optional(),
  status: z.string().optional(),
});
export type SourceMatch = z.infer<typeof SourceMatchSchema>;

const SourceFileSchema = z.object({ name: z.string(), matches: z.array(SourceMatchSchema) });

export type CompetitionKey = 'worldcup-2026' | 'laliga-2026-27';

/** The openfootball file names of the competitions the app knows. */
export const COMPETITION_BY_NAME: Record<string, CompetitionKey> = {
  'World Cup 2026': 'worldcup-2026',
  'Spain Primera División 2026/27': 'laliga-2026-27',
};

export class UnknownCompetitionError extends Error {}

/** The competition a file is of, by the `name` it gives. Throws when that name is missing or not known. */
export function competitionOf(file: unknown): CompetitionKey {
  const { name } = z.object({ name: z.string() }).parse(file);
  const competition = COMPETITION_BY_NAME[name];
  if (!competition) throw new UnknownCompetitionError(`unknown competition "${name}"`);
  return competition;
}

/**
 * What a feed says of one match, its teams by their names in the openfootball data (`teams.source_name`): its
 * kick-off and its result as the feed has it (`scheduled`: none yet).
 */
export interface MatchReport {
  competition: CompetitionKey;
  homeTeam: string;
  awayTeam: string;
  matchDate: Date;
  kickoffConfirmed: boolean;
  scoreHome: number | null;
  scoreAway: number | null;
  status: 'scheduled' | 'live' | 'finished';
}

/** An openfootball row: a report with its round, which makes a fixture and places it in a jornada. */
export interface FixtureRow extends MatchReport {
  round: string;
  weekNumber: number;
  status: 'scheduled' | 'finished';
}

export interface ParsedFixtures {
  /** Only matches whose two teams are known. */
  fixtures: FixtureRow[];
  /** Source team names missing from the known teams, sorted; their matches are left out. */
  unknownTeamNames: string[];
}

interface CompetitionRules {
  /** Zone of times written without a UTC offset, and of the noon placeholder for undated kick-offs. */
  timeZone: string;
  weekNumber(match: SourceMatch): number;
}

const COMPETITIONS: Record<CompetitionKey, CompetitionRules> = {
  // Every World Cup time carries its own "UTC-6" style offset, so the zone is only a fallback.
  'worldcup-2026': { timeZone: 'UTC', weekNumber: worldCupWeekNumber },
  'laliga-2026-27': { timeZone: 'Europe/Madrid', weekNumber: (match) => matchdayNumber(match.round) },
};

/**
 * The kick-off of a match whose day is known and its time is not: noon that day in the competition's zone, flagged as
 * not confirmed ("hora por confirmar", docs/decisions/001).
 */
export function dayOnlyKickoff(competition: CompetitionKey, date: string): { matchDate: Date; kickoffConfirmed: false } {
  return kickoff(date, undefined, COMPETITIONS[competition].timeZone) as { matchDate: Date; kickoffConfirmed: false };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day ("2026-11-29") an instant falls on in the competition's zone. */
export function dayIn(competition: CompetitionKey, instant: Date): string {
  const { timeZone } = COMPETITIONS[competition];
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** The rows whose two teams are known, and the sorted names of the unknown teams (their rows are left out). */
function knownTeamsOnly<T>(rows: readonly T[], teamsOf: (row: T) => [string, string], knownTeams: ReadonlySet<string>) {
  const unknown = new Set<string>();
  const known = rows.filter((row) => {
    const missing = teamsOf(row).filter((team) => !knownTeams.has(team));
    missing.forEach((team) => unknown.add(team));
    return missing.length === 0;
  });
  return { known, unknownTeamNames: [...unknown].sort() };
}

/**
 * Parses one openfootball matches file of a known competition. Rows naming a team outside `knownTeams` are
 * reported and left out unparsed. Throws on malformed data.
 */
export function parseFixtures(
  file: unknown,
  competition: CompetitionKey,
  knownTeams: ReadonlySet<string>,
): ParsedFixtures {
  const rules = COMPETITIONS[competition];
  const rows = SourceFileSchema.parse(file).matches;
  const { known, unknownTeamNames } = knownTeamsOnly(rows, (match) => [match.team1, match.team2], knownTeams);
  const fixtures = known.map((match): FixtureRow => {
    const where = `${match.team1} - ${match.team2} (${match.date})`;
    try {
      return {
        competition,
        round: match.round,
        weekNumber: rules.weekNumber(match),
        ...kickoff(match.date, match.time, rules.timeZone),
        homeTeam: match.team1,
        awayTeam: match.team2,
        ...matchResult(match),
      };
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
    }
  });
  return { fixtures, unknownTeamNames };
}

/** Fixtures or reports parsed already, kept when their two teams are known (as `parseFixtures` would have kept them). */
export function fixturesOfKnownTeams<Row extends MatchReport>(
  fixtures: readonly Row[],
  knownTeams: ReadonlySet<string>,
): { fixtures: Row[]; unknownTeamNames: string[] } {
  const { known, unknownTeamNames } = knownTeamsOnly(fixtures, (f) => [f.homeTeam, f.awayTeam], knownTeams);
  return { fixtures: known, unknownTeamNames };
}

/** A match with a full-time score is finished; anything else (no score, postponed) is scheduled. */
export function matchResult(match: Pick<SourceMatch, 'score'>): Pick<FixtureRow, 'scoreHome' | 'scoreAway' | 'status'> {
  // The quiniela scores the 90-minute result, so extra time and penalties ("et", "p") are ignored.
  const ft = Array.isArray(match.score) ? match.score : match.score?.ft;
  if (ft === undefined) return { scoreHome: null, scoreAway: null, status: 'scheduled' };
  return { scoreHome: ft[0], scoreAway: ft[1], status: 'finished' };
}

/**
 * The kick-off instant. `time` is "HH:MM" in `timeZone` or "HH:MM UTC±H[:MM]". Without a time only the
 * day is known: the instant is noon of that day in `timeZone`, flagged as not confirmed.
 */
export function kickoff(
  date: string,
  time: string | undefined,
  timeZone: string,
): { matchDate: Date; kickoffConfirmed: boolean } {
  const dateParts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = [Number(dateParts?.[1]), Number(dateParts?.[2]), Number(dateParts?.[3])];
  // Date.UTC rolls "2026-02-30" over to March; a malformed date gives NaN: both fail this check.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new Error(`fecha no válida "${date}"`);
  }
  if (time === undefined) {
    return { matchDate: zonedTimeToUtc(year, month, day, 12, 0, timeZone), kickoffConfirmed: false };
  }
  const parts = /^(\d{1,2}):(\d{2})(?:\s*UTC([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(time.trim());
  const hour = Number(parts?.[1]);
  const minute = Number(parts?.[2]);
  if (!parts || hour > 23 || minute > 59) throw new Error(`hora no válida "${time}"`);
  if (parts[3] === undefined) {
    return { matchDate: zonedTimeToUtc(year, month, day, hour, minute, timeZone), kickoffConfirmed: true };
  }
  const sign = parts[3] === '-' ? -1 : 1;
  const offsetMinutes = sign * (Number(parts[4]) * 60 + Number(parts[5] ?? 0));
  const instant = Date.UTC(year, month - 1, day, hour, minute) - offsetMinutes * 60_000;
  return { matchDate: new Date(instant), kickoffConfirmed: true };
}

/** The instant at which the wall clock in `timeZone` shows the given local time (DST-aware). */
function zonedTimeToUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  // The second pass corrects the guess when a DST switch lies between it and the answer.
  const guess = wallClock - utcOffsetMs(wallClock, timeZone);
  return new Date(wallClock - utcOffsetMs(guess, timeZone));
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function utcOffsetMs(instant: number, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((part) => part.type === type)?.value);
  const wallClock = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wallClock - (instant - (instant % 1000));
}

/** "Matchday 12" → 12 (LaLiga's jornada). */
export function matchdayNumber(round: string): number {
  const parts = /^Matchday (\d+)$/.exec(round);
  if (!parts) throw new Error(`jornada no reconocida "${round}"`);
  return Number(parts[1]);
}

const WORLD_CUP_KNOCKOUT_WEEKS: Readonly<Record<string, number>> = {
  'Round of 32': 4,
  'Round of 16': 5,
  'Quarter-final': 6,
  'Semi-final': 7,
  'Match for third place': 8,
  Final: 8,
};

/**
 * The quiniela week of a World Cup 2026 match: 1–3 for each team's first, second and third group
 * game, then 4–8 for the knock-out rounds. The source's "Matchday N" is the tournament day, so group
 * games are placed by the date windows of the schedule (local dates; the unit test checks them
 * against every team's game count).
 */
export function worldCupWeekNumber(match: Pick<SourceMatch, 'round' | 'date'>): number {
  const knockout = WORLD_CUP_KNOCKOUT_WEEKS[match.round];
  if (knockout !== undefined) return knockout;
  if (!/^Matchday \d+$/.test(match.round)) throw new Error(`ronda no reconocida "${match.round}"`);
  if (match.date < '2026-06-11' || match.date > '2026-06-27') {
    throw new Error(`partido de grupo fuera de la fase de grupos (${match.date})`);
  }
  if (match.date <= '2026-06-17') return 1;
  return match.date <= '2026-06-23' ? 2 : 3;
}

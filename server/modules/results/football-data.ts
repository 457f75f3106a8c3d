/**
 * Pure reading of football-data.org's v4 answers (`GET /v4/competitions/{code}/matches?season=…`, as its public
 * documentation describes them) into what the importer applies: each match's kick-off and result, its teams by their
 * openfootball names. No I/O: football-data-client.ts fetches.
 */
import { z } from 'zod';
import { createTeamResolver } from './football-data-teams.ts';
import { dayIn, dayOnlyKickoff, type CompetitionKey, type MatchReport } from './openfootball.ts';

/** The competitions read from football-data.org, by its code: the app's competition and football-data's season. */
export const FOOTBALL_DATA_COMPETITIONS: Readonly<Record<string, { competition: CompetitionKey; season: number }>> = {
  PD: { competition: 'laliga-2026-27', season: 2026 },
  WC: { competition: 'worldcup-2026', season: 2026 },
};

const GoalsSchema = z.object({
  home: z.number().int().nonnegative().nullable(),
  away: z.number().int().nonnegative().nullable(),
});

const TeamSchema = z.object({ name: z.string().nullish(), shortName: z.string().nullish() });

const MatchSchema = z.object({
  utcDate: z.iso.datetime({ offset: true }),
  status: z.string(),
  homeTeam: TeamSchema,
  awayTeam: TeamSchema,
  score: z.object({
    duration: z.string().nullish(),
    fullTime: GoalsSchema,
    regularTime: GoalsSchema.nullish(),
  }),
});
type SourceMatch = z.infer<typeof MatchSchema>;

const AnswerSchema = z.object({ matches: z.array(MatchSchema) });

type Goals = z.infer<typeof GoalsSchema>;
const scoreOf = (goals: Goals | null | undefined) =>
  goals && goals.home !== null && goals.away !== null ? { scoreHome: goals.home, scoreAway: goals.away } : null;
const noResult = { status: 'scheduled', scoreHome: null, scoreAway: null } as const;

/**
 * The quiniela scores the 90 minutes: `fullTime` is the score at the end, extra time included, so a match that went
 * beyond (`duration` other than REGULAR) is read from `regularTime`; without it nothing is said of its result.
 */
function finalResult(score: SourceMatch['score']): Pick<MatchReport, 'status' | 'scoreHome' | 'scoreAway'> {
  const goals = scoreOf(!score.duration || score.duration === 'REGULAR' ? score.fullTime : score.regularTime);
  return goals ? { status: 'finished', ...goals } : noResult;
}

/**
 * What each status says (football-data.org's lookup table): SCHEDULED has a day and no time yet, TIMED a time;
 * IN_PLAY and PAUSED (half time) are under way, `fullTime` being the running score; FINISHED is over; POSTPONED has
 * lost its time; SUSPENDED stopped after kick-off with no result. CANCELLED and AWARDED (a desk result) say nothing the
 * quiniela takes: null.
 */
function reportOf(competition: CompetitionKey, match: SourceMatch): Omit<MatchReport, 'homeTeam' | 'awayTeam'> | null {
  const at = new Date(match.utcDate);
  const timed = { competition, matchDate: at, kickoffConfirmed: true };
  const dayOnly = { competition, ...dayOnlyKickoff(competition, dayIn(competition, at)) };
  switch (match.status) {
    case 'SCHEDULED':
    case 'POSTPONED':
      return { ...dayOnly, ...noResult };
    case 'TIMED':
    case 'SUSPENDED':
      return { ...timed, ...noResult };
    case 'IN_PLAY':
    case 'PAUSED':
    case 'LIVE': {
      const goals = scoreOf(match.score.fullTime);
      return { ...timed, ...(goals ? { status: 'live', ...goals } : noResult) };
    }
    case 'FINISHED':
      return { ...timed, ...finalResult(match.score) };
    default:
      return null;
  }
}

/**
 * The reports of one answer of a competition whose teams the app knows by `teamNames` (their openfootball names):
 * matches whose teams are not known yet (a knock-out's "TBD") or not resolved are left out, the names not resolved
 * listed. Throws (a ZodError) on an answer that is not a match list.
 */
export function parseFootballData(
  answer: unknown,
  competition: CompetitionKey,
  teamNames: Iterable<string>,
): { reports: MatchReport[]; unknownTeamNames: string[] } {
  const resolve = createTeamResolver(teamNames);
  const unknown = new Set<string>();
  const reports: MatchReport[] = [];
  for (const match of AnswerSchema.parse(answer).matches) {
    const [homeTeam, awayTeam] = [resolve(match.homeTeam), resolve(match.awayTeam)];
    for (const [team, resolved] of [
      [match.homeTeam, homeTeam],
      [match.awayTeam, awayTeam],
    ] as const) {
      if (resolved === null && team.name) unknown.add(team.name);
    }
    const report = reportOf(competition, match);
    if (homeTeam && awayTeam && report) reports.push({ ...report, homeTeam, awayTeam });
  }
  return { reports, unknownTeamNames: [...unknown].sort() };
}

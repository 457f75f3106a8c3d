import type { Match, MatchStatus, UpdateMatchBody } from '#contract/matches';
import type { Team } from '#contract/teams';
import { competitionLabel } from '../../../lib/match-text.ts';
import { fold } from '../../../lib/text.ts';
import { describeTeam } from '../../teams/api.ts';

export function competitionsOf(matches: readonly Match[]): string[] {
  return [...new Set(matches.map((m) => m.competition))].toSorted((a, b) =>
    competitionLabel(a).localeCompare(competitionLabel(b), 'es'),
  );
}

export function roundsOf(matches: readonly Match[], competition: string): number[] {
  return [...new Set(matches.filter((m) => m.competition === competition).map((m) => m.weekNumber))].toSorted(
    (a, b) => a - b,
  );
}

/** The round an admin most likely wants: the one of the earliest match not yet finished, else the last. */
export function defaultRound(matches: readonly Match[], competition: string): number | null {
  const inCompetition = matches
    .filter((m) => m.competition === competition)
    .toSorted((a, b) => Date.parse(a.matchDate) - Date.parse(b.matchDate));
  return (inCompetition.find((m) => m.status !== 'finished') ?? inCompetition.at(-1))?.weekNumber ?? null;
}

export interface MatchFilter {
  competition: string;
  /** null: every round. */
  weekNumber: number | null;
  /** Part of a team's name, any case and accents. */
  search: string;
}

export function filterMatches(
  matches: readonly Match[],
  teamsById: ReadonlyMap<number, Team>,
  filter: MatchFilter,
): Match[] {
  const search = fold(filter.search.trim());
  return matches
    .filter(
      (m) =>
        m.competition === filter.competition &&
        (filter.weekNumber === null || m.weekNumber === filter.weekNumber) &&
        (search === '' ||
          fold(`${describeTeam(teamsById, m.homeTeamId).name} ${describeTeam(teamsById, m.awayTeamId).name}`).includes(search)),
    )
    .toSorted((a, b) => Date.parse(a.matchDate) - Date.parse(b.matchDate) || a.id - b.id);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of an `<input type="datetime-local">`, in the device's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of a datetime-local input (device time zone) as a UTC ISO instant; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export interface MatchForm {
  matchDate: string;
  kickoffConfirmed: boolean;
  homeTeamId: number;
  awayTeamId: number;
  status: MatchStatus;
  /** Text of the score inputs: '' means no score. */
  scoreHome: string;
  scoreAway: string;
}

export function formOf(match: Match): MatchForm {
  return {
    matchDate: toLocalInput(match.matchDate),
    kickoffConfirmed: match.kickoffConfirmed,
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    status: match.status,
    scoreHome: match.scoreHome === null ? '' : String(match.scoreHome),
    scoreAway: match.scoreAway === null ? '' : String(match.scoreAway),
  };
}

const scoreOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * Only what the admin changed, so a save never rewrites fields it did not touch.
 * Errors (a bad date) are returned as Spanish text; the server judges the rest.
 */
export function changesOf(match: Match, form: MatchForm): { changes: UpdateMatchBody } | { error: string } {
  const matchDate = fromLocalInput(form.matchDate);
  if (matchDate === null) return { error: 'Indica la fecha y la hora del partido.' };
  const changes: UpdateMatchBody = {};
  if (form.matchDate !== toLocalInput(match.matchDate)) changes.matchDate = matchDate;
  if (form.kickoffConfirmed !== match.kickoffConfirmed) changes.kickoffConfirmed = form.kickoffConfirmed;
  if (form.homeTeamId !== match.homeTeamId) changes.homeTeamId = form.homeTeamId;
  if (form.awayTeamId !== match.awayTeamId) changes.awayTeamId = form.awayTeamId;
  if (form.status !== match.status) changes.status = form.status;
  const scoreHome = scoreOf(form.scoreHome);
  const scoreAway = scoreOf(form.scoreAway);
  if (scoreHome !== match.scoreHome) changes.scoreHome = scoreHome;
  if (scoreAway !== match.scoreAway) changes.scoreAway = scoreAway;
  return { changes };
}

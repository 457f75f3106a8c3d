import { eq, inArray, sql } from 'drizzle-orm';
import { competitionNameOf, roundDisplayLabel, type Competition, type CompetitionRound } from '#contract/index';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { matches, teams } from '../../db/schema.ts';
import type { TableMatch } from './league-table.ts';

interface RoundLabelRow {
  competition: string;
  week_number: number;
  round: string;
  matches: number;
  first_kickoff: Date | string;
  last_kickoff: Date | string;
  next_kickoff: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Competitions as the matches table has them (no table of their own: docs/decisions/036-a-pool-belongs-to-a-competition.md):
 * every distinct `competition`, its rounds (`week_number`) with the data's labels, and which round comes next at
 * `now`, a round being open while one of its matches is (scheduled, kick-off after `now`: `picksClosed`'s rule).
 */
export function createCompetitionsRepository(db: Database) {
  async function list(now: Date, competition?: string): Promise<Competition[]> {
    const rows = await queryRows<RoundLabelRow>(
      db,
      sql`
      select competition, week_number, round, count(*)::int as matches,
             min(match_date) as first_kickoff, max(match_date) as last_kickoff,
             min(match_date) filter (where status = 'scheduled' and match_date > ${now.toISOString()}::timestamptz) as next_kickoff
      from ${matches}
      ${competition === undefined ? sql`` : sql`where competition = ${competition}`}
      group by competition, week_number, round
      order by competition, week_number, min(match_date), round`,
    );
    const byKey = new Map<string, { rounds: Map<number, RoundLabelRow[]> }>();
    for (const row of rows) {
      const entry = byKey.get(row.competition) ?? { rounds: new Map<number, RoundLabelRow[]>() };
      byKey.set(row.competition, entry);
      const week = Number(row.week_number);
      entry.rounds.set(week, [...(entry.rounds.get(week) ?? []), row]);
    }
    return [...byKey].map(([key, { rounds }]): Competition => {
      const roundList = [...rounds].map(([weekNumber, labels]) => ({
        round: {
          weekNumber,
          label: roundDisplayLabel(labels.map((l) => l.round)),
          dataLabels: labels.map((l) => l.round),
          matches: labels.reduce((sum, l) => sum + Number(l.matches), 0),
          firstKickoff: iso(labels.map((l) => iso(l.first_kickoff)).toSorted()[0] ?? ''),
          lastKickoff: iso(
            labels
              .map((l) => iso(l.last_kickoff))
              .toSorted()
              .at(-1) ?? '',
          ),
        } satisfies CompetitionRound,
        nextKickoff:
          labels.flatMap((l) => (l.next_kickoff === null ? [] : [iso(l.next_kickoff)])).toSorted()[0] ?? null,
      }));
      const open = roundList.filter((r) => r.nextKickoff !== null);
      const kickoffs = roundList.flatMap((r) => [r.round.firstKickoff, r.round.lastKickoff]).toSorted();
      return {
        key,
        ...competitionNameOf(key),
        rounds: roundList.map((r) => r.round),
        firstWeek: roundList[0]?.round.weekNumber ?? 0,
        lastWeek: roundList.at(-1)?.round.weekNumber ?? 0,
        firstKickoff: kickoffs[0] ?? '',
        lastKickoff: kickoffs.at(-1) ?? '',
        nextRound: open[0]?.round.weekNumber ?? null,
        nextKickoff: open.map((r) => r.nextKickoff ?? '').toSorted()[0] ?? null,
      };
    });
  }

  return {
    /** Every stored match of a competition, as its league table reads them, and the names of its teams. */
    /** Read with `executor` inside a transaction (the bonus questions settle in the result's own). */
    async tableMatches(
      key: string,
      executor: Executor = db,
    ): Promise<{ matches: (TableMatch & { matchDate: Date })[]; teamNames: Map<number, string> }> {
      const rows = await executor
        .select({
          weekNumber: matches.weekNumber,
          matchDate: matches.matchDate,
          homeTeamId: matches.homeTeamId,
          awayTeamId: matches.awayTeamId,
          status: matches.status,
          scoreHome: matches.scoreHome,
          scoreAway: matches.scoreAway,
        })
        .from(matches)
        .where(eq(matches.competition, key));
      const teamIds = [...new Set(rows.flatMap((row) => [row.homeTeamId, row.awayTeamId]))];
      const names =
        teamIds.length === 0
          ? []
          : await executor.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds));
      return { matches: rows, teamNames: new Map(names.map((team) => [team.id, team.name])) };
    },
    /** Every competition of the matches table, by key, each with its rounds in week order. */
    list: (now: Date) => list(now),
    /** One competition, or undefined when no match has that key. */
    async find(key: string, now: Date): Promise<Competition | undefined> {
      return (await list(now, key))[0];
    },
  };
}

export type CompetitionsRepository = ReturnType<typeof createCompetitionsRepository>;

import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { matches, matchKickoffChanges, pools, teams } from '../../db/schema.ts';
import { poolPlaysMatchSql } from '../pools/pool-scope.ts';
import type { CalendarMatch } from './close-calendar.ts';

type Row = Omit<CalendarMatch, 'matchDate' | 'lastKickoffChange'> & { matchDate: Date | string; lastKickoffChange: Date | string | null };

/** What a pool's calendar of closes reads: the matches of its scope, their teams and their kick-off changes. */
export function createCloseCalendarRepository(db: Database) {
  return {
    async matchesOf(poolId: number): Promise<CalendarMatch[]> {
      const rows = await queryRows<Row>(
        db,
        sql`
          select m.id, m.week_number as "weekNumber", m.round, m.match_date as "matchDate",
                 m.kickoff_confirmed as "kickoffConfirmed", h.name as home, a.name as away,
                 changes.count as "kickoffChanges", changes.last as "lastKickoffChange"
          from ${matches} m
          join ${pools} p on p.id = ${poolId} and ${poolPlaysMatchSql(sql`p`, sql`m`)}
          join ${teams} h on h.id = m.home_team_id
          join ${teams} a on a.id = m.away_team_id
          cross join lateral (
            select count(*)::int as count, max(k.created_at) as last from ${matchKickoffChanges} k where k.match_id = m.id
          ) changes`,
      );
      return rows.map((row) => ({
        ...row,
        kickoffChanges: Number(row.kickoffChanges),
        matchDate: new Date(row.matchDate),
        lastKickoffChange: row.lastKickoffChange === null ? null : new Date(row.lastKickoffChange),
      }));
    },
  };
}

export type CloseCalendarRepository = ReturnType<typeof createCloseCalendarRepository>;

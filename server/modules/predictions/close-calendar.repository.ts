import { sql } from 'drizzle-orm';
import { poolRoundLabel } from '#contract/index';
import { queryRows, type Database } from '../../db/client.ts';
import { matches, matchKickoffChanges, pools, teams } from '../../db/schema.ts';
import { poolJornadaSql, poolPlaysMatchSql } from '../pools/pool-scope.ts';
import type { CalendarMatch } from './close-calendar.ts';

type Row = Omit<CalendarMatch, 'matchDate' | 'lastKickoffChange'> & { matchDate: Date | string; lastKickoffChange: Date | string | null; gameMode: string };

/**
 * What a pool's calendar of closes reads: the matches it plays (`poolPlaysMatchSql`) under its jornada of each (a La
 * Quiniela pool's is the boleto, named "Boleto N"), their teams and their kick-off changes.
 */
export function createCloseCalendarRepository(db: Database) {
  return {
    async matchesOf(poolId: number): Promise<CalendarMatch[]> {
      const rows = await queryRows<Row>(
        db,
        sql`
          select m.id, ${poolJornadaSql(sql`p`, sql`m`)} as "weekNumber", m.round, p.game_mode as "gameMode", m.match_date as "matchDate",
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
      return rows.map(({ gameMode, ...row }) => ({
        ...row,
        weekNumber: Number(row.weekNumber),
        round: poolRoundLabel(gameMode, Number(row.weekNumber), row.round),
        kickoffChanges: Number(row.kickoffChanges),
        matchDate: new Date(row.matchDate),
        lastKickoffChange: row.lastKickoffChange === null ? null : new Date(row.lastKickoffChange),
      }));
    },
  };
}

export type CloseCalendarRepository = ReturnType<typeof createCloseCalendarRepository>;

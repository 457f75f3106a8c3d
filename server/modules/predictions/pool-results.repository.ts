import { sql } from 'drizzle-orm';
import { poolRoundLabel, RESULT_PICKS_SHOWN, roundDisplayLabel, type MatchStatus, type PoolJornada, type PredictionChoice } from '#contract/index';
import { queryRows, type Database } from '../../db/client.ts';
import { matches, pools, predictions, users } from '../../db/schema.ts';
import { boletoPlaceSql, poolJornadaSql, poolPlaysMatchSql } from '../pools/pool-scope.ts';

/**
 * The aliases every query here gives `pools` and `matches`, for the rule of which matches a pool plays and its
 * jornada of each (a La Quiniela pool's is the boleto's number: docs/decisions/082-modo-la-quiniela.md).
 */
const poolCounts = poolPlaysMatchSql(sql.raw('p'), sql.raw('m'));
const poolJornada = poolJornadaSql(sql.raw('p'), sql.raw('m'));

export interface JornadaMatchRow {
  id: number;
  competition: string;
  round: string;
  weekNumber: number;
  matchDate: Date;
  kickoffConfirmed: boolean;
  homeTeamId: number;
  awayTeamId: number;
  status: MatchStatus;
  scoreHome: number | null;
  scoreAway: number | null;
  ownPick: PredictionChoice | null;
  ownScoreHome: number | null;
  ownScoreAway: number | null;
  ownJoker: boolean;
  /** Its line on the La Quiniela pool's boleto (1–15); null in the other games. */
  line: number | null;
}

export interface PickRow {
  matchId: number;
  userId: number;
  username: string;
  prediction: PredictionChoice;
  scoreHome: number | null;
  scoreAway: number | null;
  joker: boolean;
}

interface PickDbRow {
  match_id: number;
  user_id: number;
  prediction: PredictionChoice;
  score_home: number | null;
  score_away: number | null;
  joker: boolean;
}

const toPick = (r: PickDbRow): Omit<PickRow, 'username'> => ({
  matchId: Number(r.match_id),
  userId: Number(r.user_id),
  prediction: r.prediction,
  scoreHome: r.score_home === null ? null : Number(r.score_home),
  scoreAway: r.score_away === null ? null : Number(r.score_away),
  joker: r.joker,
});

/**
 * What the "Resultados" segment reads, one jornada at a time: a fixed number of statements whatever the pool's
 * size (the jornadas, the jornada's matches with the caller's picks, and, for the matches that kicked off, the
 * counts and the first picks by name), each through an index: `predictions_match_pool_idx` reads one pool's
 * picks of a match, `predictions_pool_user_match_uq` the caller's own.
 */
export function createPoolResultsRepository(db: Database) {
  return {
    /**
     * The pool's jornadas with a match that has started: finished, live, or past its kick-off by the server's clock
     * (`now`) whatever its status says (the data may never mark a match live). Newest (highest number) first, each
     * named in Spanish from its matches' data labels in kick-off order (`roundDisplayLabel`).
     */
    async jornadas(poolId: number, now: Date): Promise<PoolJornada[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = await queryRows<{ week_number: number; game_mode: string; finished: number; live: number; started: number; rounds: string[] }>(
        db,
        sql`
          select ${poolJornada} as week_number, p.game_mode,
                 count(*) filter (where m.status = 'finished')::int as finished,
                 count(*) filter (where m.status = 'live')::int as live,
                 count(*) filter (where m.status = 'scheduled' and m.match_date <= ${at})::int as started,
                 array_agg(m.round order by m.match_date, m.id) as rounds
          from ${matches} m join ${pools} p on p.id = ${poolId}
          where ${poolCounts}
          group by 1, p.game_mode
          having count(*) filter (where m.status <> 'scheduled' or m.match_date <= ${at}) > 0
          order by 1 desc`,
      );
      return rows.map((r) => ({
        weekNumber: Number(r.week_number),
        label: roundDisplayLabel(r.rounds.map((round) => poolRoundLabel(r.game_mode, Number(r.week_number), round))),
        finished: Number(r.finished),
        live: Number(r.live),
        started: Number(r.started),
      }));
    },

    /**
     * The pool's matches of one jornada in kick-off order (a La Quiniela pool's boleto in its lines' order), each with
     * `userId`'s own pick in the pool (or null).
     */
    async jornadaMatches(poolId: number, userId: number, weekNumber: number): Promise<JornadaMatchRow[]> {
      const rows = await queryRows<Omit<JornadaMatchRow, 'matchDate'> & { matchDate: Date | string }>(
        db,
        sql`
          select m.id, m.competition, m.round, m.week_number as "weekNumber", m.match_date as "matchDate",
                 m.kickoff_confirmed as "kickoffConfirmed", m.home_team_id as "homeTeamId", m.away_team_id as "awayTeamId",
                 m.status, m.score_home as "scoreHome", m.score_away as "scoreAway", own.prediction as "ownPick",
                 own.score_home as "ownScoreHome", own.score_away as "ownScoreAway", coalesce(own.joker, false) as "ownJoker",
                 ${boletoPlaceSql(sql.raw('p'), sql.raw('m'), 'position')} as line
          from ${matches} m
          join ${pools} p on p.id = ${poolId}
          left join ${predictions} own on own.pool_id = p.id and own.user_id = ${userId} and own.match_id = m.id
          where ${poolJornada} = ${weekNumber} and ${poolCounts}
          order by line, m.match_date, m.id`,
      );
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        weekNumber: Number(r.weekNumber),
        homeTeamId: Number(r.homeTeamId),
        awayTeamId: Number(r.awayTeamId),
        scoreHome: r.scoreHome === null ? null : Number(r.scoreHome),
        scoreAway: r.scoreAway === null ? null : Number(r.scoreAway),
        ownScoreHome: r.ownScoreHome === null ? null : Number(r.ownScoreHome),
        ownScoreAway: r.ownScoreAway === null ? null : Number(r.ownScoreAway),
        line: r.line === null ? null : Number(r.line),
        matchDate: new Date(r.matchDate),
      }));
    },

    /** How many picked each choice of each match, in the pool. */
    async pickCounts(poolId: number, matchIds: readonly number[]): Promise<{ matchId: number; prediction: PredictionChoice; count: number }[]> {
      if (matchIds.length === 0) return [];
      const rows = await queryRows<{ match_id: number; prediction: PredictionChoice; count: number }>(
        db,
        sql`
          select pr.match_id, pr.prediction, count(*)::int as count
          from ${predictions} pr
          where pr.pool_id = ${poolId} and pr.match_id in (${sql.join(matchIds.map((id) => sql`${id}`), sql`, `)})
          group by pr.match_id, pr.prediction`,
      );
      return rows.map((r) => ({ matchId: Number(r.match_id), prediction: r.prediction, count: Number(r.count) }));
    },

    /** The first `RESULT_PICKS_SHOWN` picks of each match by name (the order of the pick distribution). */
    async shownPicks(poolId: number, matchIds: readonly number[]): Promise<PickRow[]> {
      if (matchIds.length === 0) return [];
      const rows = await queryRows<PickDbRow & { username: string }>(
        db,
        sql`
          select match_id, user_id, username, prediction, score_home, score_away, joker from (
            select pr.match_id, pr.user_id, u.name as username, pr.prediction, pr.score_home, pr.score_away, pr.joker,
                   row_number() over (partition by pr.match_id order by u.name, u.id) as place
            from ${predictions} pr
            join ${users} u on u.id = pr.user_id
            where pr.pool_id = ${poolId} and pr.match_id in (${sql.join(matchIds.map((id) => sql`${id}`), sql`, `)})
          ) ranked
          where place <= ${RESULT_PICKS_SHOWN}
          order by match_id, place`,
      );
      return rows.map((r) => ({ ...toPick(r), username: r.username }));
    },

    /**
     * The picks of `userIds` (a page of "La jornada en una tabla") of the matches `matchIds`, in the pool: at most
     * one per player and match, read through `predictions_pool_user_match_uq`.
     */
    async playerPicks(poolId: number, matchIds: readonly number[], userIds: readonly number[]): Promise<Omit<PickRow, 'username'>[]> {
      if (matchIds.length === 0 || userIds.length === 0) return [];
      const rows = await queryRows<PickDbRow>(
        db,
        sql`
          select pr.match_id, pr.user_id, pr.prediction, pr.score_home, pr.score_away, pr.joker
          from ${predictions} pr
          where pr.pool_id = ${poolId}
            and pr.user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})
            and pr.match_id in (${sql.join(matchIds.map((id) => sql`${id}`), sql`, `)})`,
      );
      return rows.map(toPick);
    },
  };
}

export type PoolResultsRepository = ReturnType<typeof createPoolResultsRepository>;

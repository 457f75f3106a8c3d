import { lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { poolPushes } from '../../db/schema.ts';
import { jornadaOverSql, matchStatesSql } from '../leaderboard/jornada-over.ts';
import { poolPlaysMatchSql } from '../pools/pool-scope.ts';

/** A missing-picks reminder this instance claimed: `missing` of the jornada's open matches have no pick of the user. */
export interface ClaimedMissingPicks {
  userId: number;
  poolId: number;
  poolName: string;
  kind: 'missing-picks-24h' | 'missing-picks-1h';
  weekNumber: number;
  firstKickoff: Date;
  missing: number;
}

/** A jornada result this instance claimed: the pool's jornada `weekNumber` is over (decision 061). */
export interface ClaimedJornadaResult {
  userId: number;
  poolId: number;
  poolName: string;
  weekNumber: number;
}

/** A jornada whose last kick-off is older than this is not announced any more (a first start, a long outage). */
const RESULT_WINDOW_HOURS = 72;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The jornadas (competition, week, as Predecir groups them) whose first kick-off is within 24 hours and not yet reached. */
const jornadasAhead = (now: Date) => sql`
  select m.competition, m.week_number, min(m.match_date) as first_kickoff
  from matches m
  where m.match_date > ${at(now)} and m.match_date <= ${at(now)} + interval '24 hours'
  group by m.competition, m.week_number
  having not exists (
    select 1 from matches s
    where s.competition = m.competition and s.week_number = m.week_number and s.match_date <= ${at(now)})`;

/** Whether a player wants a pool's kind of reminder by push: a browser to push to, and the kind not turned off. */
const wantsPush = (kind: 'missing-picks' | 'jornada-results') => (user: SQL, pool: SQL) => sql`
  exists (select 1 from push_subscriptions s where s.user_id = ${user})
  and not exists (select 1 from notification_opt_outs o where o.user_id = ${user} and o.pool_id = ${pool} and o.kind = ${kind})`;

/** By e-mail: turned on (off by default) and the account's address confirmed. */
const wantsMail = (kind: 'missing-picks' | 'jornada-results') => (user: SQL, pool: SQL) => sql`
  exists (
    select 1 from email_notifications e join users u on u.id = e.user_id
    where e.user_id = ${user} and e.pool_id = ${pool} and e.kind = ${kind} and u.email_confirmed_at is not null)`;

/**
 * The CTEs up to `due`: each player of the pools `poolIds` who misses picks in a jornada of `jornadasAhead`, wants it
 * on this channel, and has not had this `kind` of it (`sent`, on the candidate `c`); `missing` of its open matches.
 */
function dueMissingPicks(
  now: Date,
  poolIds: readonly number[],
  channel: { wants: (user: SQL, pool: SQL) => SQL; kind: SQL; sent: SQL },
): SQL {
  const pools = sql`${`{${poolIds.join(',')}}`}::int[]`;
  return sql`jornadas as (${jornadasAhead(now)}), open_matches as (
    select m.id, m.competition, m.week_number
    from matches m join jornadas j on j.competition = m.competition and j.week_number = m.week_number
    where m.status <> 'finished'
  ), open_count as (
    select competition, week_number, count(*)::int as n from open_matches group by competition, week_number
  ), candidates as (
    select pp.user_id, p.id as pool_id, p.name as pool_name, j.competition, j.week_number, j.first_kickoff,
      oc.n as open, ${channel.kind} as kind
    from jornadas j
    join open_count oc on oc.competition = j.competition and oc.week_number = j.week_number
    join pools p on p.id = any(${pools}) and ${poolPlaysMatchSql(sql`p`, sql`j`)}
    join pool_participants pp on pp.pool_id = p.id
    where ${channel.wants(sql`pp.user_id`, sql`p.id`)}
  ), unsent as (
    select c.* from candidates c where not ${channel.sent}
  ), picked as (
    select pr.pool_id, pr.user_id, o.competition, o.week_number, count(*)::int as n
    from open_matches o join predictions pr on pr.match_id = o.id and pr.pool_id = any(${pools})
    group by pr.pool_id, pr.user_id, o.competition, o.week_number
  ), due as (
    select u.*, u.open - coalesce(k.n, 0) as missing
    from unsent u
    left join picked k on k.pool_id = u.pool_id and k.user_id = u.user_id
      and k.competition = u.competition and k.week_number = u.week_number
    where u.open - coalesce(k.n, 0) > 0
  )`;
}

/** The CTEs up to `finished`: each pool's jornada that is over (decision 061), recent, and had a pick in the pool. */
const jornadasOver = (now: Date) => sql`states as (${matchStatesSql}), weeks as (
    select distinct week_number from matches
    where match_date <= ${at(now)} and match_date > ${at(now)} - ${RESULT_WINDOW_HOURS}::int * interval '1 hour'
  ), finished as (
    select p.id as pool_id, p.name as pool_name, m.week_number
    from weeks w
    join states m on m.week_number = w.week_number
    join pools p on ${poolPlaysMatchSql(sql`p`, sql`m`)}
    group by p.id, p.name, m.week_number
    having ${jornadaOverSql(sql`m`)}
      and max(m.match_date) filter (where m.status = 'finished') > ${at(now)} - ${RESULT_WINDOW_HOURS}::int * interval '1 hour'
      -- A pool's predictions are of matches it counts (pool-scope.ts).
      and exists (
        select 1 from matches pm join predictions pr on pr.match_id = pm.id
        where pm.week_number = m.week_number and pr.pool_id = p.id)
  )`;

/**
 * The pool pushes (docs/decisions/047-pool-pushes-claimed-by-their-key.md), and the same reminders by e-mail. Each claim is one statement: it finds
 * who is due, inserts their `pool_pushes` rows and returns the ones it inserted. Two instances claiming at once
 * insert each key once (the primary key; the loser's `on conflict do nothing` returns nothing), and a restart finds
 * the row. Missing-picks reminders are claimed a batch of pools at a time, so that no statement holds more than a
 * few thousand players (`poolsWithJornadaAhead`, then `claimMissingPicks`). Only participants (a creator who
 * does not play is none) with a push subscription and the kind on. The e-mails take the same decisions
 * (`dueMissingPicks`, `jornadasOver`); their claim is the outbox row's `dedupe_key`.
 */
export function createPoolPushesRepository(db: Database) {
  return {
    /**
     * The pools that count a jornada (competition, week) whose first kick-off is within 24 hours and not yet
     * reached, with their players: the scheduler claims their missing-picks reminders a bounded batch of pools at
     * a time (`claimMissingPicks`).
     */
    async poolsWithJornadaAhead(now: Date): Promise<{ poolId: number; players: number }[]> {
      const rows = await queryRows<{ id: number; participant_count: number }>(db, sql`
        with jornadas as (${jornadasAhead(now)})
        select distinct p.id, p.participant_count
        from jornadas j join pools p on ${poolPlaysMatchSql(sql`p`, sql`j`)}
        where p.participant_count > 0
        order by p.id
      `);
      return rows.map((r) => ({ poolId: Number(r.id), players: Number(r.participant_count) }));
    },

    /**
     * Missing picks in the pools `poolIds`: a jornada of `poolsWithJornadaAhead`; the reminder is the 24-hour one
     * until an hour before, then the 1-hour one. The pools bound the statement: their participants and picks only.
     */
    async claimMissingPicks(now: Date, poolIds: readonly number[]): Promise<ClaimedMissingPicks[]> {
      if (poolIds.length === 0) return [];
      const rows = await queryRows<{
        user_id: number;
        pool_id: number;
        pool_name: string;
        kind: ClaimedMissingPicks['kind'];
        week_number: number;
        first_kickoff: Date | string;
        missing: number;
      }>(db, sql`
        with ${dueMissingPicks(now, poolIds, {
          wants: wantsPush('missing-picks'),
          kind: sql`case when j.first_kickoff - interval '1 hour' <= ${at(now)} then 'missing-picks-1h' else 'missing-picks-24h' end`,
          sent: sql`exists (
            select 1 from pool_pushes n
            where n.pool_id = c.pool_id and n.kind = c.kind and n.competition = c.competition
              and n.week_number = c.week_number and n.user_id = c.user_id)`,
        })}, claimed as (
          insert into pool_pushes (user_id, pool_id, kind, competition, week_number, sent_at)
          select user_id, pool_id, kind, competition, week_number, ${at(now)} from due
          on conflict do nothing
          returning user_id, pool_id, kind, competition, week_number
        )
        select c.user_id, c.pool_id, d.pool_name, c.kind, c.week_number, d.first_kickoff, d.missing
        from claimed c
        join due d on d.user_id = c.user_id and d.pool_id = c.pool_id and d.kind = c.kind
          and d.competition = c.competition and d.week_number = c.week_number
      `);
      return rows.map((r) => ({
        userId: Number(r.user_id),
        poolId: Number(r.pool_id),
        poolName: r.pool_name,
        kind: r.kind,
        weekNumber: Number(r.week_number),
        firstKickoff: new Date(r.first_kickoff),
        missing: Number(r.missing),
      }));
    },

    /**
     * The same decision by e-mail: one mail per player, pool and jornada, queued in the outbox by this statement (its
     * `dedupe_key` is the claim), for players who turned it on with a confirmed address. Returns how many it queued.
     */
    async queueMissingPicksMail(now: Date, poolIds: readonly number[]): Promise<number> {
      if (poolIds.length === 0) return 0;
      const dedupeKey = sql`'missing-picks:' || d.pool_id || ':' || d.competition || ':' || d.week_number || ':' || d.user_id`;
      const [row] = await queryRows<{ n: number }>(db, sql`
        with ${dueMissingPicks(now, poolIds, {
          wants: wantsMail('missing-picks'),
          kind: sql`'missing-picks'`,
          sent: sql`exists (
            select 1 from mail_outbox n
            where n.dedupe_key = 'missing-picks:' || c.pool_id || ':' || c.competition || ':' || c.week_number || ':' || c.user_id)`,
        })}, queued as (
          insert into mail_outbox (kind, recipient, user_id, params, dedupe_key)
          select 'missing-picks', u.email, d.user_id,
            jsonb_build_object('name', u.name, 'poolId', d.pool_id, 'poolName', d.pool_name, 'weekNumber', d.week_number,
              'missing', d.missing, 'firstKickoff', d.first_kickoff),
            ${dedupeKey}
          from due d join users u on u.id = d.user_id
          on conflict (dedupe_key) do nothing
          returning 1
        )
        select count(*)::int as n from queued
      `);
      return Number(row?.n ?? 0);
    },

    /**
     * Jornada results: a jornada of the pool's stored standings (its matches the pool counts of one week) that is over
     * (leaderboard/jornada-over.ts, the rule its winners wait for: docs/decisions/061), whose last finished match
     * kicked off within the last 72 hours, and on which the pool had a pick.
     */
    async claimJornadaResults(now: Date): Promise<ClaimedJornadaResult[]> {
      const rows = await queryRows<{ user_id: number; pool_id: number; pool_name: string; week_number: number }>(db, sql`
        with ${jornadasOver(now)}, claimed as (
          insert into pool_pushes (user_id, pool_id, kind, competition, week_number, sent_at)
          select pp.user_id, f.pool_id, 'jornada-result', '', f.week_number, ${at(now)}
          from finished f
          join pool_participants pp on pp.pool_id = f.pool_id
          where ${wantsPush('jornada-results')(sql`pp.user_id`, sql`f.pool_id`)}
            and not exists (
              select 1 from pool_pushes n
              where n.pool_id = f.pool_id and n.kind = 'jornada-result' and n.competition = ''
                and n.week_number = f.week_number and n.user_id = pp.user_id)
          on conflict do nothing
          returning user_id, pool_id, week_number
        )
        select c.user_id, c.pool_id, f.pool_name, c.week_number
        from claimed c join finished f on f.pool_id = c.pool_id and f.week_number = c.week_number
      `);
      return rows.map((r) => ({
        userId: Number(r.user_id),
        poolId: Number(r.pool_id),
        poolName: r.pool_name,
        weekNumber: Number(r.week_number),
      }));
    },

    /** The jornada's summary by e-mail, once per player, pool and jornada, queued by this statement. */
    async queueJornadaSummaryMail(now: Date): Promise<number> {
      const dedupeKey = (pool: SQL, week: SQL, user: SQL) => sql`'jornada-summary:' || ${pool} || ':' || ${week} || ':' || ${user}`;
      const [row] = await queryRows<{ n: number }>(db, sql`
        with ${jornadasOver(now)}, queued as (
          insert into mail_outbox (kind, recipient, user_id, params, dedupe_key)
          select 'jornada-summary', u.email, pp.user_id,
            jsonb_build_object('name', u.name, 'poolId', f.pool_id, 'poolName', f.pool_name, 'weekNumber', f.week_number),
            ${dedupeKey(sql`f.pool_id`, sql`f.week_number`, sql`pp.user_id`)}
          from finished f
          join pool_participants pp on pp.pool_id = f.pool_id
          join users u on u.id = pp.user_id
          where ${wantsMail('jornada-results')(sql`pp.user_id`, sql`f.pool_id`)}
            and not exists (
              select 1 from mail_outbox n where n.dedupe_key = ${dedupeKey(sql`f.pool_id`, sql`f.week_number`, sql`pp.user_id`)})
          on conflict (dedupe_key) do nothing
          returning 1
        )
        select count(*)::int as n from queued
      `);
      return Number(row?.n ?? 0);
    },

    /** Pushes sent before `cutoff`: every window they were claimed in is long closed, so none can be due again. */
    async deleteSentBefore(cutoff: Date): Promise<void> {
      await db.delete(poolPushes).where(lt(poolPushes.sentAt, cutoff));
    },
  };
}

export type PoolPushesRepository = ReturnType<typeof createPoolPushesRepository>;

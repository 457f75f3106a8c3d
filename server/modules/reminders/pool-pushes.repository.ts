import { lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { poolPushes } from '../../db/schema.ts';
import { jornadaOverSql, matchStatesSql } from '../leaderboard/jornada-over.ts';
import { poolPlaysWeekSql } from '../pools/pool-scope.ts';

/** A missing-picks reminder this instance claimed: `missing` of the jornada's open matches have no pick of the user. */
export interface ClaimedMissingPicks {
  userId: number;
  poolId: number;
  poolName: string;
  kind: 'missing-picks-24h' | 'missing-picks-1h';
  weekNumber: number;
  /** A La Quiniela pool's jornada: boleto `weekNumber` (its jornadas have no competition). */
  boleto: boolean;
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

/**
 * The boletos of La Quiniela pools (`pools` selects their rows `b`) whose first kick-off is within 24 hours and not yet
 * reached: a La Quiniela pool's jornada is its boleto, its matches the boleto's (docs/decisions/082-modo-la-quiniela.md).
 * As jornadas, under the competition '' (no competition's) and the boleto's number.
 */
const boletosAhead = (now: Date, pools: SQL) => sql`
  select b.pool_id, ''::text as competition, b.number as week_number, min(m.match_date) as first_kickoff
  from boleto_matches b join matches m on m.id = b.match_id
  where ${pools}
  group by b.pool_id, b.number
  having min(m.match_date) > ${at(now)} and min(m.match_date) <= ${at(now)} + interval '24 hours'`;

/** The boletos with a match in the next 24 hours: `boletosAhead`'s candidates, found through the matches' dates. */
const boletosNearby = (now: Date) => sql`(b.pool_id, b.number) in (
  select n.pool_id, n.number from matches s join boleto_matches n on n.match_id = s.id
  where s.match_date > ${at(now)} and s.match_date <= ${at(now)} + interval '24 hours')`;

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
 * The CTEs up to `due`: each player of the pools `poolIds` who misses picks in a jornada of theirs ahead (a
 * competition's of `jornadasAhead` the pool plays, or a La Quiniela pool's boleto of `boletosAhead`), wants it on this
 * channel, and has not had this `kind` of it (`sent`, on the candidate `c`); `missing` of its open matches.
 */
function dueMissingPicks(
  now: Date,
  poolIds: readonly number[],
  channel: { wants: (user: SQL, pool: SQL) => SQL; kind: SQL; sent: SQL },
): SQL {
  const pools = sql`${`{${poolIds.join(',')}}`}::int[]`;
  return sql`jornadas as (${jornadasAhead(now)}), pool_jornadas as (
    select p.id as pool_id, j.competition, j.week_number, j.first_kickoff
    from jornadas j join pools p on p.id = any(${pools}) and ${poolPlaysWeekSql(sql`p`, sql`j`)}
    union all
    ${boletosAhead(now, sql`b.pool_id = any(${pools})`)}
  ), open_matches as (
    select j.pool_id, m.id, j.competition, j.week_number
    from pool_jornadas j join matches m on m.competition = j.competition and m.week_number = j.week_number
    where m.status <> 'finished'
    union all
    select j.pool_id, m.id, j.competition, j.week_number
    from pool_jornadas j
    join boleto_matches b on j.competition = '' and b.pool_id = j.pool_id and b.number = j.week_number
    join matches m on m.id = b.match_id
    where m.status <> 'finished'
  ), open_count as (
    select pool_id, competition, week_number, count(*)::int as n from open_matches group by pool_id, competition, week_number
  ), candidates as (
    select pp.user_id, p.id as pool_id, p.name as pool_name, j.competition, j.week_number, j.first_kickoff,
      oc.n as open, ${channel.kind} as kind
    from pool_jornadas j
    join open_count oc on oc.pool_id = j.pool_id and oc.competition = j.competition and oc.week_number = j.week_number
    join pools p on p.id = j.pool_id
    join pool_participants pp on pp.pool_id = p.id
    where ${channel.wants(sql`pp.user_id`, sql`p.id`)}
  ), unsent as (
    select c.* from candidates c where not ${channel.sent}
  ), picked as (
    select o.pool_id, pr.user_id, o.competition, o.week_number, count(*)::int as n
    from open_matches o join predictions pr on pr.match_id = o.id and pr.pool_id = o.pool_id
    group by o.pool_id, pr.user_id, o.competition, o.week_number
  ), due as (
    select u.*, u.open - coalesce(k.n, 0) as missing
    from unsent u
    left join picked k on k.pool_id = u.pool_id and k.user_id = u.user_id
      and k.competition = u.competition and k.week_number = u.week_number
    where u.open - coalesce(k.n, 0) > 0
  )`;
}

/**
 * The CTEs up to `finished`: each pool's jornada that is over (decision 061), recent, and had a pick in the pool: a
 * competition's week the pool plays, or a La Quiniela pool's boleto.
 */
const jornadasOver = (now: Date) => sql`states as (${matchStatesSql}), weeks as (
    select distinct week_number from matches
    where match_date <= ${at(now)} and match_date > ${at(now)} - ${RESULT_WINDOW_HOURS}::int * interval '1 hour'
  ), finished as (
    select p.id as pool_id, p.name as pool_name, m.week_number
    from weeks w
    join states m on m.week_number = w.week_number
    join pools p on ${poolPlaysWeekSql(sql`p`, sql`m`)}
    group by p.id, p.name, m.week_number
    having ${jornadaOverSql(sql`m`)}
      and max(m.match_date) filter (where m.status = 'finished') > ${at(now)} - ${RESULT_WINDOW_HOURS}::int * interval '1 hour'
      -- A pool's predictions are of matches it counts (pool-scope.ts).
      and exists (
        select 1 from matches pm join predictions pr on pr.match_id = pm.id
        where pm.week_number = m.week_number and pr.pool_id = p.id)
    union all
    -- A La Quiniela pool's jornada is its boleto (decision 082): the boletos with a match in the window.
    select p.id, p.name, b.number
    from boleto_matches b
    join states m on m.id = b.match_id
    join pools p on p.id = b.pool_id
    where (b.pool_id, b.number) in (
      select n.pool_id, n.number from boleto_matches n join matches s on s.id = n.match_id
      where s.match_date <= ${at(now)} and s.match_date > ${at(now)} - ${RESULT_WINDOW_HOURS}::int * interval '1 hour')
    group by p.id, p.name, b.number
    having ${jornadaOverSql(sql`m`)}
      and max(m.match_date) filter (where m.status = 'finished') > ${at(now)} - ${RESULT_WINDOW_HOURS}::int * interval '1 hour'
      and exists (
        select 1 from boleto_matches pb join predictions pr on pr.match_id = pb.match_id and pr.pool_id = pb.pool_id
        where pb.pool_id = p.id and pb.number = b.number)
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
     * The pools that play a jornada (a competition's, or a La Quiniela pool's boleto) whose first kick-off is within 24 hours and not yet
     * reached, with their players: the scheduler claims their missing-picks reminders a bounded batch of pools at
     * a time (`claimMissingPicks`).
     */
    async poolsWithJornadaAhead(now: Date): Promise<{ poolId: number; players: number }[]> {
      const rows = await queryRows<{ id: number; participant_count: number }>(db, sql`
        with jornadas as (${jornadasAhead(now)}), ahead as (
          select p.id from jornadas j join pools p on ${poolPlaysWeekSql(sql`p`, sql`j`)}
          union
          select pool_id from (${boletosAhead(now, boletosNearby(now))}) b
        )
        select p.id, p.participant_count
        from ahead a join pools p on p.id = a.id
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
        boleto: boolean;
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
        select c.user_id, c.pool_id, d.pool_name, c.kind, c.week_number, c.competition = '' as boleto, d.first_kickoff, d.missing
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
        boleto: r.boleto,
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
              'boleto', d.competition = '', 'missing', d.missing, 'firstKickoff', d.first_kickoff),
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

import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { REMINDER_SLOTS, reminderId, type MatchStatus, type PlannedReminder, type Reminder, type ReminderSlot } from '#contract/index';
import { queryRows, type Database } from '../../db/client.ts';
import { favoriteMatches, matchReminders, matches } from '../../db/schema.ts';

/** A reminder this instance claimed, with what its notification needs. */
export interface ClaimedReminder {
  userId: number;
  matchId: number;
  slot: ReminderSlot;
  dueAt: Date;
  status: MatchStatus;
  homeTeam: string;
  awayTeam: string;
  /** The user turned favourite reminders off: claimed, so never sent later, but not pushed. */
  muted: boolean;
}

/** A "Hora confirmada" notice this instance claimed, with what its notification needs. */
export interface ClaimedKickoffNotice {
  userId: number;
  matchId: number;
  kickoff: Date;
  status: MatchStatus;
  homeTeam: string;
  awayTeam: string;
  /** The user's reminders of the match still unsent at the claim: an hour before (slot 1) and at kick-off (slot 2). */
  hourBeforePending: boolean;
  atKickoffPending: boolean;
  /** As a reminder's. */
  muted: boolean;
}

/** Reminders are saved for REMINDER_SLOTS only, so none falls due earlier than this before its kick-off. */
const EARLIEST_REMINDER_MINUTES = Math.max(...REMINDER_SLOTS.map((s) => s.minutesBefore));

/** Whether the claimed row's user (`alias`.user_id) turned favourite reminders off. */
const mutedSql = (alias: string) => sql.raw(`exists (
            select 1 from notification_opt_outs o
            where o.user_id = ${alias}.user_id and o.kind = 'favorite-reminders' and o.pool_id is null) as "muted"`);

/**
 * A claim's head: marks the unsent rows of `table` (named `alias`) sent at `at`, joined to their match (`m`) and its
 * teams (`home`, `away`) for the notification's text; the claim adds which rows, and what it returns.
 */
const claimUnsentSql = (table: 'match_reminders' | 'kickoff_notices', alias: string, at: SQL) => sql`
          update ${sql.raw(`${table} ${alias}`)}
          set sent_at = ${at}
          from matches m
          join teams home on home.id = m.home_team_id
          join teams away on away.id = m.away_team_id
          where m.id = ${sql.raw(alias)}.match_id
            and ${sql.raw(alias)}.sent_at is null`;

const dueAt = sql<Date>`${matches.matchDate} - ${matchReminders.minutesBefore} * interval '1 minute'`.mapWith(
  matches.matchDate,
);

const reminderColumns = {
  matchId: matchReminders.matchId,
  slot: matchReminders.slot,
  dueAt,
  sentAt: matchReminders.sentAt,
};

type ReminderRow = { matchId: number; slot: number; dueAt: Date; sentAt: Date | null };

const toReminder = (row: ReminderRow): Reminder => {
  const slot = row.slot as ReminderSlot;
  return {
    id: reminderId(row.matchId, slot),
    matchId: row.matchId,
    slot,
    dueAt: row.dueAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
};

export function createRemindersRepository(db: Database) {
  return {
    /** Idempotent: a reminder the user already has (sent or not) is left as it is. */
    async insertMissing(userId: number, planned: readonly PlannedReminder[]): Promise<void> {
      if (planned.length === 0) return;
      await db
        .insert(matchReminders)
        .values(planned.map(({ matchId, slot, minutesBefore }) => ({ userId, matchId, slot, minutesBefore })))
        .onConflictDoNothing();
    },

    async listForUser(userId: number, matchId?: number): Promise<Reminder[]> {
      const rows = await db
        .select(reminderColumns)
        .from(matchReminders)
        .innerJoin(matches, eq(matches.id, matchReminders.matchId))
        .where(
          and(
            eq(matchReminders.userId, userId),
            matchId === undefined ? undefined : eq(matchReminders.matchId, matchId),
          ),
        )
        .orderBy(asc(dueAt), asc(matchReminders.slot));
      return rows.map(toReminder);
    },

    /** Idempotent. A favourite outlives its reminders: it stays listed when none is planned or all were sent. */
    async addFavorite(userId: number, matchId: number): Promise<void> {
      await db.insert(favoriteMatches).values({ userId, matchId }).onConflictDoNothing();
    },

    /** The user's favourite match ids, oldest first. */
    async listFavoriteIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ matchId: favoriteMatches.matchId })
        .from(favoriteMatches)
        .where(eq(favoriteMatches.userId, userId))
        .orderBy(asc(favoriteMatches.createdAt), asc(favoriteMatches.matchId));
      return rows.map((row) => row.matchId);
    },

    /** Un-favouriting: the favourite and its reminders go together. */
    async deleteForMatch(userId: number, matchId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(matchReminders)
          .where(and(eq(matchReminders.userId, userId), eq(matchReminders.matchId, matchId)));
        await tx
          .delete(favoriteMatches)
          .where(and(eq(favoriteMatches.userId, userId), eq(favoriteMatches.matchId, matchId)));
      });
    },

    /** Reminders sent before `cutoff`: their match is long past, and a sent reminder is never sent again. */
    async deleteSentBefore(cutoff: Date): Promise<void> {
      await db.delete(matchReminders).where(lt(matchReminders.sentAt, cutoff));
    },

    /**
     * Marks up to `limit` due reminders as sent and returns them, in one statement.
     * `for update skip locked` makes concurrent claimers (other instances on the same
     * PostgreSQL) pass over rows already being claimed, and the re-checked
     * `sent_at is null` drops rows another claimer committed meanwhile: each
     * reminder is claimed exactly once. Kick-offs not fixed yet wait until they are.
     * The kick-off bound lets the scan start from the few matches near now (match date
     * index, then the pending reminders' partial index) instead of walking every
     * reminder ever saved; the oldest due go first.
     */
    async claimDue(now: Date, limit: number): Promise<ClaimedReminder[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = await queryRows<Omit<ClaimedReminder, 'dueAt'> & { dueAt: Date | string }>(
        db,
        sql`${claimUnsentSql('match_reminders', 'r', at)}
            and r.id in (
              select d.id
              from matches dm
              join match_reminders d on d.match_id = dm.id and d.sent_at is null
              where dm.kickoff_confirmed
                and dm.match_date <= ${at} + ${EARLIEST_REMINDER_MINUTES}::int * interval '1 minute'
                and dm.match_date - d.minutes_before * interval '1 minute' <= ${at}
              order by dm.match_date - d.minutes_before * interval '1 minute', d.id
              limit ${limit}
              for update of d skip locked
            )
          returning r.user_id as "userId", r.match_id as "matchId", r.slot,
            m.match_date - r.minutes_before * interval '1 minute' as "dueAt",
            m.status, home.name as "homeTeam", away.name as "awayTeam", ${mutedSql('r')}`,
      );
      return rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt) }));
    },

    /**
     * Marks up to `limit` "Hora confirmada" notices as sent and returns them, in one statement, exactly once
     * across instances as `claimDue` does. The trigger of migration 0013 makes them when a kick-off time is
     * confirmed; one whose time was un-confirmed again before any instance claimed it waits for the next confirmation.
     */
    async claimKickoffNotices(now: Date, limit: number): Promise<ClaimedKickoffNotice[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const pending = (slot: ReminderSlot) => sql`exists (
            select 1 from match_reminders r
            where r.user_id = n.user_id and r.match_id = n.match_id and r.slot = ${slot} and r.sent_at is null)`;
      const rows = await queryRows<Omit<ClaimedKickoffNotice, 'kickoff'> & { kickoff: Date | string }>(
        db,
        sql`${claimUnsentSql('kickoff_notices', 'n', at)}
            and (n.user_id, n.match_id) in (
              select d.user_id, d.match_id
              from kickoff_notices d
              join matches dm on dm.id = d.match_id
              where d.sent_at is null and dm.kickoff_confirmed
              order by d.created_at, d.user_id, d.match_id
              limit ${limit}
              for update of d skip locked
            )
          returning n.user_id as "userId", n.match_id as "matchId", m.match_date as "kickoff", m.status,
            home.name as "homeTeam", away.name as "awayTeam",
            ${pending(1)} as "hourBeforePending", ${pending(2)} as "atKickoffPending", ${mutedSql('n')}`,
      );
      return rows.map((row) => ({ ...row, kickoff: new Date(row.kickoff) }));
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;

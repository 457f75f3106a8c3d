import { createHash } from 'node:crypto';
import { closeCalendarMessages, poolMessages, type CloseCalendarLink, type UserProfile } from '#contract/index';
import { GoneError, NotFoundError } from '../../lib/errors.ts';
import type { UsersRepository } from '../accounts/users.repository.ts';
import { assertCanView, canView } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import { signCalendar, verifyCalendar, type CalendarKeyStore } from './calendar-tokens.ts';
import { closeCalendarText } from './close-calendar.ts';
import type { CloseCalendarRepository } from './close-calendar.repository.ts';

interface Deps {
  calendar: CloseCalendarRepository;
  pools: Pick<PoolsRepository, 'findById' | 'isParticipant'>;
  users: Pick<UsersRepository, 'findProfile'>;
  keys: CalendarKeyStore;
  /** Where the app is reached (`config.publicOrigin`), as in every link the app hands out. */
  publicOrigin: string;
}

/** The path of a calendar's address; its token is all a calendar app sends. */
export const calendarPath = (token: string) => `/api/calendar/${token}.ics`;

/**
 * A pool's calendar of closes: the address a member subscribes to (their own, signed), and the calendar itself,
 * served to whoever holds a signed address only while its user may still see the pool (pool-access.ts).
 */
export function createCloseCalendarService({ calendar, pools, users, keys, publicOrigin }: Deps) {
  return {
    async link(actor: UserProfile, poolId: number): Promise<CloseCalendarLink> {
      const pool = await pools.findById(poolId);
      if (!pool) throw new NotFoundError(poolMessages.notFound);
      await assertCanView(pools, actor, pool);
      const url = `${publicOrigin}${calendarPath(signCalendar(await keys.get(), { userId: actor.id, poolId }))}`;
      return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
    },

    /** The calendar's text and its ETag: a 404 for a token this server did not sign, a 410 once it opens nothing. */
    async feed(token: string): Promise<{ text: string; etag: string }> {
      const target = verifyCalendar(await keys.get(), token);
      if (!target) throw new NotFoundError(closeCalendarMessages.invalid);
      const [pool, user] = await Promise.all([pools.findById(target.poolId), users.findProfile(target.userId)]);
      if (!pool || !user || !(await canView(pools, user, pool))) throw new GoneError(closeCalendarMessages.gone);
      const text = closeCalendarText(pool, await calendar.matchesOf(pool.id), publicOrigin);
      return { text, etag: `"${createHash('sha1').update(text).digest('base64url')}"` };
    },
  };
}

export type CloseCalendarService = ReturnType<typeof createCloseCalendarService>;

import {
  matchMessages,
  type NotificationSettingBody,
  type NotificationSettings,
  notificationMessages,
  planReminders,
  type PushSubscriptionBody,
  type Reminder,
  reminderMessages,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { ConflictError, ForbiddenError, NotFoundError, isForeignKeyViolation } from '../../lib/errors.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { NotificationSettingsRepository } from './notification-settings.repository.ts';
import type { PushEndpointGuard } from './push-endpoint.ts';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.ts';
import type { RemindersRepository } from './reminders.repository.ts';
import type { VapidKeyStore } from './vapid-keys.ts';
import type { UnsubscribeTarget } from '../mail/unsubscribe-tokens.ts';

interface Deps {
  /** Whether this server sends e-mail: reminders by e-mail are offered only then. */
  mailAvailable: boolean;
  /** Which endpoints the server may push to (push-endpoint.ts). */
  pushEndpoints: Pick<PushEndpointGuard, 'check' | 'refuses'>;
  reminders: RemindersRepository;
  subscriptions: PushSubscriptionsRepository;
  settings: NotificationSettingsRepository;
  matches: Pick<MatchesRepository, 'findById'>;
  vapidKeys: VapidKeyStore;
  clock: Clock;
}

/** The match was deleted a moment ago. */
function matchGone(error: unknown): never {
  throw isForeignKeyViolation(error) ? new NotFoundError(matchMessages.matchNotFound) : error;
}

/** Everything here acts on the signed-in user's own rows only. */
export function createRemindersService({
  mailAvailable,
  pushEndpoints,
  reminders,
  subscriptions,
  settings,
  matches,
  vapidKeys,
  clock,
}: Deps) {
  const readSettings = async (userId: number): Promise<NotificationSettings> => {
    const { emailConfirmed, ...read } = await settings.read(userId);
    return { ...read, email: { available: mailAvailable, confirmed: emailConfirmed } };
  };
  return {
    async publicKey(): Promise<string> {
      return (await vapidKeys.get()).publicKey;
    },

    async saveSubscription(userId: number, body: PushSubscriptionBody): Promise<void> {
      await pushEndpoints.check(body.endpoint);
      if (!(await subscriptions.upsert(userId, body))) throw new ConflictError(reminderMessages.subscriptionTaken);
    },

    /**
     * Drops the stored subscriptions the server may no longer push to (saved before the rule, `PUSH_ENDPOINT_HOSTS`
     * changed, or a name that now resolves to a private address), by the rule saving applies, lookups included: each
     * origin looked up once (the push services are a handful), all at once. Answers the dropped endpoints' hosts.
     */
    async dropUnpushable(): Promise<string[]> {
      const stored = await subscriptions.listEndpoints();
      const verdicts = new Map<string, Promise<boolean>>();
      const refuses = (endpoint: string) => {
        const origin = URL.canParse(endpoint) ? new URL(endpoint).origin : endpoint;
        if (!verdicts.has(origin)) verdicts.set(origin, pushEndpoints.refuses(endpoint));
        return verdicts.get(origin)!;
      };
      const refusedFlags = await Promise.all(stored.map(({ endpoint }) => refuses(endpoint)));
      const refused = stored.filter((_, i) => refusedFlags[i]);
      for (const { id } of refused) await subscriptions.delete(id);
      return refused.map(({ endpoint }) => (URL.canParse(endpoint) ? new URL(endpoint).host : endpoint));
    },

    removeSubscription: (userId: number, endpoint: string) => subscriptions.deleteOwn(userId, endpoint),

    /** Saves a favourite without reminders (notifications refused or unavailable on that device). */
    async addFavorite(userId: number, matchId: number): Promise<number[]> {
      if (!(await matches.findById(matchId))) throw new NotFoundError(matchMessages.matchNotFound);
      await reminders.addFavorite(userId, matchId).catch(matchGone);
      return reminders.listFavoriteIds(userId);
    },

    listFavorites: (userId: number) => reminders.listFavoriteIds(userId),

    /**
     * A favourite and its reminders (the spec's reminder rule): only those still ahead; asking again changes nothing.
     * A kick-off not confirmed yet gets them too, planned on the provisional time: they follow the
     * match's date and are only sent once the time is confirmed (`claimDue`).
     */
    async schedule(userId: number, matchId: number): Promise<Reminder[]> {
      const match = await matches.findById(matchId);
      if (!match) throw new NotFoundError(matchMessages.matchNotFound);
      await reminders.addFavorite(userId, matchId).catch(matchGone);
      if (match.status !== 'finished') {
        await reminders
          // Unconfirmed, both are kept whatever the provisional time: the confirmed one decides.
          .insertMissing(
            userId,
            planReminders(match.id, new Date(match.matchDate), match.kickoffConfirmed ? clock() : new Date(0)),
          )
          .catch(matchGone);
      }
      return reminders.listForUser(userId, matchId);
    },

    /** Un-favouriting: the favourite and its reminders. */
    cancel: (userId: number, matchId: number) => reminders.deleteForMatch(userId, matchId),

    list: (userId: number) => reminders.listForUser(userId),

    notificationSettings: readSettings,

    /**
     * Turns one kind on or off; a pool's kinds only for a pool the user plays in (a creator who does not play has none).
     * By e-mail, only on a server that sends it, and turned on only for a confirmed address.
     */
    async setNotification(
      userId: number,
      { kind, poolId, enabled, channel = 'push' }: NotificationSettingBody,
    ): Promise<NotificationSettings> {
      const current = await readSettings(userId);
      if (kind !== 'favorite-reminders' && !current.pools.some((pool) => pool.poolId === poolId)) {
        throw new ForbiddenError(notificationMessages.notPlaying);
      }
      if (channel === 'email') {
        if (!current.email.available) throw new ConflictError(notificationMessages.emailUnavailable);
        if (enabled && !current.email.confirmed) throw new ConflictError(notificationMessages.emailNeedsConfirmation);
      }
      const write =
        channel === 'email' && kind !== 'favorite-reminders'
          ? settings.setEmail(userId, kind, poolId!, enabled)
          : settings.set(userId, kind, poolId ?? null, enabled);
      await write.catch((error: unknown) => {
        // The pool was deleted a moment ago.
        throw isForeignKeyViolation(error) ? new ForbiddenError(notificationMessages.notPlaying) : error;
      });
      return readSettings(userId);
    },

    /** An unsubscribe link's one kind of one pool, by e-mail, off: no sign-in, the link's signature is the proof. */
    unsubscribeEmail: (target: UnsubscribeTarget) => settings.setEmail(target.userId, target.kind, target.poolId, false),
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;

import {
  footballMessages,
  planReminders,
  reminderMessages,
  type PushSubscriptionBody,
  type Reminder,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { ConflictError, NotFoundError, isForeignKeyViolation } from '../../lib/errors.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.ts';
import type { RemindersRepository } from './reminders.repository.ts';
import type { VapidKeyStore } from './vapid-keys.ts';

interface Deps {
  reminders: RemindersRepository;
  subscriptions: PushSubscriptionsRepository;
  matches: Pick<MatchesRepository, 'findById'>;
  vapidKeys: VapidKeyStore;
  clock: Clock;
}

/** Everything here acts on the signed-in user's own rows only. */
export function createRemindersService({ reminders, subscriptions, matches, vapidKeys, clock }: Deps) {
  return {
    async publicKey(): Promise<string> {
      return (await vapidKeys.get()).publicKey;
    },

    async saveSubscription(userId: number, body: PushSubscriptionBody): Promise<void> {
      if (!(await subscriptions.upsert(userId, body))) throw new ConflictError(reminderMessages.subscriptionTaken);
    },

    removeSubscription: (userId: number, endpoint: string) => subscriptions.deleteOwn(userId, endpoint),

    /** A favourite's reminders (spec §9): only those still ahead; asking again changes nothing. */
    async schedule(userId: number, matchId: number): Promise<Reminder[]> {
      const match = await matches.findById(matchId);
      if (!match) throw new NotFoundError(footballMessages.matchNotFound);
      if (match.status !== 'finished') {
        await reminders
          .insertMissing(userId, planReminders(match.id, new Date(match.matchDate), clock()))
          .catch((error: unknown) => {
            // The match was deleted a moment ago.
            throw isForeignKeyViolation(error) ? new NotFoundError(footballMessages.matchNotFound) : error;
          });
      }
      return reminders.listForUser(userId, matchId);
    },

    cancel: (userId: number, matchId: number) => reminders.deleteForMatch(userId, matchId),

    list: (userId: number) => reminders.listForUser(userId),
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;

import { useSyncExternalStore } from 'react';
import { createLocalStore } from '../../lib/local-store.ts';
import { readStoredAccount } from '../../lib/session.ts';

/**
 * Inicio's competition filter, remembered per user on this device: `home_competition_<userId>` holds the
 * competition chosen (its `competition` key); no key is "Todas", every competition, the spec's list.
 * Per user, like the saved matches, so the next player on a shared phone starts from their own choice.
 */
export const homeCompetitionKey = (userId: number) => `home_competition_${userId}`;

const signedInUserId = (): number | null => {
  const account = readStoredAccount();
  return account.status === 'signed-in' ? account.userProfile.id : null;
};

// Choosing in another browser tab shows up in this one too.
const store = createLocalStore(
  () => {
    const userId = signedInUserId();
    return [userId === null ? null : localStorage.getItem(homeCompetitionKey(userId))];
  },
  (stored): string | null => (stored === null || stored.trim() === '' ? null : stored),
);

/** The signed-in user's competition on Inicio; `null` is "Todas" (also when nobody is signed in). */
export const readHomeCompetition = (): string | null => store.read();

/** Remembers the signed-in user's choice on this device; `null` is "Todas". */
export function chooseHomeCompetition(competition: string | null): void {
  const userId = signedInUserId();
  if (userId === null) return;
  if (competition === null) localStorage.removeItem(homeCompetitionKey(userId));
  else localStorage.setItem(homeCompetitionKey(userId), competition);
  store.changed();
}

export function useHomeCompetition(): string | null {
  return useSyncExternalStore(store.subscribe, store.read);
}

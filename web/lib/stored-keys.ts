/** Local storage keys named by the spec. */
export const SESSION_KEY = 'session';
export const USER_PROFILE_KEY = 'userProfile';
/** The signed-in user's saved match ids (web/features/reminders/saved-matches.ts): emptied at sign-in and sign-out. */
export const SAVED_MATCHES_KEY = 'savedMatches';

/** Something is stored from a previous sign-in: start-up will most likely open the tabs. */
export const hasStoredKeys = () =>
  localStorage.getItem(SESSION_KEY) !== null || localStorage.getItem(USER_PROFILE_KEY) !== null;

/**
 * The stored session's token, read without the contract (start-up asks for the match list before it loads). Only a hint:
 * start-up validates the stored session with the contract before the app uses it.
 */
export function storedAccessTokenHint(): string | null {
  try {
    const session: unknown = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
    const token =
      typeof session === 'object' && session !== null && 'accessToken' in session ? session.accessToken : null;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}

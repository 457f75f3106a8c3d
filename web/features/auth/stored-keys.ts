/** Local storage keys named by the spec (§9). */
export const SESSION_KEY = 'session';
export const USER_PROFILE_KEY = 'userProfile';

/** Something is stored from a previous sign-in: start-up will most likely open the tabs. */
export const hasStoredKeys = () =>
  localStorage.getItem(SESSION_KEY) !== null || localStorage.getItem(USER_PROFILE_KEY) !== null;

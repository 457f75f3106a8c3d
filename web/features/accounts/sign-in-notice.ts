import { useEffect, useState } from 'react';

/**
 * Why the user is on the sign-in screen when the app sent them there: the
 * server's answer to a call made with an expired or revoked session
 * (`messages.sessionExpired` or `sessionEnded`). Kept in memory only, so the sign-in screen says
 * it once: a reload, or the next visit, starts without it.
 */
let pendingNotice: string | null = null;

export function noteSignInNotice(message: string): void {
  pendingNotice = message;
}

/** The notice waiting for the sign-in screen, taken: the next screen to mount sees none. */
export function useSignInNotice(): string | null {
  // Read in the initializer, consumed in the effect: a double-mounted component (StrictMode) still shows it.
  const [notice] = useState(() => pendingNotice);
  useEffect(() => {
    pendingNotice = null;
  }, []);
  return notice;
}

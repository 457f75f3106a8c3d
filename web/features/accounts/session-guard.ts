import { useEffect, useEffectEvent } from 'react';
import { messages } from '#contract/messages';
import { useToast } from '../../lib/toast.ts';
import { clearStoredAccount, useStoredAccount } from '../../lib/session.ts';
import type { StoredAccount } from '../../lib/session.ts';

export interface SessionGuardRules {
  /** Whether the screen at `pathname` needs a signed-in user. */
  isProtected(pathname: string): boolean;
  /** What to tell a signed-out visitor of `pathname`, if anything (e.g. the pools list, per the spec's permissions). */
  signedOutNotice(pathname: string): string | null;
}

/**
 * Returns the stored account state for the route table to redirect on, and
 * explains the redirect with a toast. The notice runs when a protected path is
 * entered, not when the session ends on it: signing out or a 401 leaves
 * quietly (or with its own message).
 */
export function useSessionGuard(pathname: string, rules: SessionGuardRules): StoredAccount {
  const account = useStoredAccount();
  const showToast = useToast();

  const explainRedirect = useEffectEvent((enteredPath: string) => {
    if (!rules.isProtected(enteredPath) || account.status === 'signed-in') return;
    if (account.status === 'invalid') {
      clearStoredAccount();
      showToast({ message: messages.invalidStoredProfile, color: 'danger' });
      return;
    }
    const notice = rules.signedOutNotice(enteredPath);
    if (notice) showToast({ message: notice, color: 'warning' });
  });

  useEffect(() => explainRedirect(pathname), [pathname]);

  return account;
}

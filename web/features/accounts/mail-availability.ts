import { useAnswer } from '../../lib/use-answer.ts';

/** Asked once per page load: whether a server sends mail does not change while the app runs. */
let known: boolean | undefined;
let asking: Promise<boolean> | undefined;

/** The server's answer; a failed request (offline) is not kept, so the next screen that needs it asks again. */
function askMailAvailability(): Promise<boolean> {
  asking ??= fetch('/auth/mail/availability', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const body = response.ok ? ((await response.json()) as { available?: unknown } | null) : null;
      known = body?.available === true;
      return known;
    })
    .catch(() => {
      asking = undefined;
      return false;
    });
  return asking;
}

/**
 * Whether this server sends e-mail (SMTP_URL): without it nothing offers anything by mail; false until it answers.
 * The sign-in screen asks, so this is read by hand, without a contract schema or TanStack Query's observers: /login's
 * first load stays within its budget (tests/support/first-load.ts).
 */
export function useMailAvailable(): boolean {
  return useAnswer(known === undefined ? askMailAvailability : null, known ?? false);
}

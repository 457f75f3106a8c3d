import { generateInvitationCode, poolMessages } from '#contract/pools';
import { ApiRequestError } from '../../lib/api-client.ts';

/** Codes are random among 900,000: a few collisions in a row mean something else is wrong. */
const MAX_ATTEMPTS = 5;

function isCodeTaken(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409 && error.serverMessage === poolMessages.codeTaken;
}

/**
 * Runs `attempt` with a fresh client-generated code (as the spec requires) until the server
 * accepts one. A taken code is the client's problem, not the user's: it is
 * retried silently; any other failure is passed on.
 */
export async function withFreshInvitationCode<T>(
  attempt: (invitationCode: number) => Promise<T>,
  nextCode: () => number = generateInvitationCode,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt(nextCode());
    } catch (error) {
      if (!isCodeTaken(error) || tries >= MAX_ATTEMPTS) throw error;
    }
  }
}

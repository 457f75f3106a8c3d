import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearStoredAccount, parseStoredAccount, readAccessToken, readStoredAccount, storeSignIn } from './session.ts';
import { loadContract } from './contract.ts';

// The app loads the schemas before reading a stored session (prepareStoredAccount at start-up).
beforeAll(() => loadContract());

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2026-12-01T00:00:00.000Z' } as const;
const userProfile = { id: 4, name: 'Ana', email: 'ana@example.com', role: 'user' } as const;

afterEach(() => localStorage.clear());

describe('parseStoredAccount', () => {
  it('is signed out when nothing is stored', () => {
    expect(parseStoredAccount(null, null)).toEqual({ status: 'signed-out' });
  });

  it('is signed in when both keys hold valid JSON', () => {
    expect(parseStoredAccount(JSON.stringify(session), JSON.stringify(userProfile))).toEqual({
      status: 'signed-in',
      session,
      userProfile,
    });
  });

  it.each([
    ['unreadable JSON', '{"id": 4,'],
    ['a profile of the wrong shape', JSON.stringify({ id: 'four', name: 'Ana' })],
  ])('reports %s in the stored profile as invalid', (_case, rawProfile) => {
    expect(parseStoredAccount(JSON.stringify(session), rawProfile)).toEqual({ status: 'invalid' });
    expect(parseStoredAccount(null, rawProfile)).toEqual({ status: 'invalid' });
  });

  it('reports a session without its profile as invalid', () => {
    expect(parseStoredAccount(JSON.stringify(session), null)).toEqual({ status: 'invalid' });
  });

  it('reports an unreadable session as invalid', () => {
    expect(parseStoredAccount('not json', JSON.stringify(userProfile))).toEqual({ status: 'invalid' });
  });

  it('is signed out when a profile is left without a session', () => {
    expect(parseStoredAccount(null, JSON.stringify(userProfile))).toEqual({ status: 'signed-out' });
  });
});

describe('stored sign-in', () => {
  it('keeps the session and profile under the spec keys', () => {
    storeSignIn({ session, userProfile });
    expect(JSON.parse(localStorage.getItem('session') ?? '')).toEqual(session);
    expect(JSON.parse(localStorage.getItem('userProfile') ?? '')).toEqual(userProfile);
    expect(readAccessToken()).toBe('token-123');
  });

  it('returns the same state object while storage is unchanged', () => {
    storeSignIn({ session, userProfile });
    expect(readStoredAccount()).toBe(readStoredAccount());
  });

  it('forgets both keys on sign-out', () => {
    storeSignIn({ session, userProfile });
    clearStoredAccount();
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('userProfile')).toBeNull();
    expect(readStoredAccount()).toEqual({ status: 'signed-out' });
    expect(readAccessToken()).toBeNull();
  });

  it('re-reads storage changed behind its back (another tab, a broken write)', () => {
    storeSignIn({ session, userProfile });
    localStorage.setItem('userProfile', 'broken');
    expect(readStoredAccount()).toEqual({ status: 'invalid' });
  });
});

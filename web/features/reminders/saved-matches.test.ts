import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../lib/contract.ts';
import { clearStoredAccount, storeSignIn } from '../../lib/session.ts';
import { pendingChanges, settleMatchId } from './pending-favorites.ts';
import {
  parseSavedMatchIds,
  readSavedMatchIds,
  removeMatchId,
  replaceSavedMatchIds,
  saveMatchId,
} from './saved-matches.ts';

beforeAll(() => loadContract());
afterEach(() => localStorage.clear());

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2026-12-01T00:00:00.000Z' } as const;
const signInAs = (id: number) =>
  storeSignIn({ session, userProfile: { id, name: `U${id}`, email: `u${id}@example.com`, role: 'user' } });
const stored = () => JSON.parse(localStorage.getItem('savedMatches') ?? 'null') as unknown;

describe('parseSavedMatchIds', () => {
  it('reads the list, and an older version’s ids by user as the signed-in user’s', () => {
    expect(parseSavedMatchIds('[3, 1, 3]', 4)).toEqual([3, 1]);
    expect(parseSavedMatchIds('{"4":[3,1,3],"5":[8]}', 4)).toEqual([3, 1]);
    expect(parseSavedMatchIds('{"5":[8]}', 4)).toEqual([]);
  });

  it.each([null, '', '{"ids": [1]}', '[1, "dos"]', '[1,', '{"4":[1,"dos"]}'])('reads %j as nothing saved', (raw) => {
    expect(parseSavedMatchIds(raw, 4)).toEqual([]);
  });
});

describe('the spec’s key "savedMatches"', () => {
  it('is a list of the signed-in user’s saved match ids', () => {
    signInAs(4);
    saveMatchId(7);
    saveMatchId(9);
    saveMatchId(7);
    expect(stored()).toEqual([7, 9]);
    removeMatchId(7);
    expect(stored()).toEqual([9]);
    expect([...readSavedMatchIds()]).toEqual([9]);
  });

  it('is emptied at sign-out, starts empty for the next user, and takes their server list', () => {
    signInAs(4);
    saveMatchId(7);
    clearStoredAccount();
    expect(localStorage.getItem('savedMatches')).toBeNull();
    expect([...readSavedMatchIds()]).toEqual([]);

    signInAs(5);
    expect([...readSavedMatchIds()]).toEqual([]);
    replaceSavedMatchIds(5, [8, 2]);
    expect(stored()).toEqual([8, 2]);
    saveMatchId(3);
    expect(stored()).toEqual([8, 2, 3]);

    // The first user back: nothing of the second's, then their own list from the server.
    signInAs(4);
    expect(localStorage.getItem('savedMatches')).toBeNull();
    replaceSavedMatchIds(4, [7]);
    expect(stored()).toEqual([7]);
  });

  it('takes the server’s favourites for the signed-in user only', () => {
    signInAs(4);
    saveMatchId(7);
    settleMatchId(4, 7, true);
    replaceSavedMatchIds(4, [2, 3]);
    expect(stored()).toEqual([2, 3]);
    replaceSavedMatchIds(5, [9]);
    expect(stored()).toEqual([2, 3]);
  });

  it('writes an older version’s ids by user back as the signed-in user’s list', () => {
    signInAs(4);
    localStorage.setItem('savedMatches', '{"4":[3,1],"5":[8]}');
    expect([...readSavedMatchIds()]).toEqual([3, 1]);
    replaceSavedMatchIds(4, [3, 1]);
    expect(stored()).toEqual([3, 1]);
  });

  it('keeps nothing while nobody is signed in', () => {
    saveMatchId(7);
    expect(localStorage.getItem('savedMatches')).toBeNull();
    expect([...readSavedMatchIds()]).toEqual([]);
  });

  it('answers the same set while nothing changed', () => {
    signInAs(4);
    saveMatchId(1);
    expect(readSavedMatchIds()).toBe(readSavedMatchIds());
  });
});

describe('changes the server has not confirmed yet', () => {
  it('survive the server’s older list, a save and a removal alike, until the server confirms them', () => {
    signInAs(4);
    replaceSavedMatchIds(4, [1, 2]);
    saveMatchId(7);
    removeMatchId(1);
    expect(pendingChanges(4)).toEqual(
      new Map([
        [7, true],
        [1, false],
      ]),
    );
    // The page was left before the answers: the next start reads the server's list as it was.
    replaceSavedMatchIds(4, [1, 2]);
    expect(stored()).toEqual([2, 7]);

    settleMatchId(4, 7, true);
    settleMatchId(4, 1, false);
    replaceSavedMatchIds(4, [2]);
    expect({ list: stored(), pending: localStorage.getItem('savedMatchesPending_4') }).toEqual({ list: [2], pending: null });
  });

  it('keep the latest change: an answer to an earlier one does not settle it', () => {
    signInAs(4);
    saveMatchId(7);
    removeMatchId(7);
    settleMatchId(4, 7, true);
    expect([...pendingChanges(4)]).toEqual([[7, false]]);
    replaceSavedMatchIds(4, [7]);
    expect(stored()).toEqual([]);
  });

  it('are each user’s own, and kept across a sign-out to be sent at their next sign-in', () => {
    signInAs(4);
    saveMatchId(7);
    signInAs(5);
    expect(pendingChanges(5).size).toBe(0);
    signInAs(4);
    replaceSavedMatchIds(4, []);
    expect(stored()).toEqual([7]);
  });

  it('read as none when unreadable', () => {
    signInAs(4);
    localStorage.setItem('savedMatchesPending_4', '{"7":"sí"}');
    expect(pendingChanges(4).size).toBe(0);
    replaceSavedMatchIds(4, [2]);
    expect(stored()).toEqual([2]);
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../lib/contract.ts';
import { clearStoredAccount, storeSignIn } from '../accounts/session.ts';
import {
  parseSavedMatchIds,
  readSavedMatchIds,
  removeMatchId,
  replaceSavedMatchIds,
  saveMatchId,
  takeLegacySavedMatchIds,
} from './saved-matches.ts';

beforeAll(() => loadContract());
afterEach(() => localStorage.clear());

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2026-12-01T00:00:00.000Z' } as const;
const signInAs = (id: number) =>
  storeSignIn({ session, userProfile: { id, name: `U${id}`, email: `u${id}@example.com`, role: 'user' } });

describe('parseSavedMatchIds', () => {
  it("reads the user's ids, and an old device-wide array as theirs", () => {
    expect(parseSavedMatchIds('{"4":[3,1,3],"5":[8]}', 4)).toEqual([3, 1]);
    expect(parseSavedMatchIds('{"5":[8]}', 4)).toEqual([]);
    expect(parseSavedMatchIds('[3, 1, 3]', 4)).toEqual([3, 1]);
  });

  it.each([null, '', '{"ids": [1]}', '[1, "dos"]', '[1,', '{"4":[1,"dos"]}'])('reads %j as nothing saved', (raw) => {
    expect(parseSavedMatchIds(raw, 4)).toEqual([]);
  });
});

describe('saving and removing', () => {
  it('keeps each user\'s ids under the spec key "savedMatches"', () => {
    signInAs(4);
    saveMatchId(7);
    saveMatchId(9);
    saveMatchId(7);
    expect(localStorage.getItem('savedMatches')).toBe('{"4":[7,9]}');
    removeMatchId(7);
    expect(localStorage.getItem('savedMatches')).toBe('{"4":[9]}');
    expect([...readSavedMatchIds()]).toEqual([9]);
  });

  it("shows the next user on the device none of the last one's, and the last one's again when they come back", () => {
    signInAs(4);
    saveMatchId(7);
    clearStoredAccount();
    expect([...readSavedMatchIds()]).toEqual([]);
    signInAs(5);
    expect([...readSavedMatchIds()]).toEqual([]);
    saveMatchId(8);
    expect(localStorage.getItem('savedMatches')).toBe('{"4":[7],"5":[8]}');
    signInAs(4);
    expect([...readSavedMatchIds()]).toEqual([7]);
  });

  it("takes the server's favourites for the signed-in user only", () => {
    signInAs(4);
    saveMatchId(7);
    replaceSavedMatchIds(4, [2, 3]);
    expect([...readSavedMatchIds()]).toEqual([2, 3]);
    replaceSavedMatchIds(5, [9]);
    expect(localStorage.getItem('savedMatches')).toBe('{"4":[2,3]}');
  });

  it('gives an old device-wide array to the user signed in when it is first read, once', () => {
    localStorage.setItem('savedMatches', '[3,1]');
    signInAs(4);
    expect([...readSavedMatchIds()]).toEqual([3, 1]);
    expect(takeLegacySavedMatchIds(4)).toEqual([3, 1]);
    expect(localStorage.getItem('savedMatches')).toBe('{"4":[3,1]}');
    expect(takeLegacySavedMatchIds(4)).toEqual([]);
    signInAs(5);
    expect([...readSavedMatchIds()]).toEqual([]);
  });

  it('answers the same set while nothing changed', () => {
    signInAs(4);
    saveMatchId(1);
    expect(readSavedMatchIds()).toBe(readSavedMatchIds());
  });
});

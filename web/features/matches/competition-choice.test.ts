import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../lib/contract.ts';
import { clearStoredAccount, storeSignIn } from '../../lib/session.ts';
import { chooseHomeCompetition, homeCompetitionKey, readHomeCompetition } from './competition-choice.ts';

beforeAll(() => loadContract());
afterEach(() => localStorage.clear());

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2026-12-01T00:00:00.000Z' } as const;
const signInAs = (id: number) =>
  storeSignIn({ session, userProfile: { id, name: `U${id}`, email: `u${id}@example.com`, role: 'user' } });

describe("Inicio's remembered competition", () => {
  it('is "Todas" (null) until one is chosen, and is kept under the user\u2019s own key', () => {
    signInAs(4);
    expect(readHomeCompetition()).toBeNull();
    chooseHomeCompetition('laliga-2026-27');
    expect(readHomeCompetition()).toBe('laliga-2026-27');
    expect(localStorage.getItem(homeCompetitionKey(4))).toBe('laliga-2026-27');
    expect(homeCompetitionKey(4)).toBe('home_competition_4');
  });

  it('choosing "Todas" forgets the choice', () => {
    signInAs(4);
    chooseHomeCompetition('laliga-2026-27');
    chooseHomeCompetition(null);
    expect(readHomeCompetition()).toBeNull();
    expect(localStorage.getItem(homeCompetitionKey(4))).toBeNull();
  });

  it('is each user\u2019s own on a shared device, and nobody signed in has none', () => {
    signInAs(4);
    chooseHomeCompetition('laliga-2026-27');
    signInAs(5);
    expect(readHomeCompetition()).toBeNull();
    chooseHomeCompetition('worldcup-2026');
    clearStoredAccount();
    expect(readHomeCompetition()).toBeNull();
    chooseHomeCompetition('manual');
    expect(
      Object.keys(localStorage)
        .filter((key) => key.startsWith('home_competition_'))
        .toSorted(),
    ).toEqual(['home_competition_4', 'home_competition_5']);
    signInAs(4);
    expect(readHomeCompetition()).toBe('laliga-2026-27');
  });

  it('reads an empty stored value as "Todas"', () => {
    signInAs(4);
    localStorage.setItem(homeCompetitionKey(4), ' ');
    expect(readHomeCompetition()).toBeNull();
  });
});

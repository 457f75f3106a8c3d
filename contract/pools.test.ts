import { describe, expect, it } from 'vitest';
import {
  InvitationCodeParamsSchema,
  invitationRefusal,
  invitationStanding,
  poolCountsMatch,
  poolMessages,
  poolScopeText,
  type PoolInvitation,
} from './pools.ts';

const invitation = (fields: Partial<PoolInvitation> = {}): PoolInvitation => ({
  id: 1,
  name: 'Peña',
  description: '',
  creatorName: 'Ana',
  currentParticipants: 3,
  maxParticipants: 20,
  isActive: true,
  isClose: false,
  membership: 'none',
  ...fields,
});

describe('invitationStanding', () => {
  it('is open for an active, open pool with a place left, to someone not in it', () => {
    expect(invitationStanding(invitation())).toBe('open');
    expect(invitationStanding(invitation({ currentParticipants: 19 }))).toBe('open');
  });

  it('tells why a pool takes nobody: inactive before closed before full', () => {
    expect(invitationStanding(invitation({ currentParticipants: 20 }))).toBe('full');
    expect(invitationStanding(invitation({ isClose: true, currentParticipants: 20 }))).toBe('closed');
    expect(invitationStanding(invitation({ isActive: false, isClose: true, currentParticipants: 20 }))).toBe('inactive');
  });

  it('puts its creator and participants first, whatever the pool’s state: they can open it', () => {
    expect(invitationStanding(invitation({ membership: 'creator', isActive: false }))).toBe('creator');
    expect(invitationStanding(invitation({ membership: 'participant', isClose: true, currentParticipants: 20 }))).toBe('participant');
  });

  it('says each refusal in the words the server refuses a join with', () => {
    expect(invitationRefusal).toEqual({
      creator: poolMessages.ownPool,
      participant: poolMessages.alreadyIn,
      inactive: poolMessages.inactive,
      closed: poolMessages.closed,
      full: poolMessages.full,
    });
  });
});

describe('InvitationCodeParamsSchema', () => {
  it('takes the six digits of a link as its number', () => {
    expect(InvitationCodeParamsSchema.parse({ invitationCode: '100000' })).toEqual({ invitationCode: 100000 });
    expect(InvitationCodeParamsSchema.parse({ invitationCode: '999999' })).toEqual({ invitationCode: 999999 });
  });

  it.each(['099999', '12345', '1234567', '12a456', ' 123456', '1e5', ''])('refuses %j with the spec’s message', (code) => {
    const result = InvitationCodeParamsSchema.safeParse({ invitationCode: code });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(poolMessages.invalidCode);
  });
});

describe('poolCountsMatch', () => {
  const laLigaFrom14 = { competition: 'laliga-2026-27', fromWeek: 14 };

  it('counts the matches of its competition from its first round on', () => {
    expect(poolCountsMatch(laLigaFrom14, { competition: 'laliga-2026-27', weekNumber: 14 })).toBe(true);
    expect(poolCountsMatch(laLigaFrom14, { competition: 'laliga-2026-27', weekNumber: 38 })).toBe(true);
    expect(poolCountsMatch(laLigaFrom14, { competition: 'laliga-2026-27', weekNumber: 13 })).toBe(false);
    expect(poolCountsMatch(laLigaFrom14, { competition: 'worldcup-2026', weekNumber: 14 })).toBe(false);
  });

  it('counts every match for a pool without a competition', () => {
    const everything = { competition: null, fromWeek: null };
    expect(poolCountsMatch(everything, { competition: 'worldcup-2026', weekNumber: 1 })).toBe(true);
    expect(poolCountsMatch(everything, { competition: 'manual', weekNumber: 99 })).toBe(true);
  });
});

describe('poolScopeText', () => {
  it('says which competition and from which round', () => {
    expect(poolScopeText({ competitionName: 'LaLiga 2026/27', fromRoundLabel: 'Jornada 14' })).toBe(
      'LaLiga 2026/27 · desde la Jornada 14',
    );
    expect(poolScopeText({ competitionName: 'Mundial 2026', fromRoundLabel: 'Octavos de final' })).toBe(
      'Mundial 2026 · desde los Octavos de final',
    );
  });

  it('says that a pool without a competition counts every match', () => {
    expect(poolScopeText({ competitionName: null, fromRoundLabel: null })).toBe(
      'Cuenta todos los partidos, de cualquier competición.',
    );
  });
});

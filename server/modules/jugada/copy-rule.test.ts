import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RULES } from '#contract/game-rules';
import { jugadaMessages } from '#contract/jugada-settings';
import type { MatchStatus } from '#contract/matches';
import { DEFAULT_POOL_OPTIONS, poolOptionsMessages } from '#contract/pool-options';
import { pickRefusal } from '../predictions/pick-admission.ts';
import { copyRefusal, copyRefusalMessage, type CopyFacts } from './copy-rule.ts';

/** A Sunday evening kick-off, and minutes around it. */
const kickoff = Date.parse('2026-12-06T18:00:00Z');
const MINUTE = 60_000;

/** A random target pool, match and player's place in it: every rule a pick's admission reads. */
const facts = fc.record({
  mode: fc.constantFrom('outcome' as const, 'exactScore' as const),
  pickMode: fc.constantFrom('outcome' as const, 'exactScore' as const),
  closeMinutesBefore: fc.integer({ min: 0, max: 1440 }),
  editUntilKickoff: fc.boolean(),
  creatorPlays: fc.boolean(),
  isCreator: fc.boolean(),
  isActive: fc.boolean(),
  isParticipant: fc.boolean(),
  fromWeek: fc.integer({ min: 1, max: 20 }),
  weekNumber: fc.integer({ min: 1, max: 20 }),
  status: fc.constantFrom<MatchStatus>('scheduled', 'live', 'finished'),
  minutesBefore: fc.integer({ min: -120, max: 2000 }),
  existing: fc.boolean(),
  replaces: fc.boolean(),
});

type Facts = typeof facts extends fc.Arbitrary<infer T> ? T : never;

const toFacts = (f: Facts): CopyFacts => ({
  pool: {
    creatorId: f.isCreator ? 7 : 1,
    isActive: f.isActive,
    options: {
      ...DEFAULT_POOL_OPTIONS,
      closeMinutesBefore: f.closeMinutesBefore,
      editUntilKickoff: f.editUntilKickoff,
      creatorPlays: f.creatorPlays,
    },
    game: { ...DEFAULT_GAME_RULES, mode: f.mode },
    competition: 'Liga',
    fromWeek: f.fromWeek,
  },
  match: {
    status: f.status,
    matchDate: new Date(kickoff).toISOString(),
    competition: 'Liga',
    weekNumber: f.weekNumber,
  },
  userId: 7,
  mode: f.pickMode,
  isParticipant: f.isParticipant,
  now: kickoff - f.minutesBefore * MINUTE,
  existing: f.existing,
  replaces: f.replaces,
});

describe('copyRefusal', () => {
  it("copies iff the target admits the pick as the player's own, and it is new there or replaces one the target lets change", () => {
    fc.assert(
      fc.property(facts, (f) => {
        const copy = toFacts(f);
        const admitted = pickRefusal(copy) === null;
        const free = !f.existing || (f.editUntilKickoff && f.replaces);
        expect(copyRefusal(copy) === null).toBe(admitted && free);
      }),
      { numRuns: 2000 },
    );
  });

  it('never changes a saved pick in a pool whose picks cannot be changed, whatever the jugada says', () => {
    fc.assert(
      fc.property(facts, (f) => {
        fc.pre(f.existing && !f.editUntilKickoff);
        expect(copyRefusal(toFacts(f))).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a pick the target lets change unless "usar la misma jugada en todas"', () => {
    const open = toFacts({
      mode: 'outcome',
      pickMode: 'outcome',
      closeMinutesBefore: 0,
      editUntilKickoff: true,
      creatorPlays: false,
      isCreator: false,
      isActive: true,
      isParticipant: true,
      fromWeek: 1,
      weekNumber: 14,
      status: 'scheduled',
      minutesBefore: 60,
      existing: true,
      replaces: false,
    });
    expect(copyRefusal(open)).toBe('kept');
    expect(copyRefusal({ ...open, replaces: true })).toBeNull();
    expect(
      copyRefusal({ ...open, pool: { ...open.pool, options: { ...open.pool.options, editUntilKickoff: false } } }),
    ).toBe('already-picked');
    expect(
      copyRefusal({
        ...open,
        now: kickoff - 10 * MINUTE,
        pool: { ...open.pool, options: { ...open.pool.options, closeMinutesBefore: 30 } },
      }),
    ).toBe('picks-closed');
  });

  it('says why in Spanish', () => {
    const pool = { game: DEFAULT_GAME_RULES };
    expect(copyRefusalMessage('kept', pool)).toBe(jugadaMessages.kept);
    expect(copyRefusalMessage('already-picked', pool)).toBe(jugadaMessages.locked);
    expect(copyRefusalMessage('picks-closed', pool)).toBe(poolOptionsMessages.picksClosed);
  });
});

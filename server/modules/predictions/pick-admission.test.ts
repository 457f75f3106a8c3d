import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GAME_RULES,
  DEFAULT_POOL_OPTIONS,
  poolMessages,
  poolOptionsMessages,
  predictionMessages,
  type MatchStatus,
} from '#contract/index';
import { jokerRefusal, pickClosure, refusalError, whyPickRefused, type JokerFacts, type PickFacts, type Refusal } from './pick-admission.ts';

const MINUTE = 60_000;
const kickoff = Date.parse('2026-11-29T18:00:00Z');
const match = (status: MatchStatus = 'scheduled', at = kickoff) => ({ status, matchDate: new Date(at).toISOString() });

describe('pickClosure', () => {
  const closing = { closeMinutesBefore: 30 };

  it('is open before the deadline, closed by the deadline, then by kick-off', () => {
    expect(pickClosure(match(), closing, kickoff - 31 * MINUTE)).toBeNull();
    expect(pickClosure(match(), closing, kickoff - 30 * MINUTE)).toBe('picks-closed');
    expect(pickClosure(match(), closing, kickoff - MINUTE)).toBe('picks-closed');
    expect(pickClosure(match(), closing, kickoff)).toBe('match-started');
  });

  it("closes at kick-off with the specification's options, and a live or finished match whatever its date", () => {
    expect(pickClosure(match(), DEFAULT_POOL_OPTIONS, kickoff - 1)).toBeNull();
    expect(pickClosure(match(), DEFAULT_POOL_OPTIONS, kickoff)).toBe('match-started');
    for (const status of ['live', 'finished'] as const) {
      expect(pickClosure(match(status, kickoff + 60 * MINUTE), closing, kickoff - 120 * MINUTE)).toBe('match-started');
    }
  });

  it('reads a kick-off as the database gives it (a Date) or as the contract does (a string)', () => {
    const asDate = { status: 'scheduled' as const, matchDate: new Date(kickoff) };
    expect(pickClosure(asDate, closing, kickoff - 10 * MINUTE)).toBe('picks-closed');
  });
});

describe('whyPickRefused', () => {
  const facts = (changes: Partial<PickFacts> = {}, pool: Partial<PickFacts['pool']> = {}): PickFacts => ({
    pool: { creatorId: 1, isActive: true, options: { ...DEFAULT_POOL_OPTIONS, closeMinutesBefore: 30 }, game: DEFAULT_GAME_RULES, competition: 'Liga', fromWeek: 2, ...pool },
    match: { ...match(), competition: 'Liga', weekNumber: 2 },
    userId: 2,
    mode: 'outcome',
    isParticipant: true,
    now: kickoff - 60 * MINUTE,
    ...changes,
  });

  it('names the first rule that refused, in the order the answer gives them', () => {
    expect(whyPickRefused(facts({ mode: 'exactScore', isParticipant: false }, { isActive: false }))).toBe('wrong-shape');
    expect(whyPickRefused(facts({ userId: 1, isParticipant: false }, { isActive: false }))).toBe('creator-not-playing');
    expect(whyPickRefused(facts({ isParticipant: false }, { isActive: false }))).toBe('pool-inactive');
    expect(whyPickRefused(facts({ isParticipant: false, now: kickoff }))).toBe('not-participant');
    expect(whyPickRefused(facts({ now: kickoff }))).toBe('match-started');
    expect(whyPickRefused(facts({ now: kickoff - 10 * MINUTE }))).toBe('picks-closed');
    expect(whyPickRefused(facts({}, { fromWeek: 3 }))).toBe('not-in-pool');
    expect(whyPickRefused(facts())).toBe('already-picked');
  });

  it('lets the creator who plays be refused like anyone else', () => {
    const creator = facts({ userId: 1 }, { options: { ...DEFAULT_POOL_OPTIONS, creatorPlays: true } });
    expect(whyPickRefused(creator)).toBe('already-picked');
  });
});

describe('jokerRefusal', () => {
  const member = { joker: true, isActive: true, closeMinutesBefore: 30 };
  const facts = (changes: Partial<JokerFacts> = {}): JokerFacts => ({
    member,
    pick: match(),
    leaves: [],
    now: kickoff - 60 * MINUTE,
    ...changes,
  });

  it('admits a change on an open pick that leaves no closed one', () => {
    expect(jokerRefusal(facts())).toBeNull();
    expect(jokerRefusal(facts({ leaves: [match('scheduled', kickoff + 60 * MINUTE)] }))).toBeNull();
  });

  it('refuses who does not take part, a pool without it or inactive, and a match without a pick', () => {
    expect(jokerRefusal(facts({ member: null, pick: null }))).toBe('not-participant');
    expect(jokerRefusal(facts({ member: { ...member, joker: false, isActive: false } }))).toBe('joker-off');
    expect(jokerRefusal(facts({ member: { ...member, isActive: false } }))).toBe('pool-inactive');
    expect(jokerRefusal(facts({ pick: null }))).toBe('no-pick');
  });

  it('closes with its pick: at the pool’s deadline, before kick-off', () => {
    expect(jokerRefusal(facts({ now: kickoff - 10 * MINUTE }))).toBe('picks-closed');
    expect(jokerRefusal(facts({ now: kickoff }))).toBe('match-started');
    expect(jokerRefusal(facts({ pick: match('live') }))).toBe('match-started');
  });

  it('does not leave a pick that has closed: locked once its match kicked off, closed before', () => {
    const later = match('scheduled', kickoff + 120 * MINUTE);
    const now = kickoff - 10 * MINUTE;
    expect(jokerRefusal(facts({ pick: later, leaves: [match()], now }))).toBe('joker-closed');
    expect(jokerRefusal(facts({ pick: later, leaves: [match()], now: kickoff }))).toBe('joker-locked');
    expect(jokerRefusal(facts({ pick: later, leaves: [match('finished')], now }))).toBe('joker-locked');
  });
});

describe('refusalError', () => {
  const answers: Record<Refusal, [number, string]> = {
    'wrong-shape': [400, predictionMessages.wrongShape.exactScore],
    'creator-not-playing': [403, predictionMessages.creatorCannotPredict],
    'pool-inactive': [409, poolMessages.inactive],
    'not-participant': [403, predictionMessages.notParticipant],
    'match-started': [409, predictionMessages.matchStarted],
    'picks-closed': [409, poolOptionsMessages.picksClosed],
    'not-in-pool': [409, predictionMessages.matchNotInPool],
    'already-picked': [409, predictionMessages.alreadyPredicted],
    'joker-off': [409, predictionMessages.jokerOff],
    'no-pick': [409, predictionMessages.jokerNeedsPick],
    'joker-locked': [409, predictionMessages.jokerLocked],
    'joker-closed': [409, predictionMessages.jokerClosed],
    'joker-held': [409, predictionMessages.jokerHeld],
  };

  it('answers each refusal with its status code and message (a shape by the pool’s mode)', () => {
    const pool = { game: { ...DEFAULT_GAME_RULES, mode: 'exactScore' as const } };
    for (const [refusal, [statusCode, message]] of Object.entries(answers)) {
      expect(refusalError(refusal as Refusal, pool)).toMatchObject({ statusCode, message });
    }
  });
});

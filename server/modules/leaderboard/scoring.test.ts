import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RULES, PRESET_POINTS, outcomeOfScore, type GameRules } from '#contract/index';
import { matchOutcome, resultChangeScores, scorePick, type ScoredMatch, type ScoredPick } from './scoring.ts';

describe('matchOutcome', () => {
  it('reads home, draw and away from a finished score', () => {
    expect(matchOutcome({ status: 'finished', scoreHome: 2, scoreAway: 1 })).toBe('home');
    expect(matchOutcome({ status: 'finished', scoreHome: 0, scoreAway: 0 })).toBe('draw');
    expect(matchOutcome({ status: 'finished', scoreHome: 1, scoreAway: 3 })).toBe('away');
  });

  it('has no outcome until the match is finished', () => {
    expect(matchOutcome({ status: 'live', scoreHome: 2, scoreAway: 0 })).toBeNull();
    expect(matchOutcome({ status: 'scheduled', scoreHome: null, scoreAway: null })).toBeNull();
  });
});

describe('scorePick', () => {
  it('gives 3 points and a correct pick for the right outcome of a finished match, nothing otherwise', () => {
    expect(scorePick('home', { status: 'finished', scoreHome: 2, scoreAway: 1 })).toEqual({ correct: 1, points: 3 });
    expect(scorePick('draw', { status: 'finished', scoreHome: 2, scoreAway: 1 })).toEqual({ correct: 0, points: 0 });
    expect(scorePick('home', { status: 'live', scoreHome: 2, scoreAway: 1 })).toEqual({ correct: 0, points: 0 });
  });

  const result = (home: number, away: number, weekNumber = 1): ScoredMatch => ({ status: 'finished', scoreHome: home, scoreAway: away, weekNumber });
  const scoreOf = (home: number, away: number, joker = false): ScoredPick => ({ prediction: outcomeOfScore(home, away), scoreHome: home, scoreAway: away, joker });
  const exactScore = (preset: 'clasica' | 'polla', more: Partial<GameRules> = {}): GameRules => ({
    ...DEFAULT_GAME_RULES,
    mode: 'exactScore',
    preset,
    points: PRESET_POINTS[preset],
    ...more,
  });
  const points = (pick: ScoredPick, match: ScoredMatch, game: GameRules) => scorePick(pick, match, game).points;

  // Each preset's examples: "Clásica" exact 3, goal difference 2, outcome 1; "Polla" exact 5, outcome 2, plus 1 for
  // one team's goals.
  it.each([
    ['clasica', [2, 1], [2, 1], 3],
    ['clasica', [3, 2], [2, 1], 2],
    ['clasica', [1, 0], [3, 0], 1],
    ['clasica', [1, 1], [2, 2], 2],
    ['clasica', [0, 1], [2, 1], 0],
    ['polla', [2, 1], [2, 1], 5],
    ['polla', [2, 0], [2, 1], 3],
    ['polla', [3, 0], [2, 1], 2],
    ['polla', [2, 2], [2, 1], 1],
    ['polla', [0, 3], [2, 1], 0],
  ] as const)('scores "%s" as its example says: %j to a %j gives %i', (preset, [ph, pa], [rh, ra], expected) => {
    expect(points(scoreOf(ph, pa), result(rh, ra), exactScore(preset))).toBe(expected);
  });

  it('counts an outcome-only tier as a correct pick', () => {
    expect(scorePick(scoreOf(1, 0), result(3, 0), exactScore('clasica')).correct).toBe(1);
  });

  it('scores custom points, best tier first, and a 1X2 pick by its outcome only', () => {
    const game: GameRules = { ...DEFAULT_GAME_RULES, mode: 'exactScore', preset: 'custom', points: { exact: 10, difference: 4, outcome: 4, teamGoals: 3 } };
    expect(points(scoreOf(1, 0), result(1, 0), game)).toBe(10);
    expect(points(scoreOf(2, 1), result(1, 0), game)).toBe(4);
    expect(points(scoreOf(1, 2), result(1, 0), game)).toBe(3);
    expect(points({ prediction: 'home', scoreHome: null, scoreAway: null, joker: false }, result(1, 0), game)).toBe(4);
  });

  it('doubles with the comodín (only where the pool plays it) and from the knock-out round on, and both together', () => {
    const joker = exactScore('clasica', { joker: true, knockoutFromWeek: 4 });
    expect(points(scoreOf(2, 1, true), result(2, 1, 3), joker)).toBe(6);
    expect(points(scoreOf(2, 1), result(2, 1, 4), joker)).toBe(6);
    expect(points(scoreOf(2, 1, true), result(2, 1, 5), joker)).toBe(12);
    expect(points(scoreOf(2, 1, true), result(2, 1, 3), exactScore('clasica'))).toBe(3);
    expect(scorePick(scoreOf(0, 1, true), result(2, 1, 5), joker)).toEqual({ correct: 0, points: 0 });
  });

  it('never scores an unfinished match, and a 1X2 pool\'s picks score as the specification says (property)', () => {
    const goals = fc.integer({ min: 0, max: 6 });
    fc.assert(
      fc.property(goals, goals, goals, goals, fc.boolean(), (ph, pa, rh, ra, joker) => {
        const pick = scoreOf(ph, pa, joker);
        expect(scorePick(pick, { status: 'live', scoreHome: rh, scoreAway: ra, weekNumber: 1 }, exactScore('polla'))).toEqual({ correct: 0, points: 0 });
        const spec = scorePick(pick.prediction, { status: 'finished', scoreHome: rh, scoreAway: ra });
        expect(scorePick({ ...pick, scoreHome: null, scoreAway: null }, result(rh, ra), DEFAULT_GAME_RULES)).toEqual(spec);
      }),
    );
  });
});

describe('resultChangeScores', () => {
  const at = (status: ScoredMatch['status'], scoreHome: number | null, scoreAway: number | null, weekNumber = 1): ScoredMatch => ({
    status,
    scoreHome,
    scoreAway,
    weekNumber,
  });

  it('is true exactly when a final score, or a finished match\'s jornada, changes', () => {
    // An exact-score pick scores by the score: 2-1 to 3-0 moves it, though the outcome stays.
    expect(resultChangeScores(at('finished', 2, 1), at('finished', 3, 0))).toBe(true);
    expect(resultChangeScores(at('finished', 2, 1), at('finished', 2, 1))).toBe(false);
    expect(resultChangeScores(at('scheduled', null, null), at('live', 1, 0))).toBe(false);
    expect(resultChangeScores(at('live', 1, 1), at('finished', 1, 1))).toBe(true);
    expect(resultChangeScores(at('finished', 2, 1), at('finished', 1, 2))).toBe(true);
    expect(resultChangeScores(at('finished', 2, 1, 1), at('finished', 2, 1, 2))).toBe(true);
    expect(resultChangeScores(at('live', 2, 1, 1), at('live', 2, 1, 2))).toBe(false);
  });
});

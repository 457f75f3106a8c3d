import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_OPTIONS, PoolOptionsSchema, TieBreakSchema } from './pool-options.ts';
import { tieBreakChoices, tieBreakFits, tieBreakText } from './tie-break.ts';

describe('the organiser’s tie-break', () => {
  it('is by default the order every pool had, said word for word as before', () => {
    expect(DEFAULT_POOL_OPTIONS.tieBreak).toBe('correctPicks');
    expect(tieBreakText('correctPicks')).toBe('Empates: más aciertos, después más jornadas ganadas y, por último, el nombre.');
  });

  it('says each order as it ranks', () => {
    expect(tieBreakText('jornadasWon')).toBe('Empates: más jornadas ganadas, después más aciertos y, por último, el nombre.');
    expect(tieBreakText('exactScores')).toBe(
      'Empates: más resultados exactos, después más aciertos, más jornadas ganadas y, por último, el nombre.',
    );
    expect(tieBreakText('lessExtra')).toBe(
      'Empates: menos puntos de preguntas extra, después más aciertos, más jornadas ganadas y, por último, el nombre.',
    );
  });

  it('offers every rule once in the form, and refuses an unknown one in Spanish', () => {
    expect(tieBreakChoices.map((choice) => choice.value)).toEqual(TieBreakSchema.options);
    const refused = PoolOptionsSchema.safeParse({ tieBreak: 'coinFlip' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('tieBreak debe ser correctPicks, jornadasWon, exactScores o lessExtra.');
  });

  it('counts exact scores only in the exact-score game', () => {
    expect(tieBreakFits('exactScores', 'exactScore')).toBe(true);
    expect(tieBreakFits('exactScores', 'outcome')).toBe(false);
    expect(tieBreakFits('exactScores', 'laQuiniela')).toBe(false);
    for (const rule of ['correctPicks', 'jornadasWon', 'lessExtra'] as const) {
      for (const mode of ['outcome', 'exactScore', 'laQuiniela'] as const) expect(tieBreakFits(rule, mode)).toBe(true);
    }
  });
});

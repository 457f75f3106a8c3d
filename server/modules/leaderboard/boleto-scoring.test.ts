import { describe, expect, it } from 'vitest';
import type { PredictionChoice } from '#contract/index';
import { scoreBoleto, type BoletoLine } from './boleto-scoring.ts';

/** A boleto whose 14 matches ended 2-0 and whose Pleno ended `pleno`, picked `signs` and `buckets`. */
const boleto = (
  signs: (PredictionChoice | null)[],
  buckets: [number, number] | null,
  pleno: [number, number] | null,
): BoletoLine[] => [
  ...signs.map((sign, i) => ({
    position: i + 1,
    pick: sign === null ? null : { prediction: sign, scoreHome: null, scoreAway: null },
    match: { status: 'finished' as const, scoreHome: 2, scoreAway: 0 },
  })),
  {
    position: 15,
    pick: buckets && { prediction: 'home' as const, scoreHome: buckets[0], scoreAway: buckets[1] },
    match: pleno
      ? { status: 'finished' as const, scoreHome: pleno[0], scoreAway: pleno[1] }
      : { status: 'scheduled' as const, scoreHome: null, scoreAway: null },
  },
];
const all = (sign: PredictionChoice) => Array<PredictionChoice>(14).fill(sign);

describe('scoreBoleto (La Quiniela, decision 082)', () => {
  it('counts the Pleno al 15 only with the 14 signs right, M being 3 goals or more', () => {
    expect(scoreBoleto(boleto(all('home'), [3, 1], [5, 1]))).toEqual({ signs: 14, pleno: true, aciertos: 15 });
    expect(scoreBoleto(boleto(all('home'), [2, 1], [5, 1]))).toEqual({ signs: 14, pleno: false, aciertos: 14 });
    expect(scoreBoleto(boleto(['away', ...all('home').slice(1)], [3, 1], [3, 1]))).toEqual({
      signs: 13,
      pleno: true,
      aciertos: 13,
    });
  });

  it('scores nothing for an unfinished match or a missing pick', () => {
    expect(scoreBoleto(boleto(all('home'), [0, 0], null))).toEqual({ signs: 14, pleno: false, aciertos: 14 });
    expect(scoreBoleto(boleto([null, ...all('home').slice(1)], null, [1, 1]))).toEqual({
      signs: 13,
      pleno: false,
      aciertos: 13,
    });
    expect(scoreBoleto(boleto(all('draw'), [0, 0], [0, 0]))).toEqual({ signs: 0, pleno: true, aciertos: 0 });
  });
});

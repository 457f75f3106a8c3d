import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_OPTIONS, PoolOptionsSchema, closesInText, pickDeadline, poolOptionLines } from './pool-options.ts';

describe('pickDeadline', () => {
  const kickoff = '2026-11-29T20:00:00.000Z';
  it('is the kick-off by default (the specification)', () => {
    expect(pickDeadline(kickoff, DEFAULT_POOL_OPTIONS)).toBe(Date.parse(kickoff));
  });
  it('is N minutes before kick-off', () => {
    expect(pickDeadline(kickoff, { closeMinutesBefore: 45 })).toBe(Date.parse('2026-11-29T19:15:00.000Z'));
    expect(pickDeadline(Date.parse(kickoff), { closeMinutesBefore: 1440 })).toBe(Date.parse('2026-11-28T20:00:00.000Z'));
  });
});

describe('closesInText', () => {
  const deadline = Date.parse('2026-11-29T20:00:00.000Z');
  const before = (minutes: number) => deadline - minutes * 60_000;
  it('counts minutes, then hours and minutes, then days', () => {
    expect(closesInText(deadline, before(45))).toBe('Cierra en 45 min');
    expect(closesInText(deadline, before(44.5))).toBe('Cierra en 45 min');
    expect(closesInText(deadline, before(0.2))).toBe('Cierra en 1 min');
    expect(closesInText(deadline, before(120))).toBe('Cierra en 2 h');
    expect(closesInText(deadline, before(185))).toBe('Cierra en 3 h 5 min');
    expect(closesInText(deadline, before(3 * 24 * 60))).toBe('Cierra en 3 d');
  });
});

describe('PoolOptionsSchema', () => {
  it("fills what is left out with the specification's game", () => {
    expect(PoolOptionsSchema.parse({ creatorPlays: true })).toEqual({ ...DEFAULT_POOL_OPTIONS, creatorPlays: true });
  });
  it('refuses minutes out of range in Spanish', () => {
    const result = PoolOptionsSchema.safeParse({ closeMinutesBefore: -1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('entre 0 y 1440');
  });
});

describe('poolOptionLines', () => {
  it("says the specification's game by default", () => {
    expect(poolOptionLines(DEFAULT_POOL_OPTIONS)).toEqual([
      'Un pronóstico enviado no se puede cambiar.',
      'Los pronósticos cierran al inicio del partido.',
      'El creador no pronostica.',
      'Quien se une empezada la quiniela empieza con 0 puntos.',
    ]);
  });
  it('says every option chosen', () => {
    expect(
      poolOptionLines({ editUntilKickoff: true, closeMinutesBefore: 120, creatorPlays: true, lateJoiners: 'lowest' }),
    ).toEqual([
      'Los pronósticos se pueden cambiar hasta que cierran.',
      'Los pronósticos cierran 2 horas antes del partido.',
      'El creador también juega.',
      'Quien se une empezada la quiniela empieza con la puntuación más baja.',
    ]);
    expect(poolOptionLines({ ...DEFAULT_POOL_OPTIONS, closeMinutesBefore: 45 })[1]).toBe('Los pronósticos cierran 45 min antes del partido.');
  });
});

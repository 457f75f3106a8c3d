import { describe, expect, it } from 'vitest';
import type { JornadaPosition } from '#contract/leaderboard';
import { jornadaSummary } from './jornada-summary.ts';

const player = (position: number, userId: number, username: string, points: number, winner = false): JornadaPosition => ({
  position,
  userId,
  username,
  points,
  correctPicks: points / 3,
  winner,
});

const seven = [
  player(1, 1, 'Carla', 9, true),
  player(2, 2, 'Beto', 6),
  player(3, 3, 'Dani', 3),
  player(3, 4, 'Eva', 3),
  player(5, 5, 'Fede', 3),
  player(6, 6, 'Gala', 0),
  player(7, 7, 'Ana', 0),
];

describe('jornadaSummary', () => {
  it('holds the pool, the jornada, its winner, the first five and the reader below them', () => {
    const summary = jornadaSummary('Los del Barrio', { label: 'Jornada 14', winners: [1], positions: seven, over: true }, 7);
    expect(summary).toEqual({
      poolName: 'Los del Barrio',
      jornada: 'Jornada 14',
      winners: 'Ganador de la jornada: Carla · 9 puntos',
      top: [
        { position: '1.º', name: 'Carla', points: '9 puntos', mine: false },
        { position: '2.º', name: 'Beto', points: '6 puntos', mine: false },
        { position: '3.º', name: 'Dani', points: '3 puntos', mine: false },
        { position: '3.º', name: 'Eva', points: '3 puntos', mine: false },
        { position: '5.º', name: 'Fede', points: '3 puntos', mine: false },
      ],
      own: { position: '7.º', name: 'Ana (tú)', points: '0 puntos', mine: true },
      fileName: 'resumen-los-del-barrio-jornada-14.png',
    });
  });

  it('marks the reader in the first five and adds no line of theirs below', () => {
    const summary = jornadaSummary('Peña', { label: 'Jornada 2', winners: [1], positions: seven, over: true }, 2);
    expect(summary.top[1]).toEqual({ position: '2.º', name: 'Beto (tú)', points: '6 puntos', mine: true });
    expect(summary.top.filter((row) => row.mine)).toHaveLength(1);
    expect(summary.own).toBeNull();
  });

  it('names every winner of a tie, and a creator who does not play has no line', () => {
    const tied = [player(1, 1, 'Ana', 3, true), player(1, 2, 'Beto', 3, true), player(1, 3, 'Carla', 3, true), player(4, 4, 'Dani', 1)];
    const summary = jornadaSummary('Peña', { label: 'Octavos de final', winners: [1, 2, 3], positions: tied, over: true }, 99);
    expect(summary.winners).toBe('Ganadores de la jornada: Ana, Beto y Carla · 3 puntos');
    expect(summary.top.map((row) => row.points)).toEqual(['3 puntos', '3 puntos', '3 puntos', '1 punto']);
    expect(summary.own).toBeNull();
    expect(summary.fileName).toBe('resumen-pena-octavos-de-final.png');
  });

  it('says so when nobody scored, and names a file even for a pool named with symbols only', () => {
    const summary = jornadaSummary('¡¡!!', { label: 'Jornada 1', winners: [], positions: [player(1, 1, 'Ana', 0)], over: true }, 1);
    expect(summary.winners).toBe('Sin ganador: nadie sumó puntos');
    expect(summary.fileName).toBe('resumen-quiniela-jornada-1.png');
  });

  it('names no winner of a jornada still being played: it says it is provisional (decision 061)', () => {
    const summary = jornadaSummary('Peña', { label: 'Jornada 14', winners: [], positions: seven, over: false }, 7);
    expect(summary.winners).toBe('Jornada en juego · provisional: sin ganador todavía');
  });
});

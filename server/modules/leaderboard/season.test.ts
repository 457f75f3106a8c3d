import { describe, expect, it } from 'vitest';
import { generalTable, jornadaLabel, jornadasWon, jornadaTable, jornadaWinners, seasonEvolution, type PlayedJornada, type SeasonRow } from './season.ts';

const day = (n: number) => new Date(Date.UTC(2027, 0, n));
const jornada = (weekNumber: number, lastKickoff: Date, rounds = [`Matchday ${weekNumber}`]): PlayedJornada => ({ weekNumber, rounds, lastKickoff });
const player = (userId: number, username: string, points: number, lastJornadaPoints: number, fields: Partial<SeasonRow> = {}): SeasonRow => ({
  userId,
  username,
  points,
  correctPicks: points / 3,
  jornadasWon: 0,
  lastJornadaPoints,
  registeredAt: day(1),
  startingPoints: 0,
  ...fields,
});

describe('jornadaLabel', () => {
  it('names a knock-out round in Spanish and any other week "Jornada N"', () => {
    expect(jornadaLabel(3, ['Matchday 7', 'Matchday 8'])).toBe('Jornada 3');
    expect(jornadaLabel(5, ['Round of 16'])).toBe('Octavos de final');
    expect(jornadaLabel(8, ['Final', 'Match for third place'])).toBe('Final');
    expect(jornadaLabel(5, ['Round of 16', 'Matchday 5'])).toBe('Jornada 5');
    expect(jornadaLabel(12, [])).toBe('Jornada 12');
  });
});

describe('jornada winners', () => {
  it('are every player with the top points, and nobody when nobody scored', () => {
    expect(jornadaWinners([{ userId: 1, points: 6 }, { userId: 2, points: 6 }, { userId: 3, points: 3 }])).toEqual([1, 2]);
    expect(jornadaWinners([{ userId: 1, points: 0 }, { userId: 2, points: 0 }])).toEqual([]);
    expect(jornadaWinners([])).toEqual([]);
  });

  it('are nobody while the jornada is not over (decision 061)', () => {
    expect(jornadaWinners([{ userId: 1, points: 6 }, { userId: 2, points: 3 }], false)).toEqual([]);
  });

  it('are counted per player over the jornadas that are over', () => {
    const scores = [
      { userId: 1, weekNumber: 1, points: 6 },
      { userId: 2, weekNumber: 1, points: 6 },
      { userId: 2, weekNumber: 2, points: 3 },
      { userId: 3, weekNumber: 2, points: 0 },
      { userId: 3, weekNumber: 3, points: 9 },
    ];
    expect([...jornadasWon(scores, new Set([1, 2]))].sort()).toEqual([
      [1, 1],
      [2, 2],
    ]);
    // Jornada 3 is being played: Carla leads it, and has won nothing yet.
    expect(jornadasWon(scores, new Set([1, 2])).has(3)).toBe(false);
    expect([...jornadasWon(scores, new Set([3]))]).toEqual([[3, 1]]);
  });

  it('are marked in the jornada table, which ranks by the one rule', () => {
    const table = jornadaTable(
      [
        { userId: 1, username: 'Ana', points: 3, correctPicks: 1 },
        { userId: 2, username: 'Bea', points: 6, correctPicks: 2 },
        { userId: 3, username: 'Carla', points: 3, correctPicks: 1 },
      ],
      new Map([[3, 2]]),
      true,
    );
    expect(table.winners).toEqual([2]);
    expect(table.positions.map((p) => [p.position, p.username, p.winner])).toEqual([
      [1, 'Bea', true],
      [2, 'Carla', false],
      [2, 'Ana', false],
    ]);
  });

  it('are not marked in the table of a jornada still being played', () => {
    const table = jornadaTable([{ userId: 2, username: 'Bea', points: 6, correctPicks: 2 }], new Map(), false);
    expect(table.winners).toEqual([]);
    expect(table.positions.map((p) => p.winner)).toEqual([false]);
  });
});

describe('generalTable', () => {
  it('has no movement before a second jornada', () => {
    const table = generalTable([player(1, 'Ana', 3, 3), player(2, 'Bea', 0, 0)], [jornada(1, day(5))]);
    expect(table.map((p) => p.movement)).toEqual([null, null]);
  });

  it('says how many places each player moved since the previous jornada (up positive), and null for a newcomer', () => {
    const rows = [
      player(1, 'Ana', 6, 0), // 6 before: 1st, now 2nd
      player(2, 'Bea', 9, 9), // 0 before: 3rd, now 1st
      player(3, 'Carla', 3, 0), // 3 before: 2nd, now 3rd
      player(4, 'Dani', 0, 0, { registeredAt: day(20) }), // joined after jornada 1: new
    ];
    const table = generalTable(rows, [jornada(1, day(5)), jornada(2, day(12))]);
    expect(table.map((p) => [p.position, p.username, p.movement])).toEqual([
      [1, 'Bea', 2],
      [2, 'Ana', -1],
      [3, 'Carla', -1],
      [4, 'Dani', null],
    ]);
  });

  it('shows 0 (=) for a player who kept their place, shared positions included', () => {
    const table = generalTable([player(1, 'Ana', 6, 3), player(2, 'Bea', 6, 3)], [jornada(1, day(5)), jornada(2, day(12))]);
    expect(table.map((p) => [p.position, p.movement])).toEqual([
      [1, 0],
      [1, 0],
    ]);
  });
});

describe('seasonEvolution', () => {
  it('gives the caller their place and points after each jornada and the leader’s points; null before they joined', () => {
    const jornadas = [jornada(1, day(5)), jornada(2, day(12)), jornada(3, day(19))];
    const members = [
      { userId: 1, registeredAt: day(1), startingPoints: 0 },
      { userId: 2, registeredAt: day(1), startingPoints: 0 },
      { userId: 3, registeredAt: day(8), startingPoints: 0 },
    ];
    const scores = [
      { userId: 1, weekNumber: 1, points: 3 },
      { userId: 2, weekNumber: 2, points: 6 },
      { userId: 3, weekNumber: 2, points: 9 },
      { userId: 1, weekNumber: 3, points: 6 },
    ];
    const evolution = seasonEvolution(jornadas, members, scores);
    expect(evolution.of(1)).toEqual([
      { weekNumber: 1, position: 1, points: 3, leaderPoints: 3, players: 2 },
      { weekNumber: 2, position: 3, points: 3, leaderPoints: 9, players: 3 },
      { weekNumber: 3, position: 1, points: 9, leaderPoints: 9, players: 3 },
    ]);
    expect(evolution.of(3).map((p) => p.position)).toEqual([null, 1, 1]);
    // Someone who does not play (the creator) sees the leader only.
    expect(evolution.of(99).map((p) => [p.position, p.leaderPoints])).toEqual([
      [null, 3],
      [null, 9],
      [null, 9],
    ]);
  });

  it("counts a late joiner's starting points in every table they are in", () => {
    const jornadas = [jornada(1, day(5)), jornada(2, day(12))];
    const members = [
      { userId: 1, registeredAt: day(1), startingPoints: 0 },
      { userId: 2, registeredAt: day(8), startingPoints: 3 },
    ];
    const scores = [
      { userId: 1, weekNumber: 1, points: 3 },
      { userId: 2, weekNumber: 2, points: 3 },
    ];
    expect(seasonEvolution(jornadas, members, scores).of(2)).toEqual([
      { weekNumber: 1, position: null, points: null, leaderPoints: 3, players: 1 },
      { weekNumber: 2, position: 1, points: 6, leaderPoints: 6, players: 2 },
    ]);
  });
});

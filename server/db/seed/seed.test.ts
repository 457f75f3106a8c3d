import { PGlite } from '@electric-sql/pglite';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createServices, type Services } from '../../services.ts';
import { openPglite, type DatabaseHandle } from '../client.ts';
import { confederations, matches, teams } from '../schema.ts';
import { seedFootballData, type SeedSummary } from './seed.ts';

let handle: DatabaseHandle;
let services: Services;
let first: SeedSummary;
const clock = () => new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  handle = openPglite(new PGlite('memory://'));
  await handle.migrate();
  services = await createServices({ database: handle, config: loadConfig({ LOG_LEVEL: 'silent' }), clock, log: console });
  first = await seedFootballData(services);
}, 60_000);
afterAll(() => handle.close());

const countWhere = async (where?: ReturnType<typeof eq>) =>
  (await handle.db.select({ n: count() }).from(matches).where(where))[0]?.n;

describe('seedFootballData', () => {
  it('loads the 48 World Cup teams and 20 LaLiga clubs with Spanish names and local logos', async () => {
    const rows = await handle.db.select().from(teams);
    expect(rows).toHaveLength(68);
    const spain = rows.find((t) => t.sourceName === 'Spain');
    expect(spain).toMatchObject({ name: 'España', logoUrl: '/logos/flags/es.svg' });
    const atleti = rows.find((t) => t.sourceName === 'Club Atlético de Madrid');
    expect(atleti).toMatchObject({ name: 'Atlético de Madrid', logoUrl: '/logos/clubs/atletico-de-madrid.svg' });
    expect(rows.every((t) => t.logoUrl?.startsWith('/logos/'))).toBe(true);
    expect(rows.every((t) => t.confederationId !== null)).toBe(true);
    expect(await handle.db.select().from(confederations)).toHaveLength(6);
  });

  it('loads every match with the results the data reports, and nothing invented', async () => {
    expect(first.competitions.map((c) => [c.source, c.created, c.unknownTeams])).toEqual([
      ['seed:worldcup-2026.json', 104, []],
      ['seed:laliga-2026-27.json', 380, []],
    ]);
    expect(await countWhere(and(eq(matches.competition, 'worldcup-2026'), eq(matches.status, 'finished')))).toBe(104);
    expect(await countWhere(and(eq(matches.competition, 'laliga-2026-27'), eq(matches.status, 'finished')))).toBe(59);
    expect(await countWhere(and(eq(matches.competition, 'laliga-2026-27'), eq(matches.status, 'scheduled')))).toBe(321);
  });

  it('converts kick-off times to UTC: World Cup offsets, LaLiga Madrid time, and undated days', async () => {
    const teamId = async (sourceName: string) =>
      (await handle.db.select({ id: teams.id }).from(teams).where(eq(teams.sourceName, sourceName)))[0]!.id;
    const fixture = async (home: string, away: string) =>
      (
        await handle.db
          .select()
          .from(matches)
          .where(and(eq(matches.homeTeamId, await teamId(home)), eq(matches.awayTeamId, await teamId(away))))
      )[0]!;

    // "2026-06-11", "13:00 UTC-6", 2-0
    expect(await fixture('Mexico', 'South Africa')).toMatchObject({
      matchDate: new Date('2026-06-11T19:00:00Z'),
      kickoffConfirmed: true,
      status: 'finished',
      scoreHome: 2,
      scoreAway: 0,
      weekNumber: 1,
    });
    // LaLiga "2026-08-15", "19:30" Madrid summer time (UTC+2), 3-0
    expect(await fixture('Deportivo Alavés', 'Getafe CF')).toMatchObject({
      matchDate: new Date('2026-08-15T17:30:00Z'),
      status: 'finished',
      scoreHome: 3,
      scoreAway: 0,
    });
    // A bare-array score "[0, 0]" counts as the full-time result.
    expect(await fixture('Valencia CF', 'RC Celta de Vigo')).toMatchObject({
      status: 'finished',
      scoreHome: 0,
      scoreAway: 0,
    });
    // The postponed match stays scheduled with no invented score.
    expect(await fixture('Levante UD', 'Athletic Club')).toMatchObject({ status: 'scheduled', scoreHome: null });

    const undated = await handle.db
      .select()
      .from(matches)
      .where(and(eq(matches.competition, 'laliga-2026-27'), eq(matches.kickoffConfirmed, false)));
    expect(undated.length).toBeGreaterThan(250);
    // Noon in Madrid is 11:00 UTC in winter and 10:00 UTC in summer time (from 2027-03-28).
    const hours = (from: string, to: string) =>
      new Set(
        undated
          .filter((m) => m.matchDate >= new Date(from) && m.matchDate < new Date(to))
          .map((m) => m.matchDate.getUTCHours()),
      );
    expect(hours('2026-11-22', '2027-03-01')).toEqual(new Set([11]));
    expect(hours('2027-04-01', '2027-07-01')).toEqual(new Set([10]));
  });

  it('can run again (every start, or two instances) without adding or changing anything', async () => {
    const again = await seedFootballData(services);
    expect(again.competitions.map((c) => [c.created, c.updated])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(await countWhere()).toBe(484);
    expect(await handle.db.select().from(teams)).toHaveLength(68);
  });

  it('keeps a kick-off time and a corrected score saved after the shipped data when it seeds again', async () => {
    const [moved] = await handle.db
      .update(matches)
      .set({ matchDate: new Date('2026-11-28T20:00:00Z'), kickoffConfirmed: true })
      .where(and(eq(matches.competition, 'laliga-2026-27'), eq(matches.round, 'Matchday 14')))
      .returning({ id: matches.id });
    const [corrected] = await handle.db
      .update(matches)
      .set({ scoreHome: 7, scoreAway: 7 })
      .where(and(eq(matches.competition, 'worldcup-2026'), eq(matches.round, 'Final')))
      .returning({ id: matches.id });
    await seedFootballData(services);
    const [afterMove] = await handle.db.select().from(matches).where(eq(matches.id, moved!.id));
    expect(afterMove).toMatchObject({ matchDate: new Date('2026-11-28T20:00:00Z'), kickoffConfirmed: true });
    const [afterCorrection] = await handle.db.select().from(matches).where(eq(matches.id, corrected!.id));
    expect(afterCorrection).toMatchObject({ scoreHome: 7, scoreAway: 7 });
  });

  it('keeps a result saved after the shipped data when it seeds again', async () => {
    // A match the shipped file has no result for, finished later (by the importer or an admin).
    const [later] = await handle.db
      .update(matches)
      .set({ status: 'finished', scoreHome: 1, scoreAway: 1 })
      .where(and(eq(matches.competition, 'laliga-2026-27'), eq(matches.round, 'Matchday 13')))
      .returning({ id: matches.id });
    await seedFootballData(services);
    expect((await handle.db.select().from(matches).where(eq(matches.id, later!.id)))[0]).toMatchObject({
      status: 'finished',
      scoreHome: 1,
      scoreAway: 1,
    });
  });
});

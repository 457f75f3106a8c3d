// Issue 9 at scale, on PostgreSQL: 100,000 users, 10,000 pools, 1,000,000 predictions.
// Measures the app's own code paths (ranking read, one result saved, results import,
// "Actualizar Resultados") as ratios to the naive way: the pools' standings recomputed
// from all their predictions, measured in the same run.
// Said plainly: the data is written in SQL (bench/scale-seed.ts), not through the app's write paths, and then
// VACUUM ANALYZEd, as a PostgreSQL whose autovacuum keeps up would be; bench/growth.ts measures a fresh install.
//   BENCH_DATABASE_URL=postgres://… npm run bench:scale
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { queryRows, type Database } from '#server/db/client';
import { SCALE, seedScale } from './scale-seed.ts';
import { fmt, percentilesMs, percentilesOf, scratchPostgres, timed } from './support.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('bench:scale runs on PostgreSQL: set BENCH_DATABASE_URL=postgres://…');
  process.exit(1);
}
const READS = Number(process.env.BENCH_SCALE_READS ?? 100);
const WRITES = Number(process.env.BENCH_SCALE_WRITES ?? 20);
const NAIVE_RUNS = Number(process.env.BENCH_SCALE_NAIVE_RUNS ?? 5);

type Score = { ft?: [number, number] };
type FixtureJson = { round: string; score?: Score };
const laligaFile = new URL('../server/db/seed/data/laliga-2026-27.json', import.meta.url);

/** A different outcome for every result: (h, a) → (a + 1, h). */
const corrected = ([home, away]: [number, number]): [number, number] => [away + 1, home];

/** Rows of standings that differ from a full recompute: the incremental paths must leave none. */
async function driftFromRecompute(db: Database, recompute: () => Promise<void>): Promise<number> {
  await db.execute(sql`drop table if exists standings_before`);
  await db.execute(sql`create table standings_before as select pool_id, user_id, points, correct_picks from standings`);
  await recompute();
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`
    select count(*) as n from (
      select pool_id, user_id, points, correct_picks from standings
      except select * from standings_before) d`,
  );
  await db.execute(sql`drop table standings_before`);
  return Number(row!.n);
}

const handle = await scratchPostgres(url);
const { db } = handle;
try {
  const clock = () => new Date();

  // "Actualizar Resultados" pulls RESULTS_SOURCE: the shipped LaLiga file, its last played round corrected on every other pull.
  const laliga = JSON.parse(readFileSync(laligaFile, 'utf8')) as { name: string; matches: FixtureJson[] };
  const lastPlayed = laliga.matches.filter((m) => m.score?.ft).at(-1)!.round;
  const round = laliga.matches.filter((m) => m.round === lastPlayed && m.score?.ft);
  let roundCorrected = false;
  const nextResultsFile = () => {
    roundCorrected = !roundCorrected;
    return {
      ...laliga,
      matches: laliga.matches.map((m) =>
        roundCorrected && round.includes(m) ? { ...m, score: { ft: corrected(m.score!.ft!) } } : m,
      ),
    };
  };
  const source = path.join(mkdtempSync(path.join(os.tmpdir(), 'quiniela-scale-')), 'laliga.json');
  writeFileSync(source, JSON.stringify(laliga));

  // The real app, as served; requests go through routing, auth, validation and serialisation (inject, no sockets).
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DATA: 'false',
      RESULTS_SOURCE: source,
      RESULTS_POLL_MINUTES: '0',
      REMINDERS_POLL_SECONDS: '0',
      UPDATE_ALL_MAX_PER_MINUTE: '1000000',
    }),
    database: handle,
  });
  await app.ready();
  // Seeded through the app's own services (importer and standings recompute).
  const facts = await seedScale(app.services);
  const { standings, sessions } = app.services.repositories;
  const adminId = SCALE.users;
  await db.execute(sql`update users set role_id = (select id from roles where name = 'admin') where id = ${adminId}`);
  const expires = new Date(Date.now() + 86_400_000);
  const [adminToken, memberToken] = [
    await sessions.create(adminId, expires),
    await sessions.create(facts.memberId, expires),
  ];
  const call = async (token: string, options: InjectOptions & { url: string }) => {
    const response = await app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode !== 200) throw new Error(`${options.url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const readRanking = () =>
    call(memberToken, { method: 'GET', url: `/api/leaderboard/pool/${facts.biggestPoolId}/ranking` });

  // The finished match with the most predictions: the widest single result.
  const [busiest] = await queryRows<{ id: number; pools: string; picks: string; home: number; away: number }>(
    db,
    sql`
    select p.match_id as id, count(distinct p.pool_id) as pools, count(*) as picks, min(m.score_home) as home, min(m.score_away) as away
    from predictions p join matches m on m.id = p.match_id
    where m.status = 'finished'
    group by p.match_id order by count(*) desc, p.match_id limit 1`,
  );
  const matchId = Number(busiest!.id);
  const original: [number, number] = [busiest!.home, busiest!.away];
  const affectedPools = (
    await queryRows<{ pool_id: number }>(db, sql`select distinct pool_id from predictions where match_id = ${matchId}`)
  ).map((r) => Number(r.pool_id));
  const [roundPicks] = await queryRows<{ n: string; pools: string }>(
    db,
    sql`
    select count(*) as n, count(distinct p.pool_id) as pools from predictions p join matches m on m.id = p.match_id
    where m.competition = 'laliga-2026-27' and m.round = ${lastPlayed} and m.status = 'finished'`,
  );

  // Baselines: the naive recompute from all predictions, of the same pools the measured path touches.
  const naiveBiggest = await percentilesMs(NAIVE_RUNS, () => standings.recompute([facts.biggestPoolId], clock()));
  const naiveAffected = await percentilesMs(NAIVE_RUNS, () => standings.recompute(affectedPools, clock()));
  const naiveAll = await percentilesMs(NAIVE_RUNS, () => standings.recompute(null, clock()));

  // Every result saved changes the standings, so the next ranking read is a cold one (no cached answer).
  let flipped = false;
  const saveResult = () => {
    flipped = !flipped;
    const [scoreHome, scoreAway] = flipped ? corrected(original) : original;
    return call(adminToken, { method: 'PATCH', url: `/api/matches/${matchId}`, payload: { scoreHome, scoreAway } });
  };
  const coldReads: number[] = [];
  const warmReads: number[] = [];
  const oneResult = await percentilesMs(WRITES, async () => {
    await saveResult();
    coldReads.push((await timed(readRanking)).ms);
    warmReads.push((await timed(readRanking)).ms);
  });
  const readCold = percentilesOf(coldReads);
  const readWarm = await percentilesMs(READS, readRanking);
  const driftAfterOne = await driftFromRecompute(db, () => standings.recompute(null, clock()));

  const importRound = await percentilesMs(NAIVE_RUNS, () =>
    call(adminToken, { method: 'POST', url: '/api/admin/import-results', payload: nextResultsFile() }),
  );
  const driftAfterImport = await driftFromRecompute(db, () => standings.recompute(null, clock()));

  const updateAll = await percentilesMs(NAIVE_RUNS, async () => {
    writeFileSync(source, JSON.stringify(nextResultsFile()));
    await call(adminToken, { method: 'POST', url: '/api/leaderboard/update-all' });
  });
  await app.close();

  const [sizes] = await queryRows<{ p50: number; p99: number; max: number; next: number }>(
    db,
    sql`
    select percentile_disc(0.5) within group (order by participant_count) as p50,
           percentile_disc(0.99) within group (order by participant_count) as p99,
           max(participant_count) as max,
           max(participant_count) filter (where id <> ${facts.biggestPoolId}) as next
    from pools`,
  );

  console.log(
    `\nPostgreSQL: ${Object.entries(facts.counts)
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', ')}`,
  );
  console.log(
    `  seeded in ${fmt(facts.seededInSeconds)} s; pool sizes p50 ${sizes!.p50}, p99 ${sizes!.p99}, biggest ${sizes!.max}, next ${sizes!.next}`,
  );
  console.log(
    `  one result: match ${matchId}, ${busiest!.picks} picks in ${busiest!.pools} pools;` +
      ` round "${lastPlayed}": ${round.length} results, ${roundPicks!.n} picks in ${roundPicks!.pools} pools`,
  );
  console.log(
    `  standings rows differing from a full recompute: after the single results ${driftAfterOne}, after the imports ${driftAfterImport}\n`,
  );
  type Row = [label: string, measured: { p50: number; p99: number }, naive: { p50: number }, baseline: string];
  const rows: Row[] = [
    [
      `GET ranking, biggest pool (${SCALE.biggestPoolMembers.toLocaleString('en')} members), first read after a result ×${WRITES}`,
      readCold,
      naiveBiggest,
      'recompute that pool',
    ],
    [`GET ranking, biggest pool, repeated ×${READS}`, readWarm, naiveBiggest, 'recompute that pool'],
    [`PATCH one result ×${WRITES}`, oneResult, naiveAffected, `recompute the ${affectedPools.length} affected pools`],
    [
      `POST import-results, one round (${round.length} results) ×${NAIVE_RUNS}`,
      importRound,
      naiveAll,
      'recompute every pool',
    ],
    [`POST update-all as admin (pull + repair pass) ×${NAIVE_RUNS}`, updateAll, naiveAll, 'recompute every pool'],
  ];
  console.log(
    '| measured (HTTP route of the app) | p50 ms | p99 ms | naive baseline | naive p50 ms | ratio p50 | ratio p99 |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, measured, naive, baseline] of rows) {
    console.log(
      `| ${label} | ${fmt(measured.p50)} | ${fmt(measured.p99)} | ${baseline} | ${fmt(naive.p50)} | ${fmt(measured.p50 / naive.p50, 3)} | ${fmt(measured.p99 / naive.p50, 3)} |`,
    );
  }
} finally {
  await handle.close();
}

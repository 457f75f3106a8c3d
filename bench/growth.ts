// How one result saved and the first ranking read after it grow with a pool's members, as a fresh install meets them
// (issue 38): no ANALYZE here; the planner has only the statistics the app keeps itself (server/db/statistics.ts: at
// start, then every STATISTICS_CHECK_SECONDS while it runs, which this app does in the background during the fill).
// The pool is filled through the app's own write paths: joins and picks through its services (the invitation code's
// limits, the pick statement's rules and group commit). Two shortcuts, said plainly: the members are inserted through
// the users repository with a placeholder hash (a sign-up's scrypt would take minutes and measures nothing here), and
// the pool's 1,000-place cap (pools_max_range) is lifted in SQL for the 10,000-member pool.
//   npm run bench:growth   (BENCH_GROWTH_SIZES=10,1000,10000 by default; BENCH_DATABASE_URL adds PostgreSQL)
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Match, Pool, SignInResponse, UserProfile } from '#contract/index';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { queryRows } from '#server/db/client';
import { benchDatabases, fmt, timed } from './support.ts';

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '10,1000,10000').split(',').map(Number);
const MATCHES = 10;
/** Picks sent at once: what many phones do on a Saturday, and what group commit batches. */
const AT_ONCE = 256;

interface Row {
  database: string;
  members: number;
  fillS: number;
  saveMs: number;
  firstReadMs: number;
  cachedReadMs: number;
  statisticsAgeS: number | null;
  standingsChangedSinceAnalyze: number;
}

async function measure(target: ReturnType<typeof benchDatabases>[number], members: number): Promise<Row> {
  const handle = await target.open();
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DATA: 'false',
      RESULTS_POLL_MINUTES: '0',
      REMINDERS_POLL_SECONDS: '0',
      AUTH_IP_MAX_PER_MINUTE: '1000000',
    }),
    database: handle,
  });
  await app.ready();
  try {
    const { services } = app;
    const { users, sessions } = services.repositories;
    // What server/main.ts does after the migrations and the seed.
    await services.refreshStatistics();
    const expires = new Date(Date.now() + 86_400_000);
    const signedIn = async (profile: UserProfile): Promise<SignInResponse> => ({
      session: { accessToken: await sessions.create(profile.id, expires), tokenType: 'Bearer', expiresAt: expires.toISOString() },
      userProfile: profile,
    });
    const call = async <T>(who: SignInResponse, options: InjectOptions & { url: string }): Promise<T> => {
      const response = await app.inject({ ...options, headers: { authorization: `Bearer ${who.session.accessToken}` } });
      if (response.statusCode >= 300) throw new Error(`${options.method} ${options.url}: ${response.statusCode} ${response.body}`);
      return response.json<{ data: T }>().data;
    };
    const newUser = (name: string, role: 'user' | 'admin' = 'user') =>
      users.insert({ name, email: `${name.replaceAll(' ', '.').toLowerCase()}@crecimiento.example`, passwordHash: 'scrypt$not-a-usable-hash', role });

    const fill = await timed(async () => {
      const admin = await signedIn(await newUser('Admin Crecimiento', 'admin'));
      // Two teams a match: a pair plays once a jornada.
      const teams: { id: number }[] = [];
      for (let i = 0; i < 2 * MATCHES; i += 1) {
        teams.push(await call<{ id: number }>(admin, { method: 'POST', url: '/api/teams', payload: { name: `Equipo Crecimiento ${i}` } }));
      }
      const matches: Match[] = [];
      for (let i = 0; i < MATCHES; i += 1) {
        matches.push(
          await call<Match>(admin, {
            method: 'POST',
            url: '/api/matches',
            payload: {
              competition: 'crecimiento',
              round: `Jornada ${1 + (i % 2)}`,
              weekNumber: 1 + (i % 2),
              matchDate: new Date(Date.now() + (i + 1) * 3_600_000).toISOString(),
              homeTeamId: teams[2 * i]!.id,
              awayTeamId: teams[2 * i + 1]!.id,
            },
          }),
        );
      }
      const owner = await signedIn(await newUser('Organiza Crecimiento'));
      const pool = await call<Pool>(owner, {
        method: 'POST',
        url: '/api/pools',
        payload: { name: 'Crecimiento', description: '', maxParticipants: 1000, invitationCode: 654321, creatorId: owner.userProfile.id },
      });
      if (members > 1000) {
        await handle.db.execute(sql`alter table pools drop constraint if exists pools_max_range`);
        await handle.db.execute(sql`update pools set max_participants = ${members} where id = ${pool.id}`);
      }
      const players: UserProfile[] = [];
      for (let i = 0; i < members; i += 1) players.push(await newUser(`Jugador ${i}`));
      for (const player of players) await services.pools.join(player, { invitationCode: pool.invitationCode, userId: player.id }, '127.0.0.1');
      const picks = players.flatMap((player) =>
        matches.map((match, j) => () =>
          services.predictions.create(player, {
            userId: player.id,
            matchId: match.id,
            poolId: pool.id,
            prediction: (['home', 'draw', 'away'] as const)[(player.id * 7 + j * 13) % 3]!,
          }),
        ),
      );
      for (let from = 0; from < picks.length; from += AT_ONCE) await Promise.all(picks.slice(from, from + AT_ONCE).map((pick) => pick()));
      return { admin, pool, match: matches[0]!, reader: await signedIn(players[0]!) };
    });
    const { admin, pool, match, reader } = fill.result;

    const [freshness] = await queryRows<{ age: number | null; changed: number }>(
      handle.db,
      sql`select extract(epoch from now() - greatest(last_analyze, last_autoanalyze))::float8 as age,
                 n_mod_since_analyze::float8 as changed
          from pg_stat_user_tables where relname = 'standings' and schemaname = current_schema()`,
    );
    // The match kicks off and its result is saved in one request, as an admin (or the importer) saves it.
    const save = await timed(() =>
      call(admin, {
        method: 'PATCH',
        url: `/api/matches/${match.id}`,
        payload: { matchDate: new Date(Date.now() - 60_000).toISOString(), status: 'finished', scoreHome: 2, scoreAway: 1 },
      }),
    );
    const ranking = () => call(reader, { method: 'GET', url: `/api/leaderboard/pool/${pool.id}/ranking` });
    const firstRead = await timed(ranking);
    const cachedRead = await timed(ranking);
    return {
      database: target.label,
      members,
      fillS: fill.ms / 1000,
      saveMs: save.ms,
      firstReadMs: firstRead.ms,
      cachedReadMs: cachedRead.ms,
      statisticsAgeS: freshness?.age ?? null,
      standingsChangedSinceAnalyze: freshness?.changed ?? 0,
    };
  } finally {
    await app.close();
    await handle.close();
  }
}

const rows: Row[] = [];
for (const target of benchDatabases()) {
  for (const members of SIZES) {
    const row = await measure(target, members);
    rows.push(row);
    console.log(
      `${row.database} ${row.members} members: filled in ${fmt(row.fillS)} s; result saved ${fmt(row.saveMs)} ms, first ranking read ${fmt(row.firstReadMs)} ms (cached ${fmt(row.cachedReadMs, 2)} ms); standings' statistics ${row.statisticsAgeS === null ? 'never taken' : `${fmt(row.statisticsAgeS)} s old`}, ${row.standingsChangedSinceAnalyze} rows changed since`,
    );
  }
}
console.log('\n| database | members | fill (s) | result saved (ms) | first ranking read (ms) | cached read (ms) | statistics of standings |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.database} | ${row.members.toLocaleString('en')} | ${fmt(row.fillS)} | ${fmt(row.saveMs)} | ${fmt(row.firstReadMs)} | ${fmt(row.cachedReadMs, 2)} | ${row.statisticsAgeS === null ? 'never taken' : `${fmt(row.statisticsAgeS)} s old, ${row.standingsChangedSinceAnalyze} rows changed since`} |`,
  );
}
for (const database of new Set(rows.map((row) => row.database))) {
  const of = (members: number) => rows.find((row) => row.database === database && row.members === members);
  const [thousand, tenThousand] = [of(1000), of(10_000)];
  if (thousand && tenThousand) {
    console.log(
      `${database}: 10,000 / 1,000 members: result saved ×${fmt(tenThousand.saveMs / thousand.saveMs)}, first read ×${fmt(tenThousand.firstReadMs / thousand.firstReadMs)} (linear: ×10; target under ×12)`,
    );
  }
}

import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  demoMessages,
  DemoGuestResponseSchema,
  MAX_PARTICIPANTS,
  type DemoGuestResponse,
  type PredictionChoice,
  type UserProfile,
} from '#contract/index';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { appSettings, matches as matchesTable } from '../../db/schema.ts';
import { readShippedData } from '../../db/seed/seed.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { errorResponses } from '../../lib/route-docs.ts';
import type { SessionsRepository } from '../accounts/sessions.repository.ts';
import type { UsersRepository } from '../accounts/users.repository.ts';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { PoolsService } from '../pools/pools.service.ts';
import type { PredictionsService } from '../predictions/predictions.service.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import { BOT_NAMES, botPick, STRATEGIES } from './demo-bots.ts';
import { DEMO_FEED_PATH, demoFeed } from './demo-feed.ts';
import { replayTimetable, type ReplayedMatch } from './demo-timetable.ts';

/** The `app_settings` row of a demo's data folder: when its replay started, its pool and its bots. */
const DEMO_KEY = 'demo';
const WORLD_CUP = 'worldcup-2026';

const StateSchema = z.object({
  start: z.string(),
  poolId: z.number().int(),
  invitationCode: z.number().int(),
  botIds: z.array(z.number().int()),
});
type DemoState = z.infer<typeof StateSchema>;

interface DemoServices {
  db: Database;
  clock: Clock;
  repositories: {
    users: Pick<UsersRepository, 'insert' | 'findProfile'>;
    sessions: Pick<SessionsRepository, 'create'>;
    teams: Pick<TeamsRepository, 'idsBySourceName'>;
    matches: Pick<MatchesRepository, 'listByCompetition'>;
  };
  pools: Pick<PoolsService, 'create' | 'join'>;
  predictions: Pick<PredictionsService, 'create'>;
}

/** An account nobody signs in to with a password: the demo's bots, its organiser, its guests. */
const account = (name: string, tag: string) => ({
  name,
  email: `${tag}-${randomBytes(6).toString('hex')}@demo.quiniela.invalid`,
  passwordHash: `scrypt$demo-${randomBytes(8).toString('hex')}`,
  role: 'user' as const,
});

/**
 * `npm run demo`: the real World Cup 2026 replayed on a timetable that starts a little after now, a pool of bot
 * players who pick by simple strategies, and a newcomer signed into it (docs/decisions/067-a-season-in-ten-minutes.md).
 * Its results arrive as a real source's do: it serves the tournament as football-data.org would at each moment
 * (`feed`), and the app's poller and importer read it. `timetable`, `bots` and `picks` are for bench/soak.ts.
 */
export function createDemo(
  services: DemoServices,
  { startSeconds, daySeconds, bots }: NonNullable<Config['demo']>,
  log: Pick<FastifyBaseLogger, 'info'>,
) {
  const { db, clock, repositories } = services;
  let state: DemoState | null = null;
  let timetable: ReplayedMatch[] = [];
  let botProfiles: UserProfile[] = [];
  const pickedDays = new Set<number>();
  const dayMs = daySeconds * 1000;

  /** The World Cup's stored matches by the replay's (round, home, away). */
  const worldCupMatches = async () => {
    const names = new Map([...(await repositories.teams.idsBySourceName())].map(([name, id]) => [id, name]));
    const stored = await repositories.matches.listByCompetition(WORLD_CUP);
    return new Map(stored.map((m) => [`${m.round}|${names.get(m.homeTeamId)}|${names.get(m.awayTeamId)}`, m]));
  };
  const keyOf = (match: Pick<ReplayedMatch, 'round' | 'team1' | 'team2'>) => `${match.round}|${match.team1}|${match.team2}`;

  /**
   * The demo's data folder starts from the shipped data, where the World Cup is over: its matches are put back to
   * the timetable's kick-offs, with no result, so that they are played again. Nobody has picked them yet.
   */
  const rewind = async () => {
    const stored = await worldCupMatches();
    for (const match of timetable) {
      const row = stored.get(keyOf(match));
      if (!row) throw new Error(`demo: ${keyOf(match)} is not in the database`);
      await db
        .update(matchesTable)
        .set({ matchDate: match.kickoff, kickoffConfirmed: true, status: 'scheduled', scoreHome: null, scoreAway: null })
        .where(eq(matchesTable.id, row.id));
    }
  };

  const setUp = async (): Promise<DemoState> => {
    const start = new Date(clock().getTime() + startSeconds * 1000);
    timetable = replayTimetable(await readShippedData('worldcup-2026.json'), { start, dayMs });
    await rewind();
    const organiser = await repositories.users.insert(account('Organización de la demo', 'organiza'));
    const invitationCode = randomInt(100_000, 1_000_000);
    const pool = await services.pools.create(organiser, {
      name: 'Demo · Mundial 2026',
      description: 'El Mundial 2026 real, partido a partido, con jugadores bot. Pronostica y mira el ranking moverse.',
      maxParticipants: MAX_PARTICIPANTS,
      invitationCode,
      creatorId: organiser.id,
      competition: WORLD_CUP,
      fromWeek: 1,
    });
    botProfiles = [];
    for (let index = 0; index < bots; index += 1) {
      const strategy = STRATEGIES[index % STRATEGIES.length]!;
      const round = Math.floor(index / STRATEGIES.length);
      const name = round === 0 ? BOT_NAMES[strategy] : `${BOT_NAMES[strategy]} ${round + 1}`;
      const bot = await repositories.users.insert(account(name, 'bot'));
      await services.pools.join(bot, { invitationCode, userId: bot.id }, '127.0.0.1');
      botProfiles.push(bot);
    }
    const saved: DemoState = {
      start: start.toISOString(),
      poolId: pool.id,
      invitationCode,
      botIds: botProfiles.map((bot) => bot.id),
    };
    await db.insert(appSettings).values({ key: DEMO_KEY, value: JSON.stringify(saved) });
    return saved;
  };

  /** The points each team has in the tournament so far ("favoritos" picks the team with more). */
  const teamPoints = async () => {
    const points = new Map<number, number>();
    const add = (team: number, n: number) => points.set(team, (points.get(team) ?? 0) + n);
    for (const m of await repositories.matches.listByCompetition(WORLD_CUP)) {
      if (m.status !== 'finished' || m.scoreHome === null || m.scoreAway === null) continue;
      add(m.homeTeamId, m.scoreHome > m.scoreAway ? 3 : m.scoreHome === m.scoreAway ? 1 : 0);
      add(m.awayTeamId, m.scoreAway > m.scoreHome ? 3 : m.scoreHome === m.scoreAway ? 1 : 0);
    }
    return points;
  };

  /** Picks the bots made, and those refused (none, unless a day's picks came after its kick-off). */
  const picks = { made: 0, refused: 0 };
  /** Every bot picks the day's matches, each by its strategy; all of a match's picks are sent at once. */
  const pickDay = async (day: number) => {
    const stored = await worldCupMatches();
    const points = await teamPoints();
    for (const replayed of timetable.filter((match) => match.day === day)) {
      const match = stored.get(keyOf(replayed))!;
      const picked: PredictionChoice[] = [];
      for (const [index, bot] of botProfiles.entries()) {
        picked.push(botPick(STRATEGIES[index % STRATEGIES.length]!, bot.id, match, { points, picked }));
      }
      await Promise.all(
        botProfiles.map((bot, index) =>
          services.predictions
            .create(bot, { poolId: state!.poolId, matchId: match.id, userId: bot.id, prediction: picked[index] })
            .then(
              () => (picks.made += 1),
              (error: unknown) => {
                // Picked already (the demo's server restarted): it stands. Too late: counted, the soak says so.
                if (!(error instanceof ConflictError)) throw error;
                picks.refused += 1;
              },
            ),
        ),
      );
    }
  };

  return {
    /** Sets the demo up in a new data folder, or takes up the one it holds; the bots pick the first day. */
    async start(): Promise<DemoState> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, DEMO_KEY));
      if (row) {
        state = StateSchema.parse(JSON.parse(row.value));
        timetable = replayTimetable(await readShippedData('worldcup-2026.json'), { start: new Date(state.start), dayMs });
        const profiles = await Promise.all(state.botIds.map((id) => repositories.users.findProfile(id)));
        botProfiles = profiles.filter((profile): profile is UserProfile => profile !== undefined);
      } else {
        state = await setUp();
      }
      log.info(
        { poolId: state.poolId, start: state.start, days: new Set(timetable.map((m) => m.day)).size, bots: botProfiles.length },
        'demo ready',
      );
      return state;
    },
    /** The bots pick a day's matches half a day before it starts (when the day before is under way; the first at once). */
    async tick(): Promise<void> {
      const now = clock().getTime();
      const days = [...new Set(timetable.map((match) => match.day))];
      for (const day of days) {
        if (pickedDays.has(day)) continue;
        const first = Math.min(...timetable.filter((m) => m.day === day).map((m) => m.kickoff.getTime()));
        if (day > 0 && now < first - dayMs / 2) break;
        if (now >= first) {
          pickedDays.add(day);
          continue;
        }
        pickedDays.add(day);
        await pickDay(day);
      }
    },
    feed: () => demoFeed(timetable, clock()),
    /** A newcomer: an account of their own, a player of the demo's pool, signed in. */
    async guest(): Promise<DemoGuestResponse> {
      if (!state) throw new ConflictError(demoMessages.notDemo);
      const guest = await repositories.users.insert(account(`Invitado ${randomInt(100, 1000)}`, 'invitado'));
      await services.pools.join(guest, { invitationCode: state.invitationCode, userId: guest.id }, '127.0.0.1');
      const expiresAt = new Date(clock().getTime() + 7 * 24 * 60 * 60_000);
      const accessToken = await repositories.sessions.create(guest.id, expiresAt);
      return {
        session: { accessToken, tokenType: 'Bearer', expiresAt: expiresAt.toISOString() },
        userProfile: guest,
        poolId: state.poolId,
      };
    },
    /** The replay's timetable (the soak checks every result arrived). */
    timetable: () => timetable,
    pool: () => state,
    bots: () => botProfiles,
    /** How many picks the bots made, and how many came too late. */
    picks: () => ({ ...picks }),
  };
}

export type Demo = ReturnType<typeof createDemo>;

/**
 * The demo's routes and its clock: football-data.org's World Cup as the replay has it now (the poller reads it like
 * the real API), and a newcomer's way in. `demo.start()` sets it up before the app listens (server/main.ts: after the
 * seed, and with no time limit, as a thousand bots take half a minute); the bots pick as the days come.
 */
export async function demoPlugin(app: FastifyInstance, { demo }: { demo: Demo }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  // The bots pick from the first look on, beside the requests: a day of a thousand bots' picks takes longer than
  // Fastify gives an onReady hook (10 s).
  const tick = () => {
    if (ticking) return;
    ticking = true;
    demo
      .tick()
      .catch((err: unknown) => app.log.warn({ err }, 'demo bots failed to pick'))
      .finally(() => (ticking = false));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  api.get(`${DEMO_FEED_PATH}/competitions/:code/matches`, {
    schema: {
      tags: ['demo'],
      summary: 'La demo: el Mundial 2026 en el formato de football-data.org, tal como va la repetición (solo demo)',
      params: z.object({ code: z.string() }),
    },
    handler: async (request, reply) => {
      if (request.params.code !== 'WC') return reply.code(404).send({ message: 'Not found', errorCode: 404 });
      return demo.feed();
    },
  });

  api.post('/api/demo/guest', {
    schema: {
      tags: ['demo'],
      summary: 'La demo: una cuenta nueva, con sesión, que juega en la quiniela de la demo (solo demo)',
      response: { 200: DemoGuestResponseSchema, ...errorResponses(409) },
    },
    handler: async () => demo.guest(),
  });
}

/** The strip every page of a demo opens with (web/app.css styles it): no one takes the demo for the real thing. */
export const demoBanner = () => `<div class="demo-banner" role="note">${demoMessages.banner}</div>`;

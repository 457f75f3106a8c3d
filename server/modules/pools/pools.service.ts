import { setTimeout as delay } from 'node:timers/promises';
import {
  DEFAULT_POOL_OPTIONS,
  defaultPoolScope,
  gameRulesMessages,
  gameRulesOf,
  laQuinielaMessages,
  mailMessages,
  poolMessages,
  poolOptionsMessages,
  PoolDetailResponseSchema,
  PoolListResponseSchema,
  type CreatePoolBody,
  type GameMode,
  type JoinPoolBody,
  type Pool,
  type PoolInvitation,
  type PoolDetail,
  type PoolPageQuery,
  type PoolRulesBody,
  type UpdatePoolBody,
  type UserProfile,
} from '#contract/index';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { createUserCache, type DataVersions } from '../../lib/data-versions.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  isUniqueViolation,
} from '../../lib/errors.ts';
import { toJsonReply, type JsonReply } from '../../lib/json-reply.ts';
import type { RateLimiter, Reservation } from '../../lib/rate-limiter.ts';
import { assertSelfOrAdmin, isAdmin } from '../accounts/access.ts';
import type { CompetitionsRepository } from '../matches/competitions.repository.ts';
import { assertCanManage, assertCanView, assertCanViewAs } from './pool-access.ts';
import { assertRulesOpen, assertTieBreakFits } from './pool-rules.ts';
import { poolStarted, type PoolsRepository } from './pools.repository.ts';
import { linkPaths } from '#contract/links';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { ComposeMail } from '../mail/mail-worker.ts';

interface Deps {
  pools: PoolsRepository;
  competitions: CompetitionsRepository;
  rateLimiter: RateLimiter;
  /** "Invitar por correo" (null: this server sends no mail). */
  mail: MailQueue | null;
  config: Pick<Config, 'rateLimits' | 'publicOrigin' | 'live'>;
  clock: Clock;
  versions: DataVersions;
}

/** Users' pool lists (joined, owned) and pools' details kept in memory at most, each (the oldest go first). */
const CACHED_LISTS = 2000;

/** What a live stream needs of its pool: who manages it, and which matches it counts (the hub routes by them). */
/** What the live channel needs of a pool: who may listen, and which matches' events it hears (its scope, its mode). */
export type LiveAccess = Pick<Pool, 'id' | 'creatorId' | 'competition' | 'fromWeek'> & { gameMode: GameMode };

const liveAccessOf = ({ id, creatorId, competition, fromWeek, gameMode }: LiveAccess): LiveAccess => ({ id, creatorId, competition, fromWeek, gameMode });

/** A pool's detail as one of its members or its creator sees it, kept until their version moves. */
interface Detail {
  pool: Pool;
  startsAt: Date | null;
  /** The answer before and after the pool starts (`started`), each made by its first read. */
  replies: Map<boolean, JsonReply>;
}

/** A right code waits at most 20+40+80+160+320 ms for a full limit to free up before it is refused too. */
const RIGHT_CODE_RETRIES = 5;
const RIGHT_CODE_RETRY_MS = 20;

export function createPoolsService({ pools, competitions, rateLimiter, mail, config, clock, versions }: Deps) {
  // The lists a user opens on every start, by their version (docs/decisions/050-the-lists-a-user-opens-cached-by-their-version.md):
  // every write to a pool moves its creator's and its members' versions, a membership its user's; 'matches' is in the
  // pools' first-round labels and in when they start.
  const lists = createUserCache<JsonReply>(versions, ['matches'], CACHED_LISTS);
  const details = createUserCache<Detail>(versions, ['matches'], CACHED_LISTS);
  const listReply = (user: number, list: 'joined' | 'owned', load: () => Promise<Pool[]>, since?: number) =>
    lists
      .get(user, list, async () => toJsonReply(PoolListResponseSchema, { data: { pools: await load() } }), since)
      .then((reply) => reply!);
  // Every open stream asks at each heartbeat, and again at each reopening: kept for as many members as this process
  // may hold streams (an entry is a few numbers). No topic: a change to the pool or to the membership moves the user's
  // version, and nothing else changes the answer.
  const liveAccesses = createUserCache<LiveAccess>(versions, [], config.live.total);
  const loadLiveAccess = async (userId: number, id: number): Promise<LiveAccess | undefined> => {
    const found = await pools.findLiveAccess(id, userId);
    if (!found || (found.creatorId !== userId && !found.isParticipant)) return undefined;
    return liveAccessOf(found);
  };
  const detailOf = async (pool: Pool): Promise<Detail> => ({ pool, startsAt: await pools.startsAt(pool.id), replies: new Map() });
  /** Only its creator's and its members' details are kept: a pool's writes move their versions, and no one else's. */
  const loadMemberDetail = async (userId: number, id: number) => {
    const pool = await pools.findById(id);
    if (!pool || (pool.creatorId !== userId && !(await pools.isParticipant(id, userId)))) return undefined;
    return detailOf(pool);
  };

  const findOr404 = async (id: number) => {
    const pool = await pools.findById(id);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    return pool;
  };

  /**
   * Wrong codes count per user and per address, so the 900,000 codes cannot be walked. The user's own limit first:
   * one guesser behind a shared address (a stadium, an office) filled the address's and held everyone there for 15
   * minutes. A user with no attempt in the window is not held by the address's: their code is looked at (a wrong
   * one then counts against them, and their next waits like everyone's there). A guesser gains one look per fresh
   * account at a full address, and accounts are themselves limited per address (AUTH_IP_MAX_PER_MINUTE).
   */
  const reserveAttempt = async (userId: number, ip: string): Promise<Reservation> => {
    const user = await rateLimiter.reserve(`join-wrong-code:user:${userId}`, config.rateLimits.wrongJoinCodesPerUser);
    if (user.waitSeconds !== null) return user;
    const address = await rateLimiter.reserve(`join-wrong-code:ip:${ip}`, config.rateLimits.wrongJoinCodesPerIp);
    if (address.waitSeconds === null) {
      return { waitSeconds: null, count: user.count, refund: () => Promise.all([user.refund(), address.refund()]).then(() => undefined) };
    }
    if (user.count === 1) return user;
    await user.refund();
    return address;
  };

  /**
   * The pool behind an invitation code, found by `find`, within the wrong-code limits: the one rule for a code,
   * whether someone joins with it or only asks what it opens. A code no pool has is a 404 and counts against the
   * caller and their address; over either limit it is a 429 whatever the code.
   */
  const findByCode = async <Found>(actor: UserProfile, ip: string, find: () => Promise<Found | undefined>): Promise<Found> => {
    const found = await find();
    // Whether the code exists is told only within a reserved attempt, so parallel guesses cannot outrun
    // the limit. A right code gives its attempt back; when it finds the limit full it waits for other
    // right codes in flight to give theirs back (100 friends joining at once from one address).
    let attempt = await reserveAttempt(actor.id, ip);
    for (let retry = 0; found && attempt.waitSeconds !== null && retry < RIGHT_CODE_RETRIES; retry += 1) {
      await delay(RIGHT_CODE_RETRY_MS * 2 ** retry);
      attempt = await reserveAttempt(actor.id, ip);
    }
    if (attempt.waitSeconds !== null) throw new TooManyRequestsError(poolMessages.tooManyWrongCodes, attempt.waitSeconds);
    if (!found) throw new NotFoundError(poolMessages.codeUnknown);
    await attempt.refund();
    return found;
  };

  /**
   * The competition and first round a new pool counts: the ones asked for, checked against the matches. The spec's
   * body has neither, and its pool counts every match, an admin's hand-entered ones included (decision 036). A round
   * alone is of `defaultPoolScope`'s competition.
   */
  const poolScope = async ({ competition, fromWeek }: Pick<CreatePoolBody, 'competition' | 'fromWeek'>) => {
    const now = clock();
    if (competition === undefined) {
      if (fromWeek === undefined) return { competition: null, fromWeek: null };
      const scope = defaultPoolScope(await competitions.list(now));
      if (scope === null) throw new BadRequestError(poolMessages.roundUnknown);
      competition = scope.competition;
    }
    const chosen = await competitions.find(competition, now);
    if (!chosen) throw new BadRequestError(poolMessages.competitionUnknown);
    if (fromWeek === undefined) return { competition, fromWeek: chosen.nextRound ?? chosen.firstWeek };
    if (!chosen.rounds.some((round) => round.weekNumber === fromWeek)) throw new BadRequestError(poolMessages.roundUnknown);
    return { competition, fromWeek };
  };

  /** The game a pool plays: the one asked for (the specification's without one), its multiplier's round checked. */
  const poolGame = async (input: CreatePoolBody['game'], scope: { competition: string | null }) => {
    if (input?.mode === 'laQuiniela') {
      // No comodín nor multiplier in La Quiniela: a 400, never ignored (docs/decisions/082-modo-la-quiniela.md).
      if (input.joker) throw new BadRequestError(laQuinielaMessages.noJoker);
      if (input.knockoutFromWeek !== null) throw new BadRequestError(laQuinielaMessages.noKnockout);
    }
    const game = gameRulesOf(input);
    if (game.knockoutFromWeek === null) return game;
    if (scope.competition === null) throw new BadRequestError(gameRulesMessages.knockoutNeedsCompetition);
    const chosen = await competitions.find(scope.competition, clock());
    if (!chosen?.rounds.some((round) => round.weekNumber === game.knockoutFromWeek)) throw new BadRequestError(gameRulesMessages.knockoutRoundUnknown);
    return game;
  };

  return {
    async create(actor: UserProfile, body: CreatePoolBody) {
      assertSelfOrAdmin(actor, body.creatorId);
      const { competition, fromWeek, game: gameInput, options = DEFAULT_POOL_OPTIONS, ...spec } = body;
      const scope = await poolScope({ competition, fromWeek });
      const game = await poolGame(gameInput, scope);
      assertTieBreakFits(options.tieBreak, game.mode);
      try {
        return await pools.insert({ ...spec, ...scope, game, options, createdAt: clock() });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(poolMessages.codeTaken);
        throw error;
      }
    },

    async join(actor: UserProfile, body: JoinPoolBody, ip: string): Promise<Pool> {
      assertSelfOrAdmin(actor, body.userId);
      const pool = await findByCode(actor, ip, () => pools.findByCode(body.invitationCode));
      if (pool.creatorId === body.userId) throw new ConflictError(poolMessages.ownPool);
      if (!pool.isActive) throw new ConflictError(poolMessages.inactive);
      if (pool.isClose) throw new ConflictError(poolMessages.closed);

      // A late joiner (the pool has started) of a 'lowest' pool starts with the pool's lowest total.
      const late = pool.options.lateJoiners === 'lowest' && (await pools.hasStarted(pool.id, clock()));
      const outcome = await pools.join(pool.id, body.userId, late ? await pools.lowestTotal(pool.id) : 0);
      if (outcome === 'already-in') throw new ConflictError(poolMessages.alreadyIn);
      if (outcome === 'full') throw new ConflictError(poolMessages.full);
      return findOr404(pool.id);
    },

    /** What a code opens, for any signed-in user who holds it (the join dialog of an invitation link). */
    async invitation(actor: UserProfile, invitationCode: number, ip: string): Promise<PoolInvitation> {
      return findByCode(actor, ip, () => pools.findInvitation(invitationCode, actor.id));
    },

    /** `since`: see `DataVersions.catchUp`. */
    async listJoined(actor: UserProfile, userId: number, since?: number): Promise<JsonReply> {
      assertSelfOrAdmin(actor, userId);
      return listReply(userId, 'joined', () => pools.listJoined(userId), since);
    },

    async listOwned(actor: UserProfile, userId: number, since?: number): Promise<JsonReply> {
      assertSelfOrAdmin(actor, userId);
      return listReply(userId, 'owned', () => pools.listOwned(userId), since);
    },

    async listVisible(actor: UserProfile, page: PoolPageQuery) {
      const { pools: list, total } = await pools.listVisibleTo(isAdmin(actor) ? null : actor.id, page);
      return { pools: list, page: { ...page, total } };
    },

    /** Cached for its creator and members; anyone else (an admin, or a 403/404) is answered from the database. */
    async get(actor: UserProfile, id: number, since?: number): Promise<JsonReply> {
      let detail = await details.get(actor.id, `pool:${id}`, () => loadMemberDetail(actor.id, id), since);
      if (!detail) {
        const pool = await findOr404(id);
        await assertCanView(pools, actor, pool);
        detail = await detailOf(pool);
      }
      const started = poolStarted(detail.startsAt, clock());
      let reply = detail.replies.get(started);
      if (!reply) {
        const data: PoolDetail = { ...detail.pool, started };
        reply = toJsonReply(PoolDetailResponseSchema, { data });
        detail.replies.set(started, reply);
      }
      return reply;
    },

    /**
     * The pool of a live stream, for its members (pool-access.ts): asked when a stream opens and at each of its
     * heartbeats. Cached for its creator and members; anyone else (an admin, or a 403/404) is answered from the
     * database.
     */
    async liveAccess(actor: UserProfile, id: number): Promise<LiveAccess> {
      const cached = await liveAccesses.get(actor.id, `live:${id}`, () => loadLiveAccess(actor.id, id));
      if (cached) return cached;
      const found = await pools.findLiveAccess(id, actor.id);
      if (!found) throw new NotFoundError(poolMessages.notFound);
      assertCanViewAs(actor, found, found.isParticipant);
      return liveAccessOf(found);
    },

    /** The creator (or an admin) changes the pool's rules, only until it has started (`assertRulesOpen`). */
    async updateRules(actor: UserProfile, id: number, body: PoolRulesBody): Promise<Pool> {
      const pool = await findOr404(id);
      assertCanManage(actor, pool);
      const now = clock();
      await assertRulesOpen(pools, id, now);
      const game = body.game === undefined ? undefined : await poolGame(body.game, pool);
      assertTieBreakFits((body.options ?? pool.options).tieBreak, (game ?? pool.game).mode);
      const outcome = await pools.setRules(id, pool.creatorId, { options: body.options, game });
      if (outcome === 'full') throw new ConflictError(poolOptionsMessages.creatorNoPlace);
      // Picks already made have the old mode's shape: a mode is changed only while there are none.
      if (outcome === 'has-picks') throw new ConflictError(gameRulesMessages.modeHasPicks);
      return findOr404(id);
    },

    /** The creator (or an admin) removes a participant: their picks leave the ranking, and they are told why. */
    async removeParticipant(actor: UserProfile, id: number, userId: number): Promise<void> {
      const pool = await findOr404(id);
      assertCanManage(actor, pool);
      if (userId === pool.creatorId) throw new ConflictError(poolOptionsMessages.removeCreator);
      if (!(await pools.removeParticipant(id, userId, poolOptionsMessages.removedNotice(pool.name))))
        throw new NotFoundError(poolOptionsMessages.notInPool);
    },

    /** Why the caller is no longer in a pool: shown on their next visit until dismissed. */
    notices(actor: UserProfile) {
      return pools.notices(actor.id);
    },

    async dismissNotice(actor: UserProfile, id: number): Promise<void> {
      if (!(await pools.dismissNotice(actor.id, id))) throw new NotFoundError(poolOptionsMessages.noticeUnknown);
    },

    /** The participant list is the creator's view (the spec's roles and permissions). */
    async participants(actor: UserProfile, id: number, userId: number) {
      assertSelfOrAdmin(actor, userId);
      const pool = await findOr404(id);
      assertCanManage(actor, pool);
      return pools.participants(id);
    },

    async update(actor: UserProfile, id: number, body: UpdatePoolBody) {
      assertCanManage(actor, await findOr404(id));
      const { isClose, ...rest } = body;
      const updated = await pools.update(id, { ...rest, ...(isClose === undefined ? {} : { isClosed: isClose }) });
      if (!updated) throw new ConflictError(poolMessages.maxBelowCount);
      return updated;
    },

    /**
     * "Invitar por correo": the invitation link, with the pool's and the inviter's names, to each address (the same
     * one once), while anybody new can join; by its creator or an admin, `INVITATION_EMAILS_MAX_PER_DAY` addresses a
     * day, counted before anything is queued.
     */
    async inviteByEmail(actor: UserProfile, id: number, emails: readonly string[]): Promise<string> {
      const pool = await findOr404(id);
      assertCanManage(actor, pool);
      if (!mail) throw new ConflictError(mailMessages.notConfigured);
      if (!pool.isActive) throw new ConflictError(poolMessages.inactiveToNewMembers);
      if (pool.isClose) throw new ConflictError(poolMessages.closedToNewMembers);
      const addresses = [...new Set(emails)];
      const wait = await rateLimiter.hit(`invitation-emails:${actor.id}`, config.rateLimits.invitationEmails, addresses.length);
      if (wait !== null) throw new TooManyRequestsError(poolMessages.tooManyInvitationEmails, wait);
      const params = {
        inviterName: actor.name,
        poolName: pool.name,
        code: pool.invitationCode,
        link: `${config.publicOrigin}${linkPaths.invitation(pool.invitationCode)}`,
      };
      await mail.send(addresses.map((to) => ({ kind: 'invitation' as const, to, userId: actor.id, params })));
      return poolMessages.invitationsSent(addresses.length);
    },

    /** An invitation says what was true when it was sent for: its params are the whole mail. */
    composeMail: (async (queued) => ({
      kind: 'invitation',
      ...(queued.params as { inviterName: string; poolName: string; code: number; link: string }),
    })) satisfies ComposeMail,

    /**
     * Deleting a pool removes its participants with it (the cascade that
     * docs/decisions/008-two-roles-and-the-account-deletion-cascade.md documents for an account's pools).
     */
    async remove(actor: UserProfile, id: number) {
      assertCanManage(actor, await findOr404(id));
      await pools.delete(id);
    },
  };
}

export type PoolsService = ReturnType<typeof createPoolsService>;

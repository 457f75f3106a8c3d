import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
// The key of what a row belongs to, which takes the row with it when it is deleted.
const belongsTo = (column: string, parent: () => AnyPgColumn) =>
  integer(column).notNull().references(parent, { onDelete: 'cascade' });
const belongsToUser = () => belongsTo('user_id', () => users.id);
const belongsToPool = () => belongsTo('pool_id', () => pools.id);
const belongsToMatch = () => belongsTo('match_id', () => matches.id);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored lower-cased; the unique index is what makes sign-up races safe. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  roleId: integer('role_id')
    .notNull()
    .references(() => roles.id),
  /** Random WebAuthn user handle (base64url), made on the first passkey registration. */
  webauthnUserId: text('webauthn_user_id').unique(),
  /** When the owner opened a link mailed to `email` (null: not confirmed); e-mail reminders need it. */
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The links mailed to an account: a password reset (valid 30 minutes) or the confirmation of an address (`email`:
 * the account's own, or the one it is changing to). A row is made when the mail is sent, never before, and holds only
 * the SHA-256 of its 256-bit token; `used_at` makes it single-use (server/modules/accounts/account-tokens.repository.ts).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: belongsToUser(),
    purpose: text('purpose', { enum: ['password-reset', 'email-confirmation'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_user_id_idx').on(t.userId),
    // The sweep of expired links (server/maintenance.ts).
    index('account_tokens_expires_at_idx').on(t.expiresAt),
    check('account_tokens_purpose', sql`${t.purpose} in ('password-reset', 'email-confirmation')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: belongsToUser(),
    /** SHA-256 of the bearer token: a database leak does not leak live sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // expires_at: the sweep of expired sessions (server/maintenance.ts).
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Fixed-window counters for rate limits. Kept in the database (not in memory)
 * so that several app instances on one PostgreSQL share the same limits.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  // The sweep of finished windows (server/maintenance.ts).
  (t) => [index('rate_limit_counters_window_start_idx').on(t.windowStart)],
);

export const confederations = pgTable('confederations', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The team's name in the open football data, used by the results importer. */
  sourceName: text('source_name').unique(),
  logoUrl: text('logo_url'),
  isActive: boolean('is_active').notNull().default(true),
  confederationId: integer('confederation_id').references(() => confederations.id),
});

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    competition: text('competition').notNull(),
    round: text('round').notNull(),
    weekNumber: integer('week_number').notNull(),
    matchDate: timestamp('match_date', { withTimezone: true }).notNull(),
    kickoffConfirmed: boolean('kickoff_confirmed').notNull().default(true),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    scoreHome: smallint('score_home'),
    scoreAway: smallint('score_away'),
    status: text('status', { enum: ['scheduled', 'live', 'finished'] })
      .notNull()
      .default('scheduled'),
    /**
     * When an admin last set the kick-off by hand (its date or whether its time is confirmed), and who (null once
     * that account is deleted); null while the kick-off is the data's. An import never replaces such a kick-off
     * (docs/decisions/063-results-only-after-kick-off-and-kept-kick-off-corrections.md).
     */
    kickoffCorrectedAt: timestamp('kickoff_corrected_at', { withTimezone: true }),
    kickoffCorrectedBy: integer('kickoff_corrected_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The feed that last set the kick-off (`ChangeSource`: 'openfootball', 'football-data', 'import'); null while it is
     * the shipped data's. Another feed replaces it only with a stronger one, or an equal one from a feed that ranks
     * as high (docs/decisions/065-results-arrive-by-themselves-from-two-sources.md).
     */
    kickoffSource: text('kickoff_source'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('matches_match_date_idx').on(t.matchDate),
    // A league fixture (competition, home, away, round) is unique; the importer keys on it.
    uniqueIndex('matches_fixture_uq').on(t.competition, t.round, t.homeTeamId, t.awayTeamId),
    check('matches_distinct_teams', sql`${t.homeTeamId} <> ${t.awayTeamId}`),
    check('matches_status', sql`${t.status} in ('scheduled', 'live', 'finished')`),
    check(
      'matches_finished_has_score',
      sql`${t.status} <> 'finished' or (${t.scoreHome} is not null and ${t.scoreAway} is not null)`,
    ),
  ],
);

export const pools = pgTable(
  'pools',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    maxParticipants: integer('max_participants').notNull().default(20),
    /**
     * Kept in step with pool_participants inside the join transaction. Joining is one
     * conditional `update … where participant_count < max_participants`, so the last
     * free place can only be taken once, whatever the concurrency.
     */
    participantCount: integer('participant_count').notNull().default(0),
    invitationCode: integer('invitation_code').notNull().unique(),
    creatorId: belongsTo('creator_id', () => users.id),
    isActive: boolean('is_active').notNull().default(true),
    isClosed: boolean('is_closed').notNull().default(false),
    createdAt: createdAt(),
    /** When this pool's standings last changed (the ranking's `lastUpdated`). */
    standingsUpdatedAt: timestamp('standings_updated_at', { withTimezone: true }),
    /**
     * The competition (`matches.competition`) the pool counts, from round `from_week` on; both null for a pool
     * created before pools had a competition, which counts every match (server/modules/pools/pool-scope.ts,
     * docs/decisions/036-a-pool-belongs-to-a-competition.md). Set at creation, never changed.
     */
    competition: text('competition'),
    fromWeek: integer('from_week'),
    /**
     * The pool's game (contract/game-rules.ts), set at creation; the defaults are the specification's game (1X2 for
     * 3 points, no comodín, no multiplier), which every pool from before has. Columns rather than JSON: the scoring
     * rule's SQL reads them (server/modules/leaderboard/scoring.ts).
     */
    gameMode: text('game_mode', { enum: ['outcome', 'exactScore', 'laQuiniela'] }).notNull().default('outcome'),
    pointsPreset: text('points_preset', { enum: ['clasica', 'polla', 'custom'] }),
    pointsExact: integer('points_exact').notNull().default(0),
    pointsDifference: integer('points_difference').notNull().default(0),
    pointsOutcome: integer('points_outcome').notNull().default(3),
    pointsTeamGoals: integer('points_team_goals').notNull().default(0),
    joker: boolean('joker').notNull().default(false),
    knockoutFromWeek: integer('knockout_from_week'),
    /**
     * The organiser's options (contract/pool-options.ts); the defaults are the specification's game, so pools
     * from before keep it. Changed only until the pool's first counted kick-off (server/modules/pools/pool-rules.ts).
     */
    editUntilKickoff: boolean('edit_until_kickoff').notNull().default(false),
    closeMinutesBefore: integer('close_minutes_before').notNull().default(0),
    creatorPlays: boolean('creator_plays').notNull().default(false),
    lateJoiners: text('late_joiners', { enum: ['zero', 'lowest'] })
      .notNull()
      .default('zero'),
    /** How equal points are ordered (contract/tie-break.ts, docs/decisions/083-the-organisers-tie-break.md). */
    tieBreak: text('tie_break', { enum: ['correctPicks', 'jornadasWon', 'exactScores', 'lessExtra'] })
      .notNull()
      .default('correctPicks'),
  },
  (t) => [
    check('pools_game_mode', sql`${t.gameMode} in ('outcome', 'exactScore', 'laQuiniela')`),
    check(
      'pools_points_range',
      sql`least(${t.pointsExact}, ${t.pointsDifference}, ${t.pointsOutcome}, ${t.pointsTeamGoals}) >= 0 and greatest(${t.pointsExact}, ${t.pointsDifference}, ${t.pointsOutcome}, ${t.pointsTeamGoals}) <= 10`,
    ),
    index('pools_creator_id_idx').on(t.creatorId),
    check('pools_competition_from_week', sql`(${t.competition} is null) = (${t.fromWeek} is null)`),
    check('pools_code_range', sql`${t.invitationCode} between 100000 and 999999`),
    check('pools_capacity', sql`${t.participantCount} between 0 and ${t.maxParticipants}`),
    check('pools_max_range', sql`${t.maxParticipants} between 2 and 1000`),
    check('pools_close_minutes_before', sql`${t.closeMinutesBefore} between 0 and 1440`),
    check('pools_late_joiners', sql`${t.lateJoiners} in ('zero', 'lowest')`),
    check('pools_tie_break', sql`${t.tieBreak} in ('correctPicks', 'jornadasWon', 'exactScores', 'lessExtra')`),
  ],
);

export const poolParticipants = pgTable(
  'pool_participants',
  {
    id: serial('id').primaryKey(),
    poolId: belongsToPool(),
    userId: belongsToUser(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Points given at joining: a late joiner of a pool whose `late_joiners` is 'lowest' starts with the pool's
     * lowest total then. Part of the standing (`standings.points` = this + the sum of the jornadas' rows), in the
     * incremental path and the recompute alike.
     */
    startingPoints: integer('starting_points').notNull().default(0),
  },
  (t) => [
    uniqueIndex('pool_participants_pool_user_uq').on(t.poolId, t.userId),
    index('pool_participants_user_id_idx').on(t.userId),
  ],
);

/** A row that belongs to a participation (`pool_participants (pool_id, user_id)`) and goes with it. */
const ofParticipation = (t: { poolId: AnyPgColumn; userId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.poolId, t.userId],
    foreignColumns: [poolParticipants.poolId, poolParticipants.userId],
  }).onDelete('cascade');

/**
 * A pool's bote (contract/pot.ts, docs/decisions/079-a-prize-pot-that-moves-no-money.md): no row, no bote (the
 * default). The app moves no money: these are the organiser's settings, and who they marked as paid.
 */
export const poolPots = pgTable(
  'pool_pots',
  {
    poolId: belongsToPool().primaryKey(),
    entryCents: integer('entry_cents').notNull(),
    /** Whole percentages for the 1st, 2nd, … of the final table; with `jornada_share` they sum to 100. */
    positionShares: jsonb('position_shares').$type<number[]>().notNull(),
    jornadaShare: integer('jornada_share').notNull().default(0),
  },
  (t) => [
    check('pool_pots_entry_range', sql`${t.entryCents} between 100 and 10000000`),
    check('pool_pots_jornada_share_range', sql`${t.jornadaShare} between 0 and 99`),
  ],
);

/** Who the organiser marked as paid: a participant's row, which goes with their participation. */
export const poolPotPayments = pgTable(
  'pool_pot_payments',
  {
    poolId: integer('pool_id').notNull(),
    userId: integer('user_id').notNull(),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.userId] }), ofParticipation(t)],
);

/**
 * A pool's bonus questions ("Preguntas extra", contract/bonus.ts, docs/decisions/080-bonus-questions.md): none, the
 * default. A template (kind other than 'free') is settled by the app from the stored results; a free one by hand.
 */
export const bonusQuestions = pgTable(
  'bonus_questions',
  {
    id: serial('id').primaryKey(),
    poolId: belongsToPool(),
    kind: text('kind').notNull(),
    prompt: text('prompt').notNull(),
    weekNumber: integer('week_number'),
    /** A free question's possible answers; null: free text. */
    choices: jsonb('choices').$type<string[]>(),
    points: integer('points').notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** The right answer once settled (contract `BonusCorrect`); null while open or undecided. */
    correct: jsonb('correct').$type<{ teamIds?: number[]; number?: number; texts?: string[] }>(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bonus_questions_pool_idx').on(t.poolId),
    check('bonus_questions_points_range', sql`${t.points} between 1 and 100`),
    check(
      'bonus_questions_kind',
      sql`${t.kind} in ('champion', 'relegated', 'jornada-leader', 'jornada-goals', 'free')`,
    ),
  ],
);

/**
 * A participant's answer to a bonus question, with the points it earned once settled (null before). Its points are
 * part of the player's `standings.points`, moved in the same transaction (bonus.repository.ts `applySettlement`).
 */
export const bonusAnswers = pgTable(
  'bonus_answers',
  {
    questionId: belongsTo('question_id', () => bonusQuestions.id),
    poolId: integer('pool_id').notNull(),
    userId: integer('user_id').notNull(),
    answer: jsonb('answer').$type<{ teamIds?: number[]; number?: number; text?: string }>().notNull(),
    points: integer('points'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.userId] }),
    index('bonus_answers_pool_user_idx').on(t.poolId, t.userId),
    ofParticipation(t),
  ],
);

/**
 * A player's jugada of one competition (docs/decisions/081-one-set-of-picks-for-several-pools.md): the pool whose
 * picks are copied and the pools they go to; no row (the default) copies nothing. `scope` is the pools' competition
 * ('' for pools that count every match): one jugada per player and competition. Targets are read through the
 * player's participations, so a pool left or deleted drops out by itself.
 */
export const jugadas = pgTable(
  'jugadas',
  {
    userId: belongsToUser(),
    scope: text('scope').notNull(),
    sourcePoolId: belongsTo('source_pool_id', () => pools.id),
    targetPoolIds: integer('target_pool_ids').array().notNull(),
    /** "Usar la misma jugada en todas": a change in the source follows into the targets that let a pick change. */
    sameEverywhere: boolean('same_everywhere').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope] }),
    // A pick's save finds its pool's jugada by player and pool.
    uniqueIndex('jugadas_user_source_uq').on(t.userId, t.sourcePoolId),
    check('jugadas_targets', sql`cardinality(${t.targetPoolIds}) between 1 and 20`),
  ],
);

export const predictions = pgTable(
  'predictions',
  {
    id: serial('id').primaryKey(),
    poolId: belongsToPool(),
    userId: belongsToUser(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    /** In an exact-score pool, the outcome of the predicted score (so 1X2's counts and columns read every pick alike). */
    prediction: text('prediction', { enum: ['home', 'draw', 'away'] }).notNull(),
    /** The predicted score, exact-score pools only (both or neither). */
    scoreHome: integer('score_home'),
    scoreAway: integer('score_away'),
    /** The comodín: at most one pick per participant, pool and jornada (predictions.service.ts). */
    joker: boolean('joker').notNull().default(false),
    createdAt: createdAt(),
    /**
     * The pool "Mi jugada" copied this pick from (server/modules/jugada/); null for a pick saved here, which a save
     * here makes it again. Predecir says "Copiado de «…»".
     */
    copiedFromPoolId: integer('copied_from_pool_id').references(() => pools.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One pick per user, pool and match: the index settles duplicate races.
    uniqueIndex('predictions_pool_user_match_uq').on(t.poolId, t.userId, t.matchId),
    // A result reads its match's picks (match_id); a round's ranking and the pick distribution read one pool's picks of a match.
    index('predictions_match_pool_idx').on(t.matchId, t.poolId),
    index('predictions_user_id_idx').on(t.userId),
    // A deleted pool clears the mark on the picks copied from it: the few copied picks, not every pick, are read.
    index('predictions_copied_from_idx').on(t.copiedFromPoolId).where(sql`${t.copiedFromPoolId} is not null`),
    check('predictions_value', sql`${t.prediction} in ('home', 'draw', 'away')`),
    check(
      'predictions_score',
      sql`(${t.scoreHome} is null and ${t.scoreAway} is null) or (${t.scoreHome} between 0 and 20 and ${t.scoreAway} between 0 and 20 and ${t.prediction} = case when ${t.scoreHome} > ${t.scoreAway} then 'home' when ${t.scoreHome} < ${t.scoreAway} then 'away' else 'draw' end)`,
    ),
  ],
);

/**
 * A La Quiniela pool's boletos (docs/decisions/082-modo-la-quiniela.md): boleto `number` (the pool's jornada) is its
 * 15 rows, `position` 1–15 (15: the Pleno al 15), each a match of any competition. A match is in at most one boleto
 * of a pool, as a pick is one per pool and match. Written by its organiser until its first kick-off
 * (server/modules/la-quiniela/).
 */
export const boletoMatches = pgTable(
  'boleto_matches',
  {
    poolId: belongsToPool(),
    number: integer('number').notNull(),
    position: integer('position').notNull(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.number, t.position] }),
    uniqueIndex('boleto_matches_pool_match_uq').on(t.poolId, t.matchId),
    // A result reads the boletos its match is in.
    index('boleto_matches_match_id_idx').on(t.matchId),
    check('boleto_matches_number', sql`${t.number} between 1 and 99`),
    check('boleto_matches_position', sql`${t.position} between 1 and 15`),
  ],
);

/**
 * Stored standings, one row per participant, kept up to date incrementally when a
 * result is saved: reading a ranking costs O(participants), not O(predictions).
 */
export const standings = pgTable(
  'standings',
  {
    poolId: belongsToPool(),
    userId: belongsToUser(),
    points: integer('points').notNull().default(0),
    correctPicks: integer('correct_picks').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Only the key is indexed: rankings are read by pool (the key's prefix) and ordered in the app, so an index on
  // points would only add writes to every standing a result moves.
  (t) => [primaryKey({ columns: [t.poolId, t.userId] })],
);

/**
 * Stored per-jornada standings: what each participant scored in each round (`week_number`) of a pool, moved in the
 * same transaction and by the same delta as `standings` when a result changes, rebuilt by the recompute. Only rows
 * that score (points or correct picks not zero) are kept: a jornada's table lists the pool's participants and reads 0
 * for the others. The sum over a participant's rows, plus their starting points (`pool_participants.starting_points`), is
 * their `standings` row (tests/api/jornada-standings.test.ts).
 */
export const roundStandings = pgTable(
  'round_standings',
  {
    poolId: belongsToPool(),
    weekNumber: integer('week_number').notNull(),
    userId: belongsToUser(),
    points: integer('points').notNull().default(0),
    correctPicks: integer('correct_picks').notNull().default(0),
  },
  // A jornada's table reads (pool, week), the season reads the pool: both are the key's prefix.
  (t) => [
    primaryKey({ columns: [t.poolId, t.weekNumber, t.userId] }),
    index('round_standings_user_id_idx').on(t.userId),
  ],
);

/** Why someone is no longer in a pool ("Te han quitado de «X»"), shown on their next visit until they dismiss it. */
export const poolNotices = pgTable(
  'pool_notices',
  {
    id: serial('id').primaryKey(),
    userId: belongsToUser(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pool_notices_user_id_idx').on(t.userId)],
);

/**
 * What a change history of matches records besides the values: which match, who changed it (null: a feed, or an
 * account deleted since) and the `ChangeSource`; `changed_at` closes the row.
 */
const matchChangeColumns = () => ({
  id: serial('id').primaryKey(),
  matchId: belongsToMatch(),
  changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  source: text('source').notNull(),
});

/** Who changed which result, when, from what to what: a pool can see why its ranking moved. */
export const matchResultChanges = pgTable(
  'match_result_changes',
  {
    ...matchChangeColumns(),
    oldStatus: text('old_status').notNull(),
    oldScoreHome: smallint('old_score_home'),
    oldScoreAway: smallint('old_score_away'),
    newStatus: text('new_status').notNull(),
    newScoreHome: smallint('new_score_home'),
    newScoreAway: smallint('new_score_away'),
    changedAt: createdAt(),
  },
  (t) => [index('match_result_changes_match_id_idx').on(t.matchId)],
);

/**
 * Who changed which kick-off (its day, time or whether the time is confirmed), when, from what to what: an admin, or
 * the feed that brought it (`source`, as in `match_result_changes`).
 */
export const matchKickoffChanges = pgTable(
  'match_kickoff_changes',
  {
    ...matchChangeColumns(),
    oldMatchDate: timestamp('old_match_date', { withTimezone: true }).notNull(),
    oldKickoffConfirmed: boolean('old_kickoff_confirmed').notNull(),
    newMatchDate: timestamp('new_match_date', { withTimezone: true }).notNull(),
    newKickoffConfirmed: boolean('new_kickoff_confirmed').notNull(),
    changedAt: createdAt(),
  },
  (t) => [index('match_kickoff_changes_match_id_idx').on(t.matchId)],
);

/** Passkeys (WebAuthn credentials) a user registered; verified by the server on every sign-in. */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: belongsToUser(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default('[]'),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_credentials_user_id_idx').on(t.userId)],
);

/** Challenges issued for a ceremony: single use (deleted when consumed) and short-lived. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** Set for registration (the signed-in user); null for sign-in, where the user is not known yet. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The sweep of expired challenges (server/maintenance.ts).
  (t) => [index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
);

/** Instance-wide settings that every app instance must share, such as the VAPID key pair for Web Push. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  /** JSON text. */
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Topics (data versions) changed by a transaction, queued by the statement triggers of the tables that feed cached
 * answers and applied once at its commit, which also removes them (migration 0011,
 * docs/decisions/031-cache-versions-move-in-the-database.md): empty but for transactions on their way to commit.
 * No key on purpose: concurrent transactions queueing the same topic must not wait for each other.
 */
export const dataVersionChanges = pgTable('data_version_changes', {
  topic: text('topic').notNull(),
});

/**
 * Each user's data version: what their own lists (joined and owned pools, a pool's detail, their picks) depend on,
 * moved at the commit of a write that changed them (migration 0020,
 * docs/decisions/050-the-lists-a-user-opens-cached-by-their-version.md). A value from one sequence, so a version
 * never repeats, also after a row is gone. One row per user: a pick moves only its own user's row.
 */
export const userDataVersions = pgTable('user_data_versions', {
  userId: integer('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Where a user's browsers receive Web Push; an endpoint belongs to whoever saved it last on that browser. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: belongsToUser(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
);

/**
 * A user's favourite matches, kept on the server so that they follow the user to
 * any device and come back on sign-in (the device keeps them under `savedMatches`,
 * per user). A favourite outlives its reminders: one saved too late for any,
 * or whose reminders were all sent, is still a favourite.
 */
export const favoriteMatches = pgTable(
  'favorite_matches',
  {
    userId: belongsToUser(),
    matchId: belongsToMatch(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.matchId] }), index('favorite_matches_match_id_idx').on(t.matchId)],
);

/**
 * "Hora confirmada": one notice per favourite whose kick-off time gets confirmed while it has reminders pending
 * (docs/decisions/034-the-kick-off-confirmed-notice-is-queued-by-the-database.md). Rows are made only by the
 * trigger on `matches` of migration 0013, in the transaction that confirms the time, whoever writes it (an admin's
 * edit, an import); `sent_at` is set when an instance claims the notice, which happens once. The primary key makes it
 * once per user and match; the row goes with its favourite (un-favouriting, a deleted user or match).
 */
export const kickoffNotices = pgTable(
  'kickoff_notices',
  {
    userId: integer('user_id').notNull(),
    matchId: integer('match_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.matchId] }),
    foreignKey({
      columns: [t.userId, t.matchId],
      foreignColumns: [favoriteMatches.userId, favoriteMatches.matchId],
      name: 'kickoff_notices_favorite_fk',
    }).onDelete('cascade'),
    index('kickoff_notices_pending_idx')
      .on(t.matchId)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Reminders of a favourite match (the spec's reminder rule). The due time is not stored: it is the
 * match's kick-off minus `minutes_before`, so a moved kick-off moves its reminders.
 * `sent_at` is set when an instance claims the reminder, which happens once.
 */
export const matchReminders = pgTable(
  'match_reminders',
  {
    id: serial('id').primaryKey(),
    userId: belongsToUser(),
    matchId: belongsToMatch(),
    /** 1: an hour before kick-off, 2: at kick-off; the notification id is `match_id*1000+slot`. */
    slot: smallint('slot').notNull(),
    minutesBefore: smallint('minutes_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('match_reminders_user_match_slot_uq').on(t.userId, t.matchId, t.slot),
    index('match_reminders_pending_idx')
      .on(t.matchId)
      .where(sql`${t.sentAt} is null`),
    // The sweep of reminders sent long ago (server/maintenance.ts).
    index('match_reminders_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    check('match_reminders_slot', sql`${t.slot} in (1, 2)`),
  ],
);

/**
 * Notifications a user turned off: favourite reminders (`pool_id` null), or a pool's missing-picks reminders or
 * jornada results. A row only for what is off, so every kind is on by default (the behaviour before settings
 * existed); the settings screen writes them (`PUT /api/notification-settings`).
 */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    id: serial('id').primaryKey(),
    userId: belongsToUser(),
    poolId: integer('pool_id').references(() => pools.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['favorite-reminders', 'missing-picks', 'jornada-results'] }).notNull(),
  },
  (t) => [
    uniqueIndex('notification_opt_outs_user_kind_uq')
      .on(t.userId, t.kind)
      .where(sql`${t.poolId} is null`),
    uniqueIndex('notification_opt_outs_user_pool_kind_uq')
      .on(t.userId, t.poolId, t.kind)
      .where(sql`${t.poolId} is not null`),
    index('notification_opt_outs_pool_id_idx').on(t.poolId),
    check(
      'notification_opt_outs_kind',
      sql`(${t.kind} = 'favorite-reminders' and ${t.poolId} is null) or (${t.kind} in ('missing-picks', 'jornada-results') and ${t.poolId} is not null)`,
    ),
  ],
);

/**
 * The pool pushes sent (docs/decisions/047-pool-pushes-claimed-by-their-key.md): one row per user, pool, jornada and
 * kind, inserted by the instance that sends it. The key is the claim: two instances scanning at once insert it once
 * (`on conflict do nothing`), and a restart finds it sent. `competition` is '' for a jornada result, whose jornada is
 * the week of the pool's stored jornada standings.
 */
export const poolPushes = pgTable(
  'pool_pushes',
  {
    userId: belongsToUser(),
    poolId: belongsToPool(),
    kind: text('kind', { enum: ['missing-picks-24h', 'missing-picks-1h', 'jornada-result'] }).notNull(),
    competition: text('competition').notNull(),
    weekNumber: integer('week_number').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.kind, t.competition, t.weekNumber, t.userId] }),
    index('pool_pushes_user_id_idx').on(t.userId),
    index('pool_pushes_sent_at_idx').on(t.sentAt),
    check('pool_pushes_kind', sql`${t.kind} in ('missing-picks-24h', 'missing-picks-1h', 'jornada-result')`),
  ],
);

/**
 * Results imports: those started by an admin, run in the background (POST /api/admin/import-results), and the
 * pulls of the results source by the poller and "Actualizar Resultados" (`trigger`, recorded once they end).
 * Stored, so that any instance can answer how one went; `updated_at` is the running job's
 * heartbeat: a running job whose heartbeat stopped died with its instance.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull(),
    /** What ran it: `admin` (an admin's import), `poll` (the poller), `update-all` ("Actualizar Resultados"). */
    trigger: text('trigger').notNull().default('admin'),
    source: text('source').notNull(),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    progressDone: integer('progress_done'),
    progressTotal: integer('progress_total'),
    /** The import's summary (`ImportResultsSummary`) once it succeeded. */
    summary: jsonb('summary'),
    /** The Spanish message of a failed import. */
    error: text('error'),
  },
  (t) => [
    index('import_jobs_started_at_idx').on(t.startedAt),
    check('import_jobs_status', sql`${t.status} in ('running', 'succeeded', 'failed')`),
    check('import_jobs_trigger', sql`${t.trigger} in ('admin', 'poll', 'update-all')`),
  ],
);

/**
 * The pool's wall ("Muro"): short messages of its members, newest last; a message may comment one match the pool
 * counts (shown on it in "Resultados"). Stored as plain text and always rendered as text. Inserts and deletes notify
 * the live channel (migration 0019, docs/decisions/045-live-updates-carry-versions-not-tables.md).
 */
export const poolMessages = pgTable(
  'pool_messages',
  {
    id: serial('id').primaryKey(),
    poolId: belongsToPool(),
    userId: belongsToUser(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pool_messages_pool_id_idx').on(t.poolId, t.id),
    index('pool_messages_pool_match_idx').on(t.poolId, t.matchId, t.id),
    check('pool_messages_text_length', sql`char_length(${t.text}) between 1 and 500`),
  ],
);

/**
 * Every e-mail, written in the transaction of what caused it and sent by one instance's mail worker
 * (docs/decisions/064-the-mail-outbox-sends-at-most-once.md): `pending` until due (`next_attempt_at`), `sending` once
 * claimed, with the Message-ID it is sent under set before it goes, then `sent`, `failed` (`last_error`: the SMTP
 * answer, or why it is not tried again) or `dropped` (nothing left to say: the address changed, the player left). `params` is what the template needs; what the mail says about an account
 * (its link, whether the address has one) is decided when it is sent. `dedupe_key` makes a reminder once per user,
 * pool and jornada: its insert is the claim, as `pool_pushes`' key is for pushes.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** The account it is for or about (null: an address with no account); its pending mail goes with it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    params: jsonb('params').notNull().default({}),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'dropped'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * When the claim's message data began to go to the relay (written and committed before its first byte): a stale
     * claim without it certainly never left, and is queued again (docs/decisions/064).
     */
    transmittingAt: timestamp('transmitting_at', { withTimezone: true }),
    messageId: text('message_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_sending_idx')
      .on(t.claimedAt)
      .where(sql`${t.status} = 'sending'`),
    index('mail_outbox_user_id_idx').on(t.userId),
    // The sweep of mail sent or failed long ago (server/maintenance.ts).
    index('mail_outbox_created_at_idx').on(t.createdAt),
    check('mail_outbox_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'dropped')`),
  ],
);

/**
 * Reminders a user asked to get by e-mail too, per pool and kind: a row for each one on (off by default, unlike
 * pushes), sent only while the account's address is confirmed. Written by `PUT /api/notification-settings`, deleted
 * by an unsubscribe link.
 */
export const emailNotifications = pgTable(
  'email_notifications',
  {
    userId: belongsToUser(),
    poolId: belongsToPool(),
    kind: text('kind', { enum: ['missing-picks', 'jornada-results'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.poolId, t.kind] }),
    index('email_notifications_pool_id_idx').on(t.poolId),
    check('email_notifications_kind', sql`${t.kind} in ('missing-picks', 'jornada-results')`),
  ],
);

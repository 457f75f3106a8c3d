import { z } from 'zod';
import { EmailSchema } from './accounts.ts';
import { dataEnvelope, messageEnvelope, PageSchema, pageQuery, positiveId, wholeNumberBetween } from './common.ts';
import { GameRulesInputSchema, GameRulesSchema } from './game-rules.ts';
import { CompetitionKeySchema, fromRoundPhrase } from './matches.ts';
import { PoolOptionsSchema } from './pool-options.ts';

export const INVITATION_CODE_MIN = 100000;
export const INVITATION_CODE_MAX = 999999;
export const DEFAULT_MAX_PARTICIPANTS = 20;
/** The most places a pool can have. */
export const MAX_PARTICIPANTS = 1000;
export const POOL_NAME_MAX = 80;
export const POOL_DESCRIPTION_MAX = 500;

export const poolMessages = {
  // The spec's validation messages and error catalogue, word for word
  nameRequired: 'El nombre de la quiniela es obligatorio.',
  invalidCode: 'Por favor, introduce un código de invitación válido.',
  joinFailed: 'No se pudo unir a la quiniela.',
  createFailed: 'No se pudo crear la quiniela.',
  loadJoinedFailed: 'Error al cargar las quinielas unidas',
  loadOwnedFailed: 'Error al cargar las quinielas creadas',
  notFoundPanel: 'Quinela no encontrada',
  loadFailedPanel: (statusText: string) => `Error al cargar la quiniela: ${statusText}`,
  // Server
  codeTaken: 'El código de invitación ya está en uso.',
  codeUnknown: 'No existe ninguna quiniela con ese código.',
  full: 'La quiniela está llena.',
  closed: 'La quiniela está cerrada.',
  inactive: 'La quiniela no está activa.',
  /** Predecir of a pool its organiser made inactive: the server refuses every pick (`inactive`), the screen says so. */
  inactiveNotice: 'Esta quiniela está desactivada: no se pueden hacer pronósticos.',
  alreadyIn: 'Ya participas en esta quiniela.',
  ownPool: 'Eres el creador de esta quiniela: no puedes unirte como participante.',
  notFound: 'Quiniela no encontrada.',
  notMember: 'No participas en esta quiniela.',
  /** The pool screen of a closed or inactive pool, beside its code: nobody new can join it (the server refuses). */
  closedToNewMembers: 'La quiniela está cerrada: nadie nuevo puede unirse.',
  inactiveToNewMembers: 'La quiniela está desactivada: nadie nuevo puede unirse.',
  creatorOnly: 'Solo el creador de la quiniela puede hacer esto.',
  maxBelowCount: 'El máximo de participantes no puede ser menor que los participantes actuales.',
  tooManyWrongCodes: 'Demasiados códigos incorrectos. Inténtalo de nuevo más tarde.',
  // "Invitar por correo" (POST /api/pools/{id}/invitations)
  inviteByEmail: 'Invitar por correo',
  invitationEmailsHint: 'Hasta 20 correos, separados por comas, espacios o saltos de línea.',
  invitationEmailsInvalid: 'Escribe entre 1 y 20 correos electrónicos.',
  invitationsSent: (count: number) => (count === 1 ? 'Invitación enviada a 1 correo.' : `Invitación enviada a ${count} correos.`),
  tooManyInvitationEmails: 'Has enviado demasiadas invitaciones por correo hoy. Inténtalo mañana.',
  joined: 'Te has unido a la quiniela.',
  deleted: 'Quiniela eliminada.',
  // The join dialog opened by an invitation link
  invitationLoading: 'Buscando la quiniela...',
  invitationFailed: 'No se pudo cargar la invitación.',
  invitationCreator: (creatorName: string) => `Creada por ${creatorName}`,
  invitationCount: (current: number, max: number) => `${current} de ${max} participantes`,
  openPool: 'Abrir quiniela',
  competitionUnknown: 'Esa competición no existe.',
  roundUnknown: 'Esa jornada no es de la competición elegida.',
  /** The info card of a pool without a competition: one created with the spec's body, or before pools had one. */
  countsEveryMatch: 'Cuenta todos los partidos, de cualquier competición.',
} as const;

/** The spec's client-generated code: a random integer 100000–999999. */
export function generateInvitationCode(random: () => number = Math.random): number {
  return INVITATION_CODE_MIN + Math.floor(random() * (INVITATION_CODE_MAX - INVITATION_CODE_MIN + 1));
}

export const InvitationCodeSchema = z
  .number({ error: poolMessages.invalidCode })
  .int({ error: poolMessages.invalidCode })
  .min(INVITATION_CODE_MIN, { error: poolMessages.invalidCode })
  .max(INVITATION_CODE_MAX, { error: poolMessages.invalidCode });

const PoolNameSchema = z
  .string({ error: poolMessages.nameRequired })
  .trim()
  .min(1, { error: poolMessages.nameRequired })
  .max(POOL_NAME_MAX, { error: `El nombre de la quiniela admite como máximo ${POOL_NAME_MAX} caracteres.` });

const PoolDescriptionSchema = z
  .string({ error: 'La descripción debe ser texto.' })
  .trim()
  .max(POOL_DESCRIPTION_MAX, { error: `La descripción admite como máximo ${POOL_DESCRIPTION_MAX} caracteres.` });

const MaxParticipantsSchema = wholeNumberBetween('El máximo de participantes', 2, MAX_PARTICIPANTS);

const UserIdSchema = positiveId('El usuario no es válido.');

/** Beyond the spec's body, with the competition a pool counts (`CompetitionKeySchema`): from which round (jornada) on. */
const FromWeekSchema = wholeNumberBetween('La jornada (fromWeek)', 1, 99);

export const CreatePoolBodySchema = z.object({
  name: PoolNameSchema,
  description: PoolDescriptionSchema.nullish().transform((d) => d ?? ''),
  maxParticipants: MaxParticipantsSchema.default(DEFAULT_MAX_PARTICIPANTS),
  invitationCode: InvitationCodeSchema,
  creatorId: UserIdSchema,
  /** Optional: without it (the spec's body) the pool counts every match; the app's dialog always sends one. */
  competition: CompetitionKeySchema.optional(),
  /** Optional: one of the competition's rounds; without it, the competition's next round (alone: of `defaultPoolScope`'s). */
  fromWeek: FromWeekSchema.optional(),
  /** Optional: the pool's game (contract/game-rules.ts); without it, the specification's 1X2 for 3 points. */
  game: GameRulesInputSchema.optional(),
  /** Optional: the organiser's options (contract/pool-options.ts); without them, the specification's game. */
  options: PoolOptionsSchema.optional(),
});
export type CreatePoolBody = z.infer<typeof CreatePoolBodySchema>;

export const UpdatePoolBodySchema = z
  .object({
    name: PoolNameSchema,
    description: PoolDescriptionSchema,
    maxParticipants: MaxParticipantsSchema,
    isActive: z.boolean({ error: 'isActive debe ser verdadero o falso.' }),
    isClose: z.boolean({ error: 'isClose debe ser verdadero o falso.' }),
  })
  .partial();
export type UpdatePoolBody = z.infer<typeof UpdatePoolBodySchema>;

export const JoinPoolBodySchema = z.object({
  invitationCode: InvitationCodeSchema,
  userId: UserIdSchema,
});
export type JoinPoolBody = z.infer<typeof JoinPoolBodySchema>;

/** "Invitar por correo": the addresses, each a valid e-mail, 1 to 20 at once (the same one twice is sent once). */
export const INVITATION_EMAILS_AT_ONCE = 20;
export const PoolInvitationEmailsBodySchema = z.object({
  emails: z
    .array(EmailSchema, { error: poolMessages.invitationEmailsInvalid })
    .min(1, { error: poolMessages.invitationEmailsInvalid })
    .max(INVITATION_EMAILS_AT_ONCE, { error: poolMessages.invitationEmailsInvalid }),
});
export type PoolInvitationEmailsBody = z.infer<typeof PoolInvitationEmailsBodySchema>;

/** An invitation code in a path (`/api/pools/invitation/{invitationCode}`): six digits, as the link carries it. */
export const InvitationCodeParamsSchema = z.object({
  invitationCode: z
    .string({ error: poolMessages.invalidCode })
    .regex(/^[1-9]\d{5}$/, { error: poolMessages.invalidCode })
    .transform(Number),
});

export const PoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
  invitationCode: z.number().int(),
  creatorId: z.number().int(),
  isActive: z.boolean(),
  isClose: z.boolean(),
  createdAt: z.string(),
  /** The competition it counts ("laliga-2026-27"); null: a pool from before pools had one, which counts every match. */
  competition: z.string().nullable(),
  /** "LaLiga 2026/27"; null with `competition`. */
  competitionName: z.string().nullable(),
  /** The first round (jornada) it counts; null with `competition`. */
  fromWeek: z.number().int().nullable(),
  /** That round's Spanish label ("Jornada 14"); null with `competition`. */
  fromRoundLabel: z.string().nullable(),
  /** What its participants predict and what a pick earns (contract/game-rules.ts). */
  game: GameRulesSchema,
  /** The organiser's options (contract/pool-options.ts). */
  options: PoolOptionsSchema,
});
export type Pool = z.infer<typeof PoolSchema>;

/**
 * What an invitation code tells a signed-in user who holds it, before joining: the pool it opens, how full it is,
 * whether it takes participants, and where the user stands. Nothing else: not its code (the caller has it), not who
 * takes part, not the creator's account (only the name).
 */
export const PoolInvitationSchema = z.object({
  ...PoolSchema.pick({ id: true, name: true, description: true }).shape,
  creatorName: z.string(),
  ...PoolSchema.pick({ currentParticipants: true, maxParticipants: true, isActive: true, isClose: true }).shape,
  /** The caller's place in the pool: its creator, one of its participants, or neither yet. */
  membership: z.enum(['creator', 'participant', 'none']),
});
export type PoolInvitation = z.infer<typeof PoolInvitationSchema>;
export const PoolInvitationResponseSchema = dataEnvelope(PoolInvitationSchema);

/** Whether the holder of an invitation can join with it, and if not why: its creator and participants first. */
export type InvitationStanding = 'creator' | 'participant' | 'inactive' | 'closed' | 'full' | 'open';

export function invitationStanding(invitation: PoolInvitation): InvitationStanding {
  if (invitation.membership !== 'none') return invitation.membership;
  if (!invitation.isActive) return 'inactive';
  if (invitation.isClose) return 'closed';
  if (invitation.currentParticipants >= invitation.maxParticipants) return 'full';
  return 'open';
}

/** What the join dialog says when joining is refused, in the words the server refuses a join with. */
export const invitationRefusal: Record<Exclude<InvitationStanding, 'open'>, string> = {
  creator: poolMessages.ownPool,
  participant: poolMessages.alreadyIn,
  inactive: poolMessages.inactive,
  closed: poolMessages.closed,
  full: poolMessages.full,
};

/** `GET /api/pools/{id}`: the pool and whether it has started (a match it counts kicked off since its creation: rules fixed). */
export const PoolDetailSchema = PoolSchema.extend({ started: z.boolean() });
export type PoolDetail = z.infer<typeof PoolDetailSchema>;
export const PoolDetailResponseSchema = dataEnvelope(PoolDetailSchema);

/** What decides which matches a pool counts. */
export type PoolScope = Pick<Pool, 'competition' | 'fromWeek'>;

/**
 * Which matches a pool counts: those of its competition from its first round on; every match for a pool without
 * a competition. The TypeScript twin of `poolCountsMatchSql` (server/modules/pools/pool-scope.ts), which the server
 * enforces; tests/api/pool-scope.test.ts holds the two equal.
 */
export function poolCountsMatch(pool: PoolScope, match: { competition: string; weekNumber: number }): boolean {
  if (pool.competition === null) return true;
  return match.competition === pool.competition && pool.fromWeek !== null && match.weekNumber >= pool.fromWeek;
}

/** "Estado: Activa • Abierta" (the spec's Quinelas screen, owned pools, and its Pool detail for the creator). */
export const poolStatusText = (pool: Pick<Pool, 'isActive' | 'isClose'>): string =>
  `Estado: ${pool.isActive ? 'Activa' : 'Inactiva'} • ${pool.isClose ? 'Cerrada' : 'Abierta'}`;

/** What a pool's info card says it counts: "LaLiga 2026/27 · desde la Jornada 14". */
export function poolScopeText(pool: Pick<Pool, 'competitionName' | 'fromRoundLabel'>): string {
  if (pool.competitionName === null) return poolMessages.countsEveryMatch;
  return pool.fromRoundLabel === null ? pool.competitionName : `${pool.competitionName} · ${fromRoundPhrase(pool.fromRoundLabel)}`;
}

export const PoolParticipantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  registeredAt: z.string(),
});
export type PoolParticipant = z.infer<typeof PoolParticipantSchema>;

export const PoolResponseSchema = dataEnvelope(PoolSchema);
export const PoolListResponseSchema = dataEnvelope(z.object({ pools: z.array(PoolSchema) }));

/** `GET /api/pools` grows with every pool created (an admin sees them all): it answers a page at a time. */
export const POOL_LIST_MAX = 500;
export const PoolPageQuerySchema = z.object(pageQuery({ max: POOL_LIST_MAX, fallback: 100 }));
export type PoolPageQuery = z.infer<typeof PoolPageQuerySchema>;
export const PoolPageResponseSchema = z.object({
  data: z.object({
    pools: z.array(PoolSchema),
    /** Where this page sits: `total` pools visible in all, newest first. */
    page: PageSchema,
  }),
});
export const ParticipantsResponseSchema = z.object({
  data: z.object({ participants: z.array(PoolParticipantSchema) }),
});
export const JoinPoolResponseSchema = messageEnvelope(PoolSchema);

export const UserIdParamsSchema = z.object({ userId: positiveId('El usuario no es válido.', { coerce: true }) });
export const PoolUserParamsSchema = z.object({
  id: positiveId('El id no es válido.', { coerce: true }),
  userId: positiveId('El usuario no es válido.', { coerce: true }),
});

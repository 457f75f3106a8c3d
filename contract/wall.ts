import { z } from 'zod';
import { IsoDateTimeSchema, dataEnvelope, positiveId } from './common.ts';

/** The pool's wall ("Muro") and its match comments: texts both sides show. */
export const wallMessages = {
  textRequired: 'Escribe un mensaje.',
  textTooLong: 'El mensaje no puede tener más de 500 caracteres.',
  notFound: 'Ese mensaje no existe.',
  cannotDelete: 'Solo puedes borrar tus mensajes (el creador de la quiniela puede borrar cualquiera).',
  matchNotCommentable: 'Solo se comentan partidos de esta quiniela que ya han empezado.',
  tooMany: 'Estás enviando mensajes demasiado rápido. Espera un momento.',
  empty: 'Aún no hay mensajes. ¡Escribe el primero!',
  noComments: 'Sin comentarios todavía.',
  sendFailed: 'No se pudo enviar el mensaje.',
  deleteFailed: 'No se pudo borrar el mensaje.',
  loadFailed: 'No se pudieron cargar los mensajes.',
  deleted: 'Mensaje borrado',
} as const;

/** The longest message, in characters (as the database counts them). */
export const WALL_MESSAGE_MAX = 500;

export const WallMessageSchema = z.object({
  id: z.number().int(),
  poolId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  /** The match it comments, or null for the wall itself. */
  matchId: z.number().int().nullable(),
  text: z.string(),
  createdAt: IsoDateTimeSchema,
  /** Whether the caller may delete it: its author, the pool's creator, an admin (decided by the server). */
  canDelete: z.boolean(),
});
export type WallMessage = z.infer<typeof WallMessageSchema>;

export const WallParamsSchema = z.object({ poolId: positiveId('La quiniela no es válida.', { coerce: true }) });
export const WallMessageParamsSchema = WallParamsSchema.extend({
  messageId: positiveId('El mensaje no es válido.', { coerce: true }),
});

/** The newest `limit` messages (older than `before` when given), of the wall or of one match (`matchId`). */
export const WallQuerySchema = z.object({
  matchId: positiveId('El partido no es válido.', { coerce: true }).optional(),
  before: positiveId('El mensaje no es válido.', { coerce: true }).optional(),
  limit: z.coerce
    .number({ error: 'El límite (limit) no es válido.' })
    .int({ error: 'El límite (limit) no es válido.' })
    .min(1, { error: 'El límite (limit) debe estar entre 1 y 100.' })
    .max(100, { error: 'El límite (limit) debe estar entre 1 y 100.' })
    .default(50),
});
export type WallQuery = z.infer<typeof WallQuerySchema>;

export const CreateWallMessageBodySchema = z.object({
  text: z
    .string({ error: wallMessages.textRequired })
    .trim()
    .min(1, { error: wallMessages.textRequired })
    .max(WALL_MESSAGE_MAX, { error: wallMessages.textTooLong }),
  matchId: positiveId('El partido no es válido.').nullable().optional(),
});
export type CreateWallMessageBody = z.infer<typeof CreateWallMessageBodySchema>;

/** Oldest first (the newest at the bottom); `hasMore`: older ones exist (ask with `before` = the first id). */
export const WallPageSchema = z.object({ messages: z.array(WallMessageSchema), hasMore: z.boolean() });
export type WallPage = z.infer<typeof WallPageSchema>;
export const WallPageResponseSchema = dataEnvelope(WallPageSchema);
export const WallMessageResponseSchema = dataEnvelope(WallMessageSchema);

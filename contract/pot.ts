import { z } from 'zod';
import { dataEnvelope } from './common.ts';

/**
 * "El bote": a pool's prize pot that the app never handles (docs/decisions/079-a-prize-pot-that-moves-no-money.md).
 * The organiser sets an entry amount and how it is shared (by final position, and optionally a part for the
 * jornadas' winners), and marks who has paid; every member sees what each would take today. Off by default.
 */
/** At most 10 positions share it; the entry is 1 € to 100,000 €, in cents. */
export const potLimits = { positions: 10, entryMinCents: 100, entryMaxCents: 10_000_000 } as const;

export const potMessages = {
  title: 'Bote',
  noMoney: 'La app no maneja dinero: el bote se paga y se reparte entre vosotros.',
  entryRange: 'La cuota debe ser un importe entre 1 € y 100.000 €, en céntimos enteros.',
  positionsCount: `Reparte el bote entre 1 y ${potLimits.positions} puestos.`,
  shareRange: 'Cada parte debe ser un porcentaje entero entre 1 y 100.',
  jornadaRange: 'La parte de las jornadas debe ser un porcentaje entero entre 0 y 99.',
  sharesSum: 'Las partes deben sumar 100 % (los puestos más la parte de las jornadas).',
  notParticipant: 'Ese usuario no participa en esta quiniela.',
  none: 'Esta quiniela no tiene bote.',
  saved: 'Bote guardado.',
  removed: 'Bote quitado.',
  loadFailed: 'No se pudo cargar el bote.',
} as const;

/** "25,00 €": cents as Spanish euros. */
export const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100);

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** `PUT /api/pools/{id}/pot`: the bote as a whole. */
export const PotSettingsSchema = z
  .object(
    {
      entryCents: whole(potMessages.entryRange, potLimits.entryMinCents, potLimits.entryMaxCents),
      /** Whole percentages of the collected total for the 1st, 2nd, … of the final general table. */
      positionShares: z
        .array(whole(potMessages.shareRange, 1, 100), { error: potMessages.positionsCount })
        .min(1, { error: potMessages.positionsCount })
        .max(potLimits.positions, { error: potMessages.positionsCount }),
      /** The percentage of the collected total for the jornadas' winners, split evenly among the pool's jornadas. */
      jornadaShare: whole(potMessages.jornadaRange, 0, 99).default(0),
    },
    { error: 'El bote debe ser un objeto.' },
  )
  .refine((pot) => pot.positionShares.reduce((sum, share) => sum + share, 0) + pot.jornadaShare === 100, {
    error: potMessages.sharesSum,
    path: ['positionShares'],
  });
export type PotSettings = z.infer<typeof PotSettingsSchema>;

const cents = z.number().int().min(0);
const Taker = z.object({ userId: z.number().int(), username: z.string(), cents });

export const PotSchema = z.object({
  entryCents: z.number().int(),
  positionShares: z.array(z.number().int()),
  jornadaShare: z.number().int(),
  paidCount: z.number().int(),
  /** Paid × entry. */
  collectedCents: cents,
  /** Each share of the final table and who would take it today (by the general table; ties split evenly). */
  positions: z.array(
    z.object({ position: z.number().int(), percent: z.number().int(), cents, takers: z.array(Taker) }),
  ),
  /** The part of each jornada (the jornada part split evenly among the pool's jornadas); 0 without one. */
  jornadaCents: cents,
  /** The jornadas that are over, with their winners' cents (a jornada nobody scored in has none). */
  jornadas: z.array(z.object({ weekNumber: z.number().int(), label: z.string(), winners: z.array(Taker) })),
  /** The parts of the jornadas not over yet. */
  pendingCents: cents,
  /** What no one takes today: cents that do not split evenly, shares without anyone in them, jornadas without winner. */
  unassignedCents: cents,
  participants: z.array(
    z.object({
      userId: z.number().int(),
      username: z.string(),
      paid: z.boolean(),
      /** When the organiser marked it, null when not paid. */
      markedAt: z.string().nullable(),
    }),
  ),
});
export type Pot = z.infer<typeof PotSchema>;

/** A pool's bote, null when it has none (the default). */
export const PotResponseSchema = dataEnvelope(PotSchema.nullable());
export type PotResponse = z.infer<typeof PotResponseSchema>;

import { z } from 'zod';
import { es } from 'zod/locales';

// Validation messages nobody wrote by hand still reach people in Spanish.
z.config(es());

/** Error body of every 4xx/5xx answer (the brief's API contract). `message` is Spanish. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The `{ data: … }` envelope every successful API answer uses. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
/** The envelope of a change's answer that also says, in Spanish, what was done: `{ message, data }`. */
export const messageEnvelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** A database id (serial): a positive 32-bit integer. `coerce` for path segments, which arrive as text. */
export function positiveId(message: string, { coerce = false } = {}) {
  const number = coerce ? z.coerce.number({ error: message }) : z.number({ error: message });
  return number.int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message });
}

export const IdSchema = positiveId('El id no es válido.', { coerce: true });

export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/**
 * `limit`/`offset` of a list that grows with time, from the query string: a list answers at most `max` rows
 * at once, `fallback` when no limit is given.
 */
export function pageQuery({ max, fallback }: { max: number; fallback: number }) {
  const limitError = `El límite (limit) debe estar entre 1 y ${max}.`;
  const offsetError = 'El desplazamiento (offset) no es válido.';
  return {
    limit: z.coerce
      .number({ error: 'El límite (limit) no es válido.' })
      .int({ error: 'El límite (limit) no es válido.' })
      .min(1, { error: limitError })
      .max(max, { error: limitError })
      .default(fallback),
    offset: z.coerce
      .number({ error: offsetError })
      .int({ error: offsetError })
      .min(0, { error: offsetError })
      .max(1_000_000, { error: offsetError })
      .default(0),
  };
}

/** Where a page of a `pageQuery` list sits: `limit` and `offset` as asked, `total` rows in all. */
export const PageSchema = z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() });

/** A whole number from `min` to `max`, its errors naming `subject` ("La jornada (fromWeek)"). */
export function wholeNumberBetween(subject: string, min: number, max: number) {
  const outOfRange = `${subject} debe estar entre ${min} y ${max}.`;
  return z
    .number({ error: `${subject} debe ser un número.` })
    .int({ error: `${subject} debe ser un número entero.` })
    .min(min, { error: outOfRange })
    .max(max, { error: outOfRange });
}

/** Instants travel as UTC ISO-8601 strings. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true, error: 'Fecha no válida.' });

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what must be refused.
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where a request carries text the database cannot store as sent: PostgreSQL refuses U+0000 in text (a 500 in
 * 11 of 14 fields before this rule) and UTF-8 cannot carry a lone surrogate (it would be stored as U+FFFD).
 * Returns the path of the first such string, or null.
 */
export function findUnstorableText(value: unknown, path: readonly (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return unstorable.test(value) ? [...path] : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, i]);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorableText(key, [...path, key]) ?? findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The server's error taxonomy. Services throw these; only the error handler
 * plugin turns them into `{ statusCode, error, message }` JSON.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** What a link named is no longer there for its holder (a calendar whose pool is gone, or that they left). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** A read that reached a stopping instance: a proxy passes it to another instance, a client tries again soon. */
export class StoppingError extends AppError {
  readonly retryAfterSeconds = 1;
  constructor(message: string) {
    super(503, message);
  }
}

/** PostgreSQL SQLSTATE for unique_violation; PGlite and node-postgres both expose `code`. */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** SQLSTATE foreign_key_violation: a referenced row does not exist (or is still referenced). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

/** SQLSTATE duplicate_prepared_statement: the session already holds a statement of that name. */
export function isDuplicatePreparedStatement(error: unknown): boolean {
  return hasCode(error, '42P05');
}

function hasCode(error: unknown, code: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === code) return true;
  // drizzle wraps driver errors; the original is the cause.
  return 'cause' in error && hasCode(error.cause, code);
}

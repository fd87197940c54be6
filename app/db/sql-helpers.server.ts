// Small SQL facts every model needs, in one place: LIKE patterns and recognising a unique-index violation.

/** LIKE/ILIKE text with the user's own %, _ and \ taken literally (backslash is Postgres' LIKE escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` for ILIKE: matches `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Postgres' unique_violation (e.g. a slug in use), whichever driver raised it and however Drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * The database's error code (SQLSTATE, or the driver's own) however Drizzle wrapped it: what a log line may say
 * about a refused statement whose parameters are visitors' data.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * An error as a log line may carry it: a database error by its code only (a failed statement's message and
 * parameters can be visitors' data), anything else (a bug) whole, with its stack.
 */
export function loggableError(error: unknown): { code: string } | { err: unknown } {
  const code = databaseErrorCode(error);
  return code ? { code } : { err: error };
}

/** What a person is told when the database is unreachable, and when to retry (Retry-After, seconds). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Our system is briefly unavailable and nothing was saved. Please try again in a minute.";
export const DATABASE_RETRY_AFTER_SECONDS = 30;

// Connection-level failures: the database is down, restarting or unreachable (not a bad query). postgres.js
// reports its own codes, Node its socket errors, Postgres SQLSTATE class 08 and the shutdown codes of class 57P.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up or shutting down)
  "53300", // too_many_connections
]);

/** True when the error means "the database cannot be reached right now" — worth a 503 and a retry, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    // An AggregateError (e.g. every address of a host refused) carries the socket errors in `errors`.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((i) => isDatabaseUnavailable(i))) return true;
  }
  return false;
}

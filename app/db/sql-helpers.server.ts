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

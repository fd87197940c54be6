// Fixed-window rate limits kept in the database (rate_limits), so every app instance sharing it counts together.
import { and, eq, gt, sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { env } from "~/env.server";

export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
  remaining: number;
}

/**
 * Counts one hit for `key` and says whether it is within `limit` per `windowSeconds`. The limit is multiplied by
 * RATE_LIMIT_FACTOR (0 disables limits, e.g. for load tests). One atomic upsert, so concurrent hits never race.
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const max = scaledLimit(limit);
  if (max === null) return { ok: true, retryAfter: 0, remaining: Number.POSITIVE_INFINITY };
  const rows = await db().execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + make_interval(secs => ${windowSeconds}) else rate_limits.reset_at end
    returning count, reset_at`);
  const [row] = rowsOf<{ count: number; reset_at: string | Date }>(rows);
  const count = Number(row?.count ?? 1);
  const resetAt = row ? new Date(row.reset_at).getTime() : Date.now() + windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return { ok: count <= max, retryAfter, remaining: Math.max(0, max - count) };
}

/**
 * Seconds until `key` may be hit again when it has already used up `limit` in its current window, else 0. Reads
 * without counting: for limits that count only failures (hitRateLimit after the failure) but must refuse before
 * the costly attempt.
 */
export async function rateLimitRetryAfter(key: string, limit: number): Promise<number> {
  const max = scaledLimit(limit);
  if (max === null) return 0;
  const [row] = await db()
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)))
    .limit(1);
  if (!row || row.count < max) return 0;
  return Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
}

/** `limit` multiplied by RATE_LIMIT_FACTOR (at least 1), or null when the factor 0 turns limits off. */
function scaledLimit(limit: number): number | null {
  const factor = env().rateLimitFactor;
  return factor === 0 ? null : Math.max(1, Math.floor(limit * factor));
}

/** "Please wait 2 minutes" style wording for a Retry-After value. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

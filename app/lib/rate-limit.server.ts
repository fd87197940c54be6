// Fixed-window rate limits kept in the database (rate_limits), so every app instance sharing it counts together.
import { and, eq, gt, sql } from "drizzle-orm";
import { type Database, db, rowsOf } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { env } from "~/env.server";

export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
  remaining: number;
}

/** One counted attempt against a limit of `limit` per `windowSeconds` (before RATE_LIMIT_FACTOR). */
export interface RateLimitHit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** db() or a transaction. */
type Executor = Pick<Database, "execute">;

/**
 * Counts one hit for `key` and says whether it is within `limit` per `windowSeconds`. The limit is multiplied by
 * RATE_LIMIT_FACTOR (0 disables limits, e.g. for load tests). One atomic upsert, so concurrent hits never race.
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const [result] = await hitRateLimits(db(), [{ key, limit, windowSeconds }]);
  return result as RateLimitResult;
}

/**
 * Counts many hits in one statement (a batch of leads, in the batch's transaction), with the same outcome as
 * counting them one by one in the given order: the hits of one key get the consecutive counts after the row's
 * current count, and each is allowed while its count is within the limit. Keys are upserted in sorted order, so
 * two instances counting overlapping keys in their transactions lock the rows in the same order (no deadlock).
 */
export async function hitRateLimits(writer: Executor, hits: RateLimitHit[]): Promise<RateLimitResult[]> {
  const perKey = new Map<string, { windowSeconds: number; hits: number }>();
  for (const hit of hits) {
    const entry = perKey.get(hit.key) ?? { windowSeconds: hit.windowSeconds, hits: 0 };
    entry.hits++;
    perKey.set(hit.key, entry);
  }
  const counted = hits.some((hit) => scaledLimit(hit.limit) !== null);
  const rows = counted
    ? rowsOf<{ key: string; count: number; reset_at: string | Date }>(
        await writer.execute(sql`
          insert into rate_limits (key, count, reset_at)
          select r.key, r.hits, now() + make_interval(secs => r.window_seconds)
          from jsonb_to_recordset(${JSON.stringify(
            [...perKey].map(([key, v]) => ({ key, hits: v.hits, window_seconds: v.windowSeconds })),
          )}::jsonb) as r(key text, hits int, window_seconds int)
          order by r.key
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then excluded.count
              else rate_limits.count + excluded.count end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
          returning key, count, reset_at`),
      )
    : [];
  const now = Date.now();
  const after = new Map(rows.map((row) => [row.key, row]));
  const seen = new Map<string, number>();
  return hits.map((hit) => {
    const max = scaledLimit(hit.limit);
    if (max === null) return { ok: true, retryAfter: 0, remaining: Number.POSITIVE_INFINITY };
    const row = after.get(hit.key);
    const total = perKey.get(hit.key)?.hits ?? 1;
    const nth = (seen.get(hit.key) ?? 0) + 1;
    seen.set(hit.key, nth);
    // This hit's count: the row's count before the batch plus its place among the batch's hits of that key.
    const count = Number(row?.count ?? total) - total + nth;
    const resetAt = row ? new Date(row.reset_at).getTime() : now + hit.windowSeconds * 1000;
    const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
    return { ok: count <= max, retryAfter, remaining: Math.max(0, max - count) };
  });
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

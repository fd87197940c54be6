// Fixed-window rate limits kept in the database (rate_limits), so every app instance sharing it counts together.
import { sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
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
  const factor = env().rateLimitFactor;
  if (factor === 0) return { ok: true, retryAfter: 0, remaining: Number.POSITIVE_INFINITY };
  const max = Math.max(1, Math.floor(limit * factor));
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

/** "Please wait 2 minutes" style wording for a Retry-After value. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

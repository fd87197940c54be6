// The rows of the rate limits: our fixed windows and sign-in failure counters (rate_limits) and better-auth's
// counters (auth_rate_limit). The rules that decide what a count means live with their callers
// (app/infra/rate-limit.server.ts, app/auth/throttle.server.ts); this module only reads and writes the rows.
import { and, eq, gt, like, lt, lte, sql } from "drizzle-orm";
import { type Database, db, rowsOf } from "~/db/client.server";
import { authRateLimits, rateLimits } from "~/db/schema";

/** db() or a transaction. */
export type RateLimitWriter = Pick<Database, "execute">;

export interface WindowRow {
  key: string;
  count: number;
  /** Milliseconds until the row's reset_at, by the database's clock. */
  msLeft: number;
}

export interface CountOptions {
  /**
   * A row is started afresh (count and reset_at from the hit) once its reset_at is this many seconds in the
   * past; before that, hits add to its count. 0 (the default): a fixed window that restarts when it ends.
   */
  keepSeconds?: number;
  /** Every hit moves reset_at to now + windowSeconds, not only the hit that starts the row afresh. */
  moveReset?: boolean;
}

/**
 * Adds `hits` to each key's row in one statement, opening the row afresh (count = hits, reset_at = now +
 * windowSeconds) where it is missing or its reset_at lies more than `keepSeconds` in the past; returns each key's
 * count after it. Keys are upserted in sorted order, so two instances counting overlapping keys in their
 * transactions lock the rows in the same order (no deadlock). The one upsert of rate_limits: fixed windows
 * (app/infra/rate-limit.server.ts) and the sign-in failure counters (app/auth/throttle.server.ts) both count here.
 */
export async function addHits(
  counts: { key: string; hits: number; windowSeconds: number }[],
  { keepSeconds = 0, moveReset = false }: CountOptions = {},
  writer: RateLimitWriter = db(),
): Promise<WindowRow[]> {
  const expired = sql`${rateLimits.resetAt} + make_interval(secs => ${keepSeconds}) <= now()`;
  const rows = rowsOf<{ key: string; count: number; ms_left: number | string }>(
    await writer.execute(sql`
      insert into ${rateLimits} (key, count, reset_at)
      select r.key, r.hits, now() + make_interval(secs => r.window_seconds)
      from jsonb_to_recordset(${JSON.stringify(
        counts.map((c) => ({ key: c.key, hits: c.hits, window_seconds: c.windowSeconds })),
      )}::jsonb) as r(key text, hits int, window_seconds int)
      order by r.key
      on conflict (key) do update set
        count = case when ${expired} then excluded.count else ${rateLimits.count} + excluded.count end,
        reset_at = case when ${sql.raw(moveReset ? "true" : "false")} or ${expired} then excluded.reset_at
          else ${rateLimits.resetAt} end
      returning key, count, extract(epoch from (reset_at - now())) * 1000 as ms_left`),
  );
  return rows.map((row) => ({ key: row.key, count: Number(row.count), msLeft: Number(row.ms_left) }));
}

/** The key's row when its reset_at is still ahead (only then does it hold anything back). */
export async function activeRateLimit(key: string): Promise<{ count: number; resetAt: Date } | undefined> {
  const [row] = await db()
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)))
    .limit(1);
  return row;
}

/** The key's row, whatever its reset_at. */
export async function rateLimitRow(key: string): Promise<{ count: number; resetAt: Date } | undefined> {
  const [row] = await db()
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  return row;
}

/** Moves the key's reset_at to `seconds` from now. */
export async function resetRateLimitIn(key: string, seconds: number): Promise<void> {
  await db()
    .update(rateLimits)
    .set({ resetAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(rateLimits.key, key));
}

/** Deletes the key's row. */
export async function deleteRateLimit(key: string): Promise<void> {
  await db().delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes every row whose key starts with `prefix` (taken literally: LIKE's wildcards are escaped). */
export async function deleteRateLimitsStartingWith(prefix: string): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(like(rateLimits.key, `${prefix.replace(/[\\%_]/g, "\\$&")}%`));
}

/**
 * Deletes our rows whose reset_at is more than `grace` (an interval, e.g. "1 day") past, and better-auth's rows
 * whose last request is older than `authRowTtlMs`; returns how many went.
 */
export async function deleteExpiredRateLimits(
  grace: string,
  authRowTtlMs: number,
): Promise<{ rateLimits: number; authRateLimits: number }> {
  const ours = await db()
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now() - ${grace}::interval`))
    .returning({ key: rateLimits.key });
  const theirs = await db()
    .delete(authRateLimits)
    .where(lt(authRateLimits.lastRequest, Date.now() - authRowTtlMs))
    .returning({ key: authRateLimits.key });
  return { rateLimits: ours.length, authRateLimits: theirs.length };
}

// Fixed-window rate limits kept in the database (rate_limits), so every app instance sharing it counts together.
import { env } from "~/env.server";
import { activeRateLimit, addHits, type RateLimitWriter } from "~/models/rate-limits.server";

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
  /** A product rule rather than a throttle (one auto-reply per address per day): RATE_LIMIT_FACTOR leaves it alone. */
  fixed?: boolean;
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
  const [result] = await hitRateLimits(undefined, [{ key, limit, windowSeconds }]);
  return result as RateLimitResult;
}

/**
 * Counts many hits in one statement (a batch of leads, in the batch's transaction), with the same outcome as
 * counting them one by one in the given order: the hits of one key get the consecutive counts after the row's
 * current count, and each is allowed while its count is within the limit (addHits). `writer`: a transaction, or
 * undefined for the pool.
 */
export async function hitRateLimits(
  writer: RateLimitWriter | undefined,
  hits: RateLimitHit[],
): Promise<RateLimitResult[]> {
  const perKey = new Map<string, { windowSeconds: number; hits: number }>();
  for (const hit of hits) {
    const entry = perKey.get(hit.key) ?? { windowSeconds: hit.windowSeconds, hits: 0 };
    entry.hits++;
    perKey.set(hit.key, entry);
  }
  const limitOf = (hit: RateLimitHit) => (hit.fixed ? hit.limit : scaledLimit(hit.limit));
  const counted = hits.some((hit) => limitOf(hit) !== null);
  const rows = counted
    ? await addHits(
        [...perKey].map(([key, v]) => ({ key, hits: v.hits, windowSeconds: v.windowSeconds })),
        {},
        writer,
      )
    : [];
  const now = Date.now();
  const after = new Map(rows.map((row) => [row.key, row]));
  const seen = new Map<string, number>();
  return hits.map((hit) => {
    const max = limitOf(hit);
    if (max === null) return { ok: true, retryAfter: 0, remaining: Number.POSITIVE_INFINITY };
    const row = after.get(hit.key);
    const total = perKey.get(hit.key)?.hits ?? 1;
    const nth = (seen.get(hit.key) ?? 0) + 1;
    seen.set(hit.key, nth);
    // This hit's count: the row's count before the batch plus its place among the batch's hits of that key.
    const count = Number(row?.count ?? total) - total + nth;
    const resetAt = now + (row ? row.msLeft : hit.windowSeconds * 1000);
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
  const row = await activeRateLimit(key);
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

/** A block of hits this process reserved in the shared row, spent from memory until it runs out or expires. */
interface Lease {
  /** Local time at which the row's window ends (never later than the database's reset_at). */
  expiresAt: number;
  /** Hits of the block not spent yet. */
  left: number;
  /** The row's count right after this block was reserved: with it, every hit of the window is taken. */
  sharedCount: number;
}

/**
 * A fixed-window limit per key (the same rate_limits rows, windows and limit as hitRateLimit) counted in memory
 * from blocks of hits reserved in the database: one upsert reserves a block (a tenth of the limit, smaller as the
 * window fills up), the hits are then counted with no database round trip, and once the row shows the limit
 * reached, further hits are refused from memory until the window ends. Reservations are atomic, so instances
 * sharing the database together never let more than the limit through in a window; the price is that hits
 * reserved by one instance and not used are lost to the others, so a client spread over N instances may be
 * refused up to (N − 1) blocks early (docs/decisions/020-serving-from-memory.md).
 */
export class LeasedRateLimit {
  readonly #leases = new Map<string, Lease>();
  readonly #reserving = new Map<string, Promise<void>>();

  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
  ) {}

  /** Counts one hit for `key` from memory, or undefined when a block has to be reserved first (use hit). */
  hitNow(key: string): RateLimitResult | undefined {
    const max = scaledLimit(this.limit);
    if (max === null) return { ok: true, retryAfter: 0, remaining: Number.POSITIVE_INFINITY };
    const lease = this.#leases.get(key);
    const now = Date.now();
    if (!lease || now >= lease.expiresAt) return undefined;
    const retryAfter = Math.max(1, Math.ceil((lease.expiresAt - now) / 1000));
    if (lease.left > 0) {
      lease.left--;
      return { ok: true, retryAfter, remaining: lease.left + Math.max(0, max - lease.sharedCount) };
    }
    if (lease.sharedCount >= max) return { ok: false, retryAfter, remaining: 0 };
    return undefined;
  }

  /** Counts one hit for `key`, reserving a block in the database when this process has none left. */
  async hit(key: string): Promise<RateLimitResult> {
    for (;;) {
      const result = this.hitNow(key);
      if (result) return result;
      let reserving = this.#reserving.get(key);
      if (!reserving) {
        reserving = this.#reserve(key).finally(() => this.#reserving.delete(key));
        this.#reserving.set(key, reserving);
      }
      await reserving;
    }
  }

  async #reserve(key: string): Promise<void> {
    const max = scaledLimit(this.limit) ?? 1;
    const now = Date.now();
    const previous = this.#leases.get(key);
    const sharedCount = previous && now < previous.expiresAt ? previous.sharedCount : 0;
    const want = Math.max(1, Math.min(Math.ceil(max / 10), Math.ceil((max - sharedCount) / 4)));
    const [row] = await addHits([{ key, hits: want, windowSeconds: this.windowSeconds }]);
    const count = Number(row?.count ?? want);
    const before = count - want;
    const granted = Math.max(0, Math.min(want, max - before));
    // Measured from before the statement was sent, so this process's window never outlasts the database's.
    const expiresAt = now + Math.max(0, row?.msLeft ?? 0);
    this.#leases.set(key, { expiresAt, left: granted, sharedCount: count });
    if (this.#leases.size > 10_000) {
      for (const [k, lease] of this.#leases) if (lease.expiresAt <= now) this.#leases.delete(k);
    }
  }
}

// Expired rate-limit rows are deleted now and then: both counter tables (ours, rate_limits, and better-auth's
// auth_rate_limit) get one row per client address or key ever seen and nothing else ever removes them. The
// periodic job (app/jobs/rate-limit-pruning.server.ts) also deletes submissions held as suspected spam once they
// are 30 days old.
import { deleteExpiredRateLimits } from "~/models/rate-limits.server";

/**
 * better-auth keeps only the time of the last request; a row older than its longest window (15 minutes today) no
 * longer counts for anything. A day leaves ample room for longer windows added later.
 */
const AUTH_ROW_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Our rows are kept for a day after their reset time. A fixed-window row past its reset starts again at 1 on its
 * next hit, so keeping it changes nothing; but the sign-in failure counters (app/auth/throttle.server.ts) use reset_at as
 * the end of a source's current wait and remember the count for a day after it, so deleting them at reset_at
 * would hand a guessing source its free attempts back.
 */
const OUR_ROW_GRACE = "1 day";

/** Deletes the expired rows of both tables; returns how many went. */
export function pruneRateLimits(): Promise<{ rateLimits: number; authRateLimits: number }> {
  return deleteExpiredRateLimits(OUR_ROW_GRACE, AUTH_ROW_TTL_MS);
}

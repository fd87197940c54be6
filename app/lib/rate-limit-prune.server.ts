// Expired rate-limit rows are deleted now and then: both counter tables (ours, rate_limits, and better-auth's
// auth_rate_limit) get one row per client address or key ever seen and nothing else ever removes them. The same
// periodic job deletes submissions held as suspected spam once they are 30 days old.
import { logger } from "~/lib/logger.server";
import { pruneHeldSubmissions } from "~/models/held-submissions.server";
import { deleteExpiredRateLimits } from "~/models/rate-limits.server";

export const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

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

let timer: NodeJS.Timeout | undefined;

async function pruneQuietly(): Promise<void> {
  // A missed round only leaves a few more rows until the next one.
  try {
    await pruneRateLimits();
  } catch (error) {
    logger.warn({ err: error }, "rate-limit pruning failed");
  }
  try {
    const held = await pruneHeldSubmissions();
    if (held) logger.info({ held }, "suspected spam older than 30 days deleted");
  } catch (error) {
    logger.warn({ err: error }, "pruning held suspected spam failed");
  }
}

/** Prunes once now and then every PRUNE_INTERVAL_MS; the timer never keeps the process alive. */
export function startRateLimitPruning(): Promise<void> {
  stopRateLimitPruning();
  timer = setInterval(pruneQuietly, PRUNE_INTERVAL_MS);
  timer.unref();
  return pruneQuietly();
}

export function stopRateLimitPruning(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}

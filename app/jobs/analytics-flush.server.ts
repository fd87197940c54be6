// Visitor analytics' timers (docs/decisions/015-analytics.md): the buffered hits are written every second and at
// shut-down, and old raw views are pruned every hour (once at start-up). The buffer and the writes are in
// app/models/analytics-collector.server.ts.
import { loggableError } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";
import { type Job, RoundClock } from "~/jobs/job.server";
import { flushAnalytics, pruneAnalytics } from "~/models/analytics-collector.server";

const FLUSH_INTERVAL_MS = 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

const quietly = (job: () => Promise<unknown>, what: string) => () =>
  job().catch((error) => logger.warn(loggableError(error), `analytics ${what} failed`));

/** Flushes every second and prunes every hour (once now); the timers never keep the process alive. */
export function analyticsFlushJob(): Job {
  let flushTimer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  // The job's lag is the flush's: the hourly pruning is not what falls behind when the database struggles.
  const clock = new RoundClock(FLUSH_INTERVAL_MS);
  const flush = () => flushAnalytics().then(() => clock.succeeded());
  const stop = () => {
    if (flushTimer) clearInterval(flushTimer);
    if (pruneTimer) clearInterval(pruneTimer);
    flushTimer = pruneTimer = undefined;
  };
  return {
    name: "analytics flush",
    start() {
      stop();
      flushTimer = setInterval(quietly(flush, "flush"), FLUSH_INTERVAL_MS);
      flushTimer.unref();
      pruneTimer = setInterval(quietly(pruneAnalytics, "pruning"), PRUNE_INTERVAL_MS);
      pruneTimer.unref();
      return quietly(pruneAnalytics, "pruning")().then(() => undefined);
    },
    stop,
    wake() {
      void quietly(flush, "flush")();
    },
    /** The views of the last second, written before the database closes. */
    async drain() {
      await quietly(flushAnalytics, "final flush")();
    },
    lagSeconds: () => clock.lagSeconds(),
  };
}

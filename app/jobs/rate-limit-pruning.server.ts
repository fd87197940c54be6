// Expired rate-limit rows, suspected spam older than 30 days, built forms' submissions past their form's retention
// and newsletter sign-ups left unconfirmed for 7 days
// (app/models/newsletter-subscribers.server.ts) are deleted once at start-up and every 10 minutes
// (app/infra/rate-limit-prune.server.ts, app/models/held-submissions.server.ts). A missed round only leaves a few more
// rows until the next one; nothing is pending at shut-down.

import { logger } from "~/infra/logger.server";
import { pruneRateLimits } from "~/infra/rate-limit-prune.server";
import { type Job, RoundClock } from "~/jobs/job.server";
import { pruneExpiredFormResponses } from "~/models/forms.server";
import { pruneHeldSubmissions } from "~/models/held-submissions.server";
import { prunePendingSubscribers } from "~/models/newsletter-subscribers.server";

export const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** Each prune: what it deletes, the log field of its count and its messages. */
const PRUNES: { run: () => Promise<unknown>; key: string; deleted: string; failed: string }[] = [
  // Expired counters are not worth a log line.
  { run: pruneRateLimits, key: "rows", deleted: "", failed: "rate-limit pruning failed" },
  {
    run: pruneHeldSubmissions,
    key: "held",
    deleted: "suspected spam older than 30 days deleted",
    failed: "pruning held suspected spam failed",
  },
  {
    run: pruneExpiredFormResponses,
    key: "expired",
    deleted: "form submissions past their form's retention deleted",
    failed: "pruning form submissions past their retention failed",
  },
  {
    run: prunePendingSubscribers,
    key: "pending",
    deleted: "newsletter sign-ups never confirmed deleted",
    failed: "pruning unconfirmed newsletter sign-ups failed",
  },
];

/** Runs the prunes, each whatever the others did; true when all succeeded. */
async function pruneQuietly(): Promise<boolean> {
  let ok = true;
  for (const prune of PRUNES) {
    try {
      const count = await prune.run();
      if (typeof count === "number" && count > 0 && prune.deleted)
        logger.info({ [prune.key]: count }, prune.deleted);
    } catch (error) {
      ok = false;
      logger.warn({ err: error }, prune.failed);
    }
  }
  return ok;
}

/** Prunes once now (start-up waits for it) and then every PRUNE_INTERVAL_MS; the timer never keeps the process alive. */
export function rateLimitPruningJob(): Job {
  let timer: NodeJS.Timeout | undefined;
  const clock = new RoundClock(PRUNE_INTERVAL_MS);
  const prune = async () => {
    if (await pruneQuietly()) clock.succeeded();
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    name: "rate-limit pruning",
    start() {
      stop();
      timer = setInterval(prune, PRUNE_INTERVAL_MS);
      timer.unref();
      return prune();
    },
    stop,
    wake() {
      void prune();
    },
    async drain() {},
    lagSeconds: () => clock.lagSeconds(),
  };
}

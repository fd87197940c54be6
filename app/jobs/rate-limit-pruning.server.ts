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

/** Runs the prunes; true when all succeeded. */
async function pruneQuietly(): Promise<boolean> {
  let ok = true;
  try {
    await pruneRateLimits();
  } catch (error) {
    ok = false;
    logger.warn({ err: error }, "rate-limit pruning failed");
  }
  try {
    const held = await pruneHeldSubmissions();
    if (held) logger.info({ held }, "suspected spam older than 30 days deleted");
  } catch (error) {
    ok = false;
    logger.warn({ err: error }, "pruning held suspected spam failed");
  }
  try {
    const expired = await pruneExpiredFormResponses();
    if (expired) logger.info({ expired }, "form submissions past their form's retention deleted");
  } catch (error) {
    ok = false;
    logger.warn({ err: error }, "pruning form submissions past their retention failed");
  }
  try {
    const pending = await prunePendingSubscribers();
    if (pending) logger.info({ pending }, "newsletter sign-ups never confirmed deleted");
  } catch (error) {
    ok = false;
    logger.warn({ err: error }, "pruning unconfirmed newsletter sign-ups failed");
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

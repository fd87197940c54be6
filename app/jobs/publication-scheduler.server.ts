// Scheduled posts go live at their time on every instance (docs/decisions/023-scheduling-previews-revisions.md);
// items that came due while no server ran go at start-up. A built form reaching its opening or closing time renders
// cached pages again within a round (at most a minute). The went-live step and the schedule's queries are in
// app/models/publication-schedule.server.ts; this is the timer around them.

import { contentChanged } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import { type Job, type Loop, loopJob, RoundClock } from "~/jobs/job.server";
import { formTimesPassed } from "~/models/forms.server";
import {
  msUntilNextPublication,
  onPublicationScheduleChanged,
  publishDueItems,
  type ScheduleDatabase,
} from "~/models/publication-schedule.server";

export interface SchedulerOptions {
  /** Another instance's database handle (tests of two instances racing); the app's own by default. */
  database?: ScheduleDatabase;
  /** The longest wait between two looks at the schedule (other instances' writes): 60 s. */
  recheckMs?: number;
}

export type PublicationScheduler = Loop;

/** A timer's shortest wait: an overdue item that could not be claimed (a writer holds it) is retried this soon. */
const MIN_WAIT_MS = 50;
/** Timers may fire a little early; waking this much after the scheduled time finds it due on the database's clock. */
const LATE_MS = 5;

/** Runs the went-live step now, then at each scheduled time, whenever woken, and every `recheckMs` otherwise. */
export function startPublicationScheduler(options: SchedulerOptions = {}): PublicationScheduler {
  const recheckMs = options.recheckMs ?? 60_000;
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let again = false;
  const clock = new RoundClock(recheckMs);
  // Forms opening or closing at their set times since the last round (at most recheckMs ago).
  let formsCheckedUntil = new Date();

  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

  async function step() {
    try {
      await publishDueItems(options.database);
      const now = new Date();
      if (await formTimesPassed(formsCheckedUntil, now)) await contentChanged();
      formsCheckedUntil = now;
      clock.succeeded();
    } catch (error) {
      logger.warn({ err: error }, "publication scheduler: went-live step failed");
    }
    let wait = recheckMs;
    try {
      const next = await msUntilNextPublication(options.database);
      if (next !== null) wait = Math.min(recheckMs, Math.max(MIN_WAIT_MS, Math.ceil(next) + LATE_MS));
    } catch (error) {
      logger.warn({ err: error }, "publication scheduler: reading the schedule failed");
    }
    if (running) arm(wait);
  }

  function run() {
    if (!running) return;
    if (round) {
      again = true;
      return;
    }
    round = step().finally(() => {
      round = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  }

  const unsubscribe = onPublicationScheduleChanged(run);
  run();
  return {
    wake: run,
    clock,
    async stop() {
      running = false;
      unsubscribe();
      clearTimeout(timer);
      await round;
    },
  };
}

/** The scheduler as a job; drain waits for a went-live step under way. */
export function publicationSchedulerJob(): Job {
  return loopJob("publication scheduler", () => startPublicationScheduler());
}

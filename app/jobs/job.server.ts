// The background work of the server process (docs/architecture.md, "Background jobs"): every job has the same
// small lifecycle, and server/lifecycle.ts runs them as one ordered list through jobRunner.
import { loggableError } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";

export interface Job {
  /** Named in log lines. */
  readonly name: string;
  /** Begins the job's rounds; a promise when start-up waits for its first round. */
  start(): void | Promise<void>;
  /** No more rounds are scheduled (a round under way finishes; drain waits for it). */
  stop(): void;
  /** A round now instead of at its next scheduled time. */
  wake(): void;
  /** At shut-down, after stop: writes or finishes whatever is pending, so a graceful stop loses nothing. */
  drain(): Promise<void>;
  /** How far behind its schedule the job is, in seconds (see RoundClock); absent for jobs without rounds. */
  lagSeconds?(): number | undefined;
}

/**
 * When a job's rounds last succeeded, against how often they should: its lag is the time since the last successful
 * round (or since the clock was made) beyond `intervalMs`, 0 while on time. A job whose rounds fail, hang or back
 * off falls behind (job_lag_seconds on /metrics, docs/decisions/052-metrics-and-readiness.md).
 */
export class RoundClock {
  private last = performance.now();
  constructor(readonly intervalMs: number) {}
  succeeded(): void {
    this.last = performance.now();
  }
  lagSeconds(now = performance.now()): number {
    return Math.max(0, now - this.last - this.intervalMs) / 1000;
  }
}

export interface JobRunner {
  /** Starts the jobs in list order. A start that throws is logged and tried again later, with a growing wait. */
  start(): Promise<void>;
  /** Stops every job (list order), then drains each once (list order). Calling it again waits for the first. */
  shutdown(): Promise<void>;
  /** Each job with rounds and its lag in seconds. */
  lags(): { job: string; seconds: number }[];
}

/** The first wait before a failed start is tried again; doubled after each failure up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 5 * 60_000;

export function jobRunner(jobs: readonly Job[]): JobRunner {
  const retries = new Map<Job, NodeJS.Timeout>();
  let stopping = false;
  let shutdown: Promise<void> | undefined;

  const startOne = async (job: Job, wait: number): Promise<void> => {
    try {
      await job.start();
    } catch (error) {
      logger.error({ err: error, nextInMs: wait }, `background job "${job.name}" failed to start`);
      if (stopping) return;
      const timer = setTimeout(() => {
        retries.delete(job);
        void startOne(job, Math.min(wait * 2, RETRY_MAX_MS));
      }, wait);
      timer.unref();
      retries.set(job, timer);
    }
  };

  const quietly = async (job: Job, what: string, step: () => unknown) => {
    try {
      await step();
    } catch (error) {
      logger.error({ err: error }, `background job "${job.name}": ${what} failed`);
    }
  };

  return {
    async start() {
      for (const job of jobs) await startOne(job, RETRY_FIRST_MS);
    },
    shutdown() {
      shutdown ??= (async () => {
        stopping = true;
        for (const timer of retries.values()) clearTimeout(timer);
        retries.clear();
        for (const job of jobs) await quietly(job, "stop", () => job.stop());
        for (const job of jobs) await quietly(job, "drain", () => job.drain());
      })();
      return shutdown;
    },
    lags() {
      return jobs.flatMap((job) => {
        const seconds = job.lagSeconds?.();
        return seconds === undefined ? [] : [{ job: job.name, seconds }];
      });
    },
  };
}

/** A loop that runs until stopped: `stop()` resolves once the round under way (if any) has ended. */
export interface Loop {
  wake(): void;
  stop(): Promise<void>;
  /** Its rounds' clock, for the job's lag. */
  readonly clock?: RoundClock;
}

/** The job around a loop: drain waits for the round the stop let finish. */
export function loopJob(name: string, begin: () => Loop | Promise<Loop>): Job {
  let loop: Loop | undefined;
  let stopped: Promise<void> | undefined;
  let halted = false;
  return {
    name,
    async start() {
      halted = false;
      const started = await begin();
      // Stopped while it was starting (a start tried again late, at shut-down): it stops at once.
      if (halted) stopped = started.stop();
      else loop = started;
    },
    stop() {
      halted = true;
      stopped = loop?.stop();
      loop = undefined;
    },
    wake() {
      loop?.wake();
    },
    async drain() {
      await stopped;
    },
    lagSeconds: () => loop?.clock?.lagSeconds(),
  };
}

/**
 * A loop that runs `round` again at once while it finds work (it returns how much it took) or was woken during
 * it, and otherwise waits `pollMs` or until woken. `subscribe` connects the loop's wake to a model's signal (a
 * commit that queued work) and returns the undo. A round that throws is logged and the loop goes on.
 */
export function pollLoop(
  name: string,
  round: () => Promise<number>,
  pollMs: number,
  subscribe: (wake: () => void) => () => void,
): Loop {
  let running = true;
  let wakeUp: (() => void) | undefined;
  let pending = false;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const unsubscribe = subscribe(wake);
  const clock = new RoundClock(pollMs);
  const loop = (async () => {
    while (running) {
      pending = false;
      let took = 0;
      try {
        took = await round();
        clock.succeeded();
      } catch (error) {
        logger.warn(loggableError(error), `${name} round failed`);
      }
      if (took > 0 || pending || !running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  })();
  return {
    wake,
    clock,
    async stop() {
      running = false;
      unsubscribe();
      wakeUp?.();
      await loop;
    },
  };
}

// A background job run every so often in the server process (batched counters, pruning): its timer never keeps
// the process alive, and a failed round is logged, never thrown, since the next round tries again.
//
// Rounds never overlap: the next one is timed from the end of the previous one (a chain of timeouts, not an
// interval), so a slow database cannot pile up batches. A round that fails, or that takes longer than the interval,
// doubles the wait before the next one (up to `maxDelayMs`); the first round that succeeds in time brings it back
// to the interval. runNow() waits for a round under way and then runs one of its own.
import { logger } from "~/infra/logger.server";
import { RoundClock } from "~/jobs/job.server";

export interface PeriodicJob {
  /** Runs every `intervalMs` from now on (restarting the timer if it was running). */
  start(): void;
  /** No more rounds are scheduled (a round under way finishes). */
  stop(): void;
  /** One round now, after the one under way if any; failures logged. */
  runNow(): Promise<void>;
  /** The wait before the next scheduled round (the interval, or more while backing off). */
  readonly delayMs: number;
  /** Its rounds' clock: backing off shows as lag. */
  readonly clock: RoundClock;
}

export interface PeriodicOptions {
  /** The longest wait between two rounds while backing off; default 30 × the interval, at most 5 minutes. */
  maxDelayMs?: number;
}

export function periodicJob(
  what: string,
  job: () => Promise<unknown>,
  intervalMs: number,
  { maxDelayMs = Math.min(30 * intervalMs, 5 * 60_000) }: PeriodicOptions = {},
): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  /** Bumped by start() and stop(), so a round that ends after a restart does not schedule a second chain. */
  let generation = 0;
  /** The rounds asked for, in order: each starts when the one before it has ended. */
  let queue: Promise<void> = Promise.resolve();
  let delay = intervalMs;
  const clock = new RoundClock(intervalMs);

  const round = async () => {
    const started = performance.now();
    try {
      await job();
      clock.succeeded();
      // A round slower than the interval says the database is struggling: give it room.
      delay = performance.now() - started > intervalMs ? Math.min(delay * 2, maxDelayMs) : intervalMs;
    } catch (error) {
      delay = Math.min(delay * 2, maxDelayMs);
      logger.warn({ err: error, nextInMs: delay }, `${what} failed`);
    }
  };
  const runNow = () => {
    queue = queue.then(round);
    return queue;
  };
  const schedule = (chain: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      runNow().then(() => {
        if (chain === generation) schedule(chain);
      });
    }, delay);
    timer.unref();
  };
  const stop = () => {
    generation++;
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    start() {
      stop();
      schedule(generation);
    },
    stop,
    runNow,
    clock,
    get delayMs() {
      return delay;
    },
  };
}

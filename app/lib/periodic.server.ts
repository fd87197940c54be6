// A background job run every so often in the server process (batched counters, pruning): its timer never keeps
// the process alive, and a failed round is logged, never thrown, since the next round tries again.
import { logger } from "./logger.server";

export interface PeriodicJob {
  /** Runs every `intervalMs` from now on (restarting the timer if it was running). */
  start(): void;
  stop(): void;
  /** One round now, failures logged. */
  runNow(): Promise<void>;
}

export function periodicJob(what: string, job: () => Promise<unknown>, intervalMs: number): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  const runNow = () =>
    job().then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, `${what} failed`),
    );
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    start() {
      stop();
      timer = setInterval(runNow, intervalMs);
      timer.unref();
    },
    stop,
    runNow,
  };
}

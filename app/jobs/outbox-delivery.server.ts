// Delivers the outbox (docs/decisions/014-outbox.md): due rows now, then whenever a commit wrote rows and every
// `pollMs` (3 s) otherwise. What it has not delivered at shut-down stays in the outbox for the next run.
import { randomUUID } from "node:crypto";
import { loggableError } from "~/db/sql-helpers.server";
import { type Job, type Loop, loopJob } from "~/jobs/job.server";
import { logger } from "~/lib/logger.server";
import {
  onOutboxWritten,
  releaseOrphanedClaims,
  runOutboxOnce,
  type WorkerOptions,
} from "~/models/outbox.server";

export interface OutboxWorker extends Loop {
  id: string;
}

/** Delivers due rows now, then whenever woken and every `pollMs` (3 s) otherwise. */
export function startOutboxWorker(options: WorkerOptions = {}): OutboxWorker {
  const id = options.id ?? `worker-${randomUUID()}`;
  let running = true;
  let wakeUp: (() => void) | undefined;
  let pending = false;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const unsubscribe = onOutboxWritten(wake);
  const loop = (async () => {
    while (running) {
      pending = false;
      let claimed = 0;
      try {
        claimed = await runOutboxOnce({ ...options, id });
      } catch (error) {
        logger.warn(loggableError(error), "outbox round failed");
      }
      if (claimed > 0 || pending || !running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs ?? 3000);
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
    id,
    wake,
    async stop() {
      running = false;
      unsubscribe();
      wakeUp?.();
      await loop;
    },
  };
}

/**
 * The outbox worker as a job. With `releaseOrphans` (PGlite: this process owns the data), a claim left by the
 * previous run (kill -9) is due again at once. Drain waits for the deliveries under way (each bounded by its
 * 10 s timeout).
 */
export function outboxDeliveryJob({ releaseOrphans }: { releaseOrphans: boolean }): Job {
  return loopJob("outbox delivery", async () => {
    if (releaseOrphans) await releaseOrphanedClaims();
    return startOutboxWorker();
  });
}

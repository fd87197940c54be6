// Delivers the outbox (docs/decisions/014-outbox.md): due rows now, then whenever a commit wrote rows and every
// `pollMs` (3 s) otherwise. What it has not delivered at shut-down stays in the outbox for the next run.
import { randomUUID } from "node:crypto";
import { type Job, type Loop, loopJob, pollLoop } from "~/jobs/job.server";
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
  const loop = pollLoop(
    "outbox",
    () => runOutboxOnce({ ...options, id }),
    options.pollMs ?? 3000,
    onOutboxWritten,
  );
  return { id, ...loop };
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

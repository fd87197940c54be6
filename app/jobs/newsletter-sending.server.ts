// Sends newsletters (docs/decisions/036-newsletter-sending.md): starts scheduled sends when due and sends the
// recipients of every send under way, a batch per round, at once when a send starts in this process and every
// 2 s otherwise (another instance's sends, retries). What is not sent at shut-down stays due for the next run.
import { randomUUID } from "node:crypto";
import { closeBulkTransport, mailConfigured } from "~/infra/mail.server";
import { type Job, type Loop, loopJob, pollLoop } from "~/jobs/job.server";
import { runSenderOnce, type SenderOptions, senderState } from "~/models/newsletter-delivery.server";
import { onNewsletterQueued, releaseOrphanedRecipients } from "~/models/newsletter-sending.server";

export interface NewsletterSender extends Loop {
  id: string;
}

export function startNewsletterSender(options: SenderOptions = {}) {
  const id = options.id ?? `sender-${randomUUID()}`;
  const state = senderState(id);
  const loop = pollLoop(
    "newsletter sender",
    () => (mailConfigured() ? runSenderOnce(state, options.database) : Promise.resolve(0)),
    options.pollMs ?? 2000,
    onNewsletterQueued,
  );
  return {
    id,
    wake: loop.wake,
    clock: loop.clock,
    async stop() {
      await loop.stop();
      closeBulkTransport();
    },
  } satisfies NewsletterSender;
}

/** With `releaseOrphans` (PGlite: this process owns the data) recipients claimed by the previous run are due now. */
export function newsletterSendingJob({ releaseOrphans }: { releaseOrphans: boolean }): Job {
  return loopJob("newsletter sending", async () => {
    if (releaseOrphans) await releaseOrphanedRecipients();
    return startNewsletterSender();
  });
}

// Earlier uploads added to the media library at start-up (docs/decisions/019-media-library.md), in the background:
// it reads files from the store, and nothing waits for it. A database seeded just now was empty: it holds no
// earlier uploads, so there is nothing to look for, now or at later start-ups. Nothing is pending at shut-down: a
// scan cut short is not marked done, so the next start-up scans again.

import { logger } from "~/infra/logger.server";
import type { Job } from "~/jobs/job.server";
import { importExistingUploadsAtStartup, markUploadsImported } from "~/models/media-import.server";

export function mediaImportJob({ seeded }: { seeded: boolean }): Job {
  const run = () =>
    void (seeded ? markUploadsImported() : importExistingUploadsAtStartup()).then(
      (count) => count > 0 && logger.info({ count }, "existing uploads added to the media library"),
      (error) => logger.error({ err: error }, "importing existing uploads into the media library failed"),
    );
  return {
    name: "media import",
    start: run,
    stop() {},
    wake() {},
    async drain() {},
  };
}

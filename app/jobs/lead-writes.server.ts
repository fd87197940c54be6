// The leads' group commits (app/models/leads.server.ts, and built forms' submissions in
// app/models/form-response-storage.server.ts) write what visitors sent in batches as it comes; at shut-down the
// submissions already queued are written (and answered) before the database closes.
import type { Job } from "~/jobs/job.server";
import { drainFormResponseWrites } from "~/models/form-response-storage.server";
import { drainLeadWrites } from "~/models/leads.server";

export function leadWritesJob(): Job {
  return {
    name: "lead writes",
    start() {},
    stop() {},
    wake() {},
    async drain() {
      await Promise.all([drainLeadWrites(), drainFormResponseWrites()]);
    },
  };
}

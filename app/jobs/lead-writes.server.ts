// The leads' group commit (app/models/leads.server.ts) writes what visitors sent in batches as it comes; at
// shut-down the leads already queued are written (and answered) before the database closes.
import type { Job } from "~/jobs/job.server";
import { drainLeadWrites } from "~/models/leads.server";

export function leadWritesJob(): Job {
  return {
    name: "lead writes",
    start() {},
    stop() {},
    wake() {},
    drain: drainLeadWrites,
  };
}

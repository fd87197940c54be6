// The 404 monitor's and the redirects' hit counters (docs/decisions/018-redirects-and-404-monitor.md): counted in
// memory by their models, written every second and at shut-down.
import type { Job } from "~/jobs/job.server";
import { periodicJob } from "~/jobs/periodic.server";
import { flushNotFound } from "~/models/not-found-monitor.server";
import { flushRedirectHits } from "~/models/redirects.server";

export function visitCountersJob(): Job {
  const counters = periodicJob(
    "404 and redirect counters",
    () => Promise.all([flushNotFound(), flushRedirectHits()]),
    1000,
  );
  return {
    name: "404 and redirect counters",
    start: () => counters.start(),
    stop: () => counters.stop(),
    wake: () => void counters.runNow(),
    drain: () => counters.runNow(),
    lagSeconds: () => counters.clock.lagSeconds(),
  };
}

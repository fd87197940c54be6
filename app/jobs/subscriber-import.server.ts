// Writes imported subscriber lists (docs/decisions/038-subscriber-import.md) a batch per round: at once when an
// import starts in this process, every 2 s otherwise (an import another instance took, one left by a restart).
// At shut-down the batch under way finishes; the rest stays for the next run.
import { type Job, loopJob, pollLoop } from "~/jobs/job.server";
import { onImportQueued, runImportRound } from "~/models/subscriber-import.server";

export function subscriberImportJob(): Job {
  return loopJob("subscriber import", () =>
    pollLoop("subscriber import", () => runImportRound(), 2000, onImportQueued),
  );
}

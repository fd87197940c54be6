// Scheduled backups (docs/decisions/053-scheduled-backups.md), when BACKUP_DIR is set: every minute, and at once
// when "Back up now" is asked in this process, a round of app/models/backup-runs.server.ts takes the queued run or
// the day's scheduled one (one instance does) and runs it to its end. With the embedded database, runs the previous
// process left unfinished are recorded as failed at start-up. Shut-down waits for a backup under way.
import { type Job, loopJob, pollLoop } from "~/jobs/job.server";
import {
  type BackupSchedule,
  failExpiredRuns,
  onBackupRequested,
  runBackupRound,
} from "~/models/backup-runs.server";

export const BACKUP_POLL_MS = 60_000;

export function scheduledBackupsJob(schedule: BackupSchedule, { releaseOrphans = false } = {}): Job {
  return loopJob("scheduled backups", async () => {
    if (releaseOrphans) await failExpiredRuns(undefined, "all");
    return pollLoop(
      "scheduled backups",
      () => runBackupRound({ schedule }),
      BACKUP_POLL_MS,
      onBackupRequested,
    );
  });
}

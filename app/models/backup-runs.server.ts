// Scheduled backups and "Back up now" (docs/decisions/053-scheduled-backups.md): each run is a row of
// `backup_runs`, claimed by one instance (the day's slot is unique; at most one run is queued or under way), which
// writes the archive into BACKUP_DIR with createBackup, verifies it with verifyBackup, records the outcome, mails
// the owner when it failed, and applies the retention rule (app/lib/backup-schedule.ts) to the archives it made.
// The job (app/jobs/scheduled-backups.server.ts) calls runBackupRound; the Backups screen lists, asks and downloads.
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { type DatabaseHandle, database } from "~/db/client.server";
import { type BackupStatus, backupRuns } from "~/db/schema";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { mailConfigured } from "~/infra/mail.server";
import { archivesToRemove, scheduledSlot } from "~/lib/backup-schedule";
import { PRODUCT_NAME } from "~/lib/brand";
import { safeText } from "~/lib/safe-text";
import { formatInZone } from "~/lib/site-time";
import { wakeSignal } from "~/lib/wake-signal";
import { type AuditContext, auditAs, recordAuditIn } from "~/models/audit.server";
import { createBackup, verifyBackup } from "~/models/backups.server";
import { enqueue, outboxWritten } from "~/models/outbox.server";
import type { ObjectStore } from "~/storage/object-store.server";

export type BackupRun = typeof backupRuns.$inferSelect;

/** Where and when scheduled backups run; null when BACKUP_DIR is unset (they are off). */
export interface BackupSchedule {
  dir: string;
  hour: number;
  zone: string;
}

export function backupSchedule(): BackupSchedule | null {
  const { backup, siteTimeZone } = env();
  return backup.dir ? { dir: backup.dir, hour: backup.hour, zone: siteTimeZone } : null;
}

/** How long a claim on a run lasts without a renewal; the instance working on it renews it every minute. */
export const BACKUP_LEASE_MS = 10 * 60_000;
const HEARTBEAT_MS = 60_000;
/** Rows of deleted archives and of old failures are kept this long (the history), then deleted. */
const HISTORY_DAYS = 30;
const ACTIVE: BackupStatus[] = ["queued", "running", "verifying"];
/** The names createBackup gives: `backup-<time>-<label>.tar.gz`; anything else is never served. */
const ARCHIVE_NAME = /^backup-[0-9TZ-]+-(daily|manual)\.tar\.gz$/;

const leaseFromNow = () => sql`now() + ${`${BACKUP_LEASE_MS} milliseconds`}::interval`;
const messageOf = (error: unknown) => safeText(error instanceof Error ? error.message : String(error), 1000);

const requested = wakeSignal();
/** The backup job's wake-up: "Back up now" runs at once in this process, elsewhere at the next poll. */
export const onBackupRequested = requested.listen;

export type BackupRequest = { ok: true; id: string } | { ok: false; reason: "off" | "busy"; message: string };

export const BACKUPS_OFF_MESSAGE =
  "Backups are off on this server. Set BACKUP_DIR to a folder and restart the server.";
export const BACKUP_BUSY_MESSAGE = "A backup is already running. Wait for it to finish, then try again.";

/** "Back up now": queues a run for the job (refused while another is queued or under way), with its audit entry. */
export async function requestBackup(who: AuditContext): Promise<BackupRequest> {
  if (!backupSchedule()) return { ok: false, reason: "off", message: BACKUPS_OFF_MESSAGE };
  const id = await database().db.transaction(async (tx) => {
    const [row] = await tx
      .insert(backupRuns)
      .values({ trigger: "manual", status: "queued", requestedBy: who.actor, lockedUntil: leaseFromNow() })
      .onConflictDoNothing()
      .returning({ id: backupRuns.id });
    if (!row) return undefined;
    await recordAuditIn(tx, { ...who, action: "backup.request", entity: "backup_run", entityId: row.id });
    return row.id;
  });
  if (!id) return { ok: false, reason: "busy", message: BACKUP_BUSY_MESSAGE };
  requested.notify();
  return { ok: true, id };
}

/** The runs the Backups screen lists, newest first: every archive still kept, and failures of the last 7 days. */
export async function listBackupRuns(limit = 60): Promise<BackupRun[]> {
  return database()
    .db.select()
    .from(backupRuns)
    .where(isNull(backupRuns.prunedAt))
    .orderBy(desc(backupRuns.createdAt))
    .limit(limit);
}

export interface ArchiveDownload {
  name: string;
  size: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * A recorded archive's bytes, for the download: only a name the backup runs recorded (and still keep) in
 * BACKUP_DIR, so no other file can be asked for; undefined otherwise, or when the file is not on this server.
 */
export async function openRecordedArchive(
  name: string,
  who: AuditContext,
): Promise<ArchiveDownload | undefined> {
  const schedule = backupSchedule();
  if (!schedule || !ARCHIVE_NAME.test(name)) return undefined;
  const [run] = await database()
    .db.select({ id: backupRuns.id })
    .from(backupRuns)
    .where(and(eq(backupRuns.file, name), isNull(backupRuns.prunedAt)));
  if (!run) return undefined;
  const file = path.join(schedule.dir, name);
  const size = await stat(file).then(
    (s) => (s.isFile() ? s.size : undefined),
    () => undefined,
  );
  if (size === undefined) return undefined;
  await auditAs(who, {
    action: "backup.download",
    entity: "backup_run",
    entityId: run.id,
    details: { name },
  });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return { name, size, body };
}

// --- the job's round ---------------------------------------------------------------------------------------

export interface RoundOptions {
  schedule: BackupSchedule;
  /** Another instance's database (tests of two instances); the app's by default. */
  handle?: DatabaseHandle;
  workerId?: string;
  now?: () => Date;
  /** The uploads to copy; the configured store by default. */
  store?: ObjectStore;
  /** The verification; verifyBackup. Tests hand a corrupted archive to the real one. */
  verify?: (file: string) => Promise<unknown>;
}

/**
 * One round of the backup job: records runs whose server stopped as failed, then takes the queued "Back up now"
 * or, when the day's scheduled backup is due and nobody has taken it, that one, and runs it to its end.
 * Answers 1 when it ran a backup, 0 otherwise.
 */
export async function runBackupRound(options: RoundOptions): Promise<number> {
  const handle = options.handle ?? database();
  const workerId = options.workerId ?? randomUUID();
  const now = options.now?.() ?? new Date();
  await failExpiredRuns(handle, "expired");
  const run = await claimRun(
    handle,
    workerId,
    scheduledSlot(now, options.schedule.hour, options.schedule.zone),
  );
  if (!run) return 0;
  const heartbeat = setInterval(() => {
    handle.db
      .update(backupRuns)
      .set({ lockedUntil: leaseFromNow() })
      .where(and(eq(backupRuns.id, run.id), eq(backupRuns.claimedBy, workerId)))
      .catch((error: unknown) => logger.warn({ err: error }, "backup: renewing the claim failed"));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await perform(handle, run, workerId, options);
  } finally {
    clearInterval(heartbeat);
  }
  await pruneArchives(handle, options.schedule, options.now?.() ?? new Date());
  return 1;
}

/** The queued "Back up now" if any, else the scheduled backup of `slot` if nobody has made it: claimed. */
async function claimRun(
  handle: DatabaseHandle,
  workerId: string,
  slot: string,
): Promise<BackupRun | undefined> {
  const claim = {
    status: "running" as const,
    startedAt: sql`now()`,
    claimedBy: workerId,
    lockedUntil: leaseFromNow(),
  };
  const manual = await handle.db.transaction(async (tx) => {
    const [queued] = await tx
      .select({ id: backupRuns.id })
      .from(backupRuns)
      .where(eq(backupRuns.status, "queued"))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!queued) return undefined;
    const [row] = await tx.update(backupRuns).set(claim).where(eq(backupRuns.id, queued.id)).returning();
    return row;
  });
  if (manual) return manual;
  // The slot is unique and at most one run is active: of instances trying at once, one inserts.
  const [scheduled] = await handle.db
    .insert(backupRuns)
    .values({ trigger: "schedule", slot, ...claim })
    .onConflictDoNothing()
    .returning();
  return scheduled;
}

/** Writes the archive, records it, verifies it, records the outcome; a failure is recorded and mailed. */
async function perform(handle: DatabaseHandle, run: BackupRun, workerId: string, options: RoundOptions) {
  const label = run.trigger === "schedule" ? "daily" : "manual";
  let file: string;
  try {
    ({ file } = await createBackup({ to: options.schedule.dir, handle, label, store: options.store }));
  } catch (error) {
    logger.error({ err: error, run: run.id }, "backup: the archive could not be written");
    await finishRun(handle, run, workerId, {
      status: "failed",
      error: `The archive could not be written: ${messageOf(error)}`,
    });
    return;
  }
  const size = (await stat(file)).size;
  await handle.db
    .update(backupRuns)
    .set({ status: "verifying", file: path.basename(file), size })
    .where(and(eq(backupRuns.id, run.id), eq(backupRuns.claimedBy, workerId)));
  try {
    await (options.verify ?? verifyBackup)(file);
    await finishRun(handle, run, workerId, { status: "verified" });
    logger.info({ file, size }, "backup written and verified");
  } catch (error) {
    logger.error({ err: error, file }, "backup: the archive did not verify");
    await finishRun(handle, run, workerId, {
      status: "failed",
      error: `The archive was written but did not verify: ${messageOf(error)}`,
    });
  }
}

type Outcome = { status: "verified" } | { status: "failed"; error: string };

/** Records the end of a run this worker still holds; a failure queues the owner's mail in the same transaction. */
async function finishRun(handle: DatabaseHandle, run: BackupRun, workerId: string, outcome: Outcome) {
  const mailed = await handle.db.transaction(async (tx) => {
    const [row] = await tx
      .update(backupRuns)
      .set({
        status: outcome.status,
        error: outcome.status === "failed" ? outcome.error : null,
        finishedAt: sql`now()`,
        claimedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(backupRuns.id, run.id), eq(backupRuns.claimedBy, workerId)))
      .returning();
    if (!row || outcome.status !== "failed" || !mailConfigured()) return false;
    await enqueue(tx, [failureMail(row, outcome.error)]);
    return true;
  });
  if (mailed) outboxWritten();
}

const STOPPED = "The server stopped before this backup finished.";
const NOT_TAKEN = "No server took this backup up. Check that BACKUP_DIR is set on every server.";

/**
 * Records runs nobody works on any more as failed, and mails the owner about each: those whose claim ran out
 * (`expired`, every round), or, at start-up with the embedded database, every run left active (`all`: this
 * process owns the data, so the previous one's runs stopped with it).
 */
export async function failExpiredRuns(handle: DatabaseHandle = database(), which: "expired" | "all" = "all") {
  const failed = await handle.db.transaction(async (tx) => {
    const rows = await tx
      .update(backupRuns)
      .set({
        status: "failed",
        error: sql`case when ${backupRuns.status} = 'queued' then ${NOT_TAKEN} else ${STOPPED} end`,
        finishedAt: sql`now()`,
        claimedBy: null,
        lockedUntil: null,
      })
      .where(
        and(
          inArray(backupRuns.status, ACTIVE),
          which === "expired" ? lt(backupRuns.lockedUntil, sql`now()`) : undefined,
        ),
      )
      .returning();
    if (rows.length && mailConfigured())
      await enqueue(
        tx,
        rows.map((row) => failureMail(row, row.error ?? STOPPED)),
      );
    return rows;
  });
  if (failed.length) {
    logger.warn({ runs: failed.map((r) => r.id) }, "backup runs interrupted, recorded as failed");
    if (mailConfigured()) outboxWritten();
  }
  return failed.length;
}

/** The owner's mail about a failed backup (ADMIN_EMAIL's account is the owner). */
function failureMail(run: BackupRun, error: string) {
  const { adminEmail, baseUrl, siteTimeZone } = env();
  const when = run.startedAt ?? run.createdAt;
  const which = run.trigger === "schedule" ? "The daily backup" : "The backup started on the Backups screen";
  const text =
    `${which} of ${baseUrl} failed (started ${formatInZone(when, siteTimeZone)}, ${siteTimeZone}).\n\n` +
    `${error}\n\n` +
    "The backups made before it are kept. The next scheduled backup runs at its usual hour; to try again now, " +
    `use "Back up now" on ${baseUrl}/admin/backups.`;
  return {
    kind: "email" as const,
    target: adminEmail,
    event: "backup.failed",
    payload: { subject: `${PRODUCT_NAME}: a backup failed`, text },
  };
}

/**
 * Applies the retention rule to the finished archives the runs made: the archives it drops are deleted from
 * BACKUP_DIR and their rows marked pruned; rows pruned or failed more than 30 days ago are deleted. Files in
 * BACKUP_DIR that no run recorded (copies put there by hand, the CLI's archives) are never touched.
 */
export async function pruneArchives(
  handle: DatabaseHandle,
  schedule: BackupSchedule,
  now: Date = new Date(),
): Promise<number> {
  const finished = await handle.db
    .select()
    .from(backupRuns)
    .where(and(inArray(backupRuns.status, ["verified", "failed"]), isNull(backupRuns.prunedAt)));
  const remove = new Set(
    archivesToRemove(
      finished.map((r) => ({ id: r.id, at: r.startedAt ?? r.createdAt, verified: r.status === "verified" })),
      now,
      schedule.zone,
    ),
  );
  const pruned: string[] = [];
  for (const run of finished.filter((r) => remove.has(r.id))) {
    try {
      if (run.file) await rm(path.join(schedule.dir, run.file), { force: true });
      pruned.push(run.id);
    } catch (error) {
      logger.warn({ err: error, file: run.file }, "backup: an old archive could not be deleted");
    }
  }
  if (pruned.length) {
    await handle.db.update(backupRuns).set({ prunedAt: sql`now()` }).where(inArray(backupRuns.id, pruned));
    logger.info({ archives: pruned.length }, "old backups deleted by the retention rule");
  }
  const history = sql`now() - ${`${HISTORY_DAYS} days`}::interval`;
  await handle.db
    .delete(backupRuns)
    .where(and(isNotNull(backupRuns.prunedAt), lt(backupRuns.prunedAt, history)));
  return pruned.length;
}

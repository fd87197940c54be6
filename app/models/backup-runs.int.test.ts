// Scheduled backups on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL) with real archives in a
// temporary BACKUP_DIR: a round writes, verifies and records one; the day's slot is taken once, also by two
// instances at the same moment; "Back up now" is one at a time; the retention rule deletes the archives it drops;
// a folder that cannot be written, a corrupted archive and a run whose server stopped are recorded as failed and
// mailed to the owner through the outbox; the download serves only recorded archives.
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupRuns, outbox } from "~/db/schema";
import { type Env, env } from "~/env.server";
import { isoWeekIn } from "~/lib/backup-schedule";
import { localStore } from "~/storage/local-disk.server";
import { archiveEntries } from "../../tests/support/archive-entries";
import { secondClient, setupTestDatabase } from "../../tests/support/test-db";
import {
  type BackupSchedule,
  failExpiredRuns,
  openRecordedArchive,
  requestBackup,
  runBackupRound,
} from "./backup-runs.server";
import { verifyBackup } from "./backups.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const DAY = 86_400_000;

let dir: string;
let schedule: BackupSchedule;
let saved: { backup: Env["backup"]; smtp?: string };
const store = () => localStore(path.join(dir, "uploads"));

const runs = () => test.handle().db.select().from(backupRuns).orderBy(desc(backupRuns.createdAt));
const failureMails = () =>
  test.handle().db.select().from(outbox).where(eq(outbox.event, "backup.failed")).orderBy(outbox.createdAt);
const archivesOnDisk = async () => (await readdir(schedule.dir)).filter((f) => f.endsWith(".tar.gz")).sort();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "asimov-backup-runs-"));
  schedule = { dir: path.join(dir, "backups"), hour: 3, zone: "UTC" };
  await store().put("images/0123456789abcdef0123456789abcdef.png", new Uint8Array([1, 2, 3]), "image/png");
  saved = { backup: env().backup, smtp: env().smtpUrl };
  env().backup = { dir: schedule.dir, hour: 3 };
  // Mail is only queued here (no worker runs): the outbox row is what the test reads.
  env().smtpUrl = "smtp://127.0.0.1:9";
});

afterAll(async () => {
  env().backup = saved.backup;
  env().smtpUrl = saved.smtp;
  await rm(dir, { recursive: true, force: true });
});

describe("scheduled backups", () => {
  it("makes the day's backup into BACKUP_DIR, verified and recorded, once per day", async () => {
    expect(await runBackupRound({ schedule, store: store() })).toBe(1);
    const [run] = await runs();
    expect(run).toMatchObject({ trigger: "schedule", status: "verified", error: null, claimedBy: null });
    expect(run?.file).toMatch(/^backup-.+-daily\.tar\.gz$/);
    expect(await archivesOnDisk()).toEqual([run?.file]);
    const bytes = await readFile(path.join(schedule.dir, run?.file ?? ""));
    expect(run?.size).toBe(bytes.length);
    const entries = await archiveEntries(bytes);
    expect(entries).toContain("manifest.json");
    expect(entries).toContain("db/backup_runs.jsonl");
    expect(entries).toContain("uploads/images/0123456789abcdef0123456789abcdef.png");
    // The same day again: nothing to do.
    expect(await runBackupRound({ schedule, store: store() })).toBe(0);
    expect(await runs()).toHaveLength(1);
  });

  it("is taken by one of two instances trying at the same moment", async () => {
    const other = secondClient(test.handle());
    try {
      const tomorrow = () => new Date(Date.now() + DAY);
      const rounds = await Promise.all([
        runBackupRound({ schedule, store: store(), now: tomorrow, workerId: "instance-a" }),
        runBackupRound({ schedule, store: store(), now: tomorrow, handle: other, workerId: "instance-b" }),
      ]);
      expect(rounds.sort()).toEqual([0, 1]);
      const all = await runs();
      expect(all.filter((r) => r.trigger === "schedule")).toHaveLength(2);
      expect(all.every((r) => r.status === "verified")).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('queues one "Back up now" at a time, and the job runs it', async () => {
    const asked = await requestBackup(who);
    expect(asked.ok).toBe(true);
    const again = await requestBackup(who);
    expect(again).toMatchObject({ ok: false, reason: "busy" });
    if (!again.ok)
      expect(again.message).toBe("A backup is already running. Wait for it to finish, then try again.");
    expect(await runBackupRound({ schedule, store: store() })).toBe(1);
    const [run] = await runs();
    expect(run).toMatchObject({ trigger: "manual", status: "verified", requestedBy: "admin@example.com" });
    expect(run?.file).toMatch(/-manual\.tar\.gz$/);
    expect((await requestBackup(who)).ok).toBe(true);
    // Left queued for the expiry test below.
  });

  it("records a run whose server stopped as failed, and mails the owner", async () => {
    const { db } = test.handle();
    await db
      .update(backupRuns)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(backupRuns.status, "queued"));
    expect(await failExpiredRuns(test.handle(), "expired")).toBe(1);
    await db.insert(backupRuns).values({
      trigger: "schedule",
      slot: "2000-01-01",
      status: "verifying",
      startedAt: new Date(Date.now() - DAY),
      claimedBy: "a-stopped-instance",
      lockedUntil: new Date(Date.now() + 60_000),
    });
    // Its claim has not run out: left alone.
    expect(await failExpiredRuns(test.handle(), "expired")).toBe(0);
    await db
      .update(backupRuns)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(backupRuns.slot, "2000-01-01"));
    expect(await failExpiredRuns(test.handle(), "expired")).toBe(1);
    const failed = (await runs()).filter((r) => r.status === "failed");
    expect(failed.map((r) => r.error).sort()).toEqual([
      "No server took this backup up. Check that BACKUP_DIR is set on every server.",
      "The server stopped before this backup finished.",
    ]);
    const mails = await failureMails();
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ kind: "email", target: env().adminEmail, status: "pending" });
    expect((mails[0]?.payload as { subject?: string } | undefined)?.subject).toMatch(/a backup failed/);
  });

  it("records a corrupted archive as failed with the reason, and mails the owner", async () => {
    await test.handle().db.delete(outbox);
    const corruptThenVerify = async (file: string) => {
      const bytes = await readFile(file);
      const middle = bytes.length >> 1;
      bytes.writeUInt8((bytes.readUInt8(middle) ^ 0xff) & 0xff, middle);
      await writeFile(file, bytes);
      return verifyBackup(file);
    };
    expect((await requestBackup(who)).ok).toBe(true);
    expect(await runBackupRound({ schedule, store: store(), verify: corruptThenVerify })).toBe(1);
    const [run] = await runs();
    expect(run?.status).toBe("failed");
    expect(run?.error).toMatch(/^The archive was written but did not verify: /);
    expect(run?.file).toMatch(/-manual\.tar\.gz$/);
    const [mail] = await failureMails();
    expect(mail?.target).toBe(env().adminEmail);
    expect((mail?.payload as { text?: string } | undefined)?.text).toContain(run?.error ?? "?");
  });

  it("records a folder that cannot be written as failed, and mails the owner", async () => {
    await test.handle().db.delete(outbox);
    // A folder inside a regular file: mkdir fails with ENOTDIR, whoever runs the test (root ignores modes).
    const blocked = path.join(dir, "a-file");
    await writeFile(blocked, "not a folder");
    expect((await requestBackup(who)).ok).toBe(true);
    expect(
      await runBackupRound({ schedule: { ...schedule, dir: path.join(blocked, "backups") }, store: store() }),
    ).toBe(1);
    const [run] = await runs();
    expect(run).toMatchObject({ status: "failed", file: null, size: null });
    expect(run?.error).toMatch(/^The archive could not be written: .*ENOTDIR/);
    expect(await failureMails()).toHaveLength(1);
  });

  it("keeps the newest archive of each of the last 7 days and 4 weeks, and deletes the rest", async () => {
    const { db } = test.handle();
    const [newest] = (await runs()).filter((r) => r.status === "verified");
    const source = path.join(schedule.dir, newest?.file ?? "");
    // Earlier archives, as earlier days' runs would have left them (copies of a real one).
    const ago = [1, 2, 3, 4, 5, 6, 35, 70, 105, 140];
    for (const days of ago) {
      const file = `backup-2000-01-${String(days).padStart(3, "0")}T03-00-00-000Z-daily.tar.gz`;
      await copyFile(source, path.join(schedule.dir, file));
      await db.insert(backupRuns).values({
        trigger: "schedule",
        slot: `old-${days}`,
        status: "verified",
        file,
        size: 1,
        startedAt: new Date(Date.now() - days * DAY),
        finishedAt: new Date(Date.now() - days * DAY),
      });
    }
    // A file nobody recorded (put there by hand) is never touched.
    await copyFile(source, path.join(schedule.dir, "backup-by-hand.tar.gz"));
    // The next day's scheduled run prunes after it has verified.
    expect(
      await runBackupRound({ schedule, store: store(), now: () => new Date(Date.now() + 2 * DAY) }),
    ).toBe(1);
    const after = await runs();
    const pruned = new Set(after.filter((r) => r.prunedAt).map((r) => r.slot));
    // The last 7 days with archives: today (the newest of today's) and 1–6 days ago.
    for (const days of [1, 2, 3, 4, 5, 6]) expect(pruned.has(`old-${days}`)).toBe(false);
    // Weeks: those 7 days span one ISO week or two, then 35, 70 (and 105 when they span one) days ago.
    const oneWeek = isoWeekIn(new Date(), "UTC") === isoWeekIn(new Date(Date.now() - 6 * DAY), "UTC");
    expect(pruned.has("old-35")).toBe(false);
    expect(pruned.has("old-70")).toBe(false);
    expect(pruned.has("old-105")).toBe(!oneWeek);
    expect(pruned.has("old-140")).toBe(true);
    // The failed corrupted archive of today stays (7 days, to look at); the files on disk are the kept rows'.
    const kept = after.filter((r) => r.file && !r.prunedAt).map((r) => r.file);
    expect(await archivesOnDisk()).toEqual([...kept, "backup-by-hand.tar.gz"].sort());
  });

  it("serves only a recorded, kept archive by its name", async () => {
    const [kept] = (await runs()).filter((r) => r.status === "verified" && !r.prunedAt);
    const archive = await openRecordedArchive(kept?.file ?? "", who);
    expect(archive?.size).toBe(kept?.size);
    const bytes = await buffer(archive?.body as unknown as AsyncIterable<Uint8Array>);
    expect(await archiveEntries(bytes)).toContain("manifest.json");
    const [pruned] = (await runs()).filter((r) => r.prunedAt);
    for (const name of [
      pruned?.file ?? "",
      "backup-by-hand.tar.gz",
      "../backups/backup-by-hand.tar.gz",
      `../${kept?.file}`,
      "/etc/passwd",
      "",
    ]) {
      expect(await openRecordedArchive(name, who), name).toBeUndefined();
    }
  });
});

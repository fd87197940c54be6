// When scheduled backups run and which archives they keep (docs/decisions/053-scheduled-backups.md): pure rules,
// computed in the site's time zone, so the job, the Backups screen and their tests share one definition.
// Browser-safe (the screen describes the schedule with them).
import { TZDate } from "@date-fns/tz";

/** Archives kept: the newest of each of this many most recent days that have one… */
export const KEEP_DAILY = 7;
/** …and the newest of each of this many most recent ISO weeks that have one. */
export const KEEP_WEEKLY = 4;
/** Every verified archive of this many last hours is kept too ("Back up now" never removes the night's backup). */
export const KEEP_ALL_HOURS = 24;
/** An archive that failed its verification is kept this many days (to look at), then deleted. */
export const KEEP_FAILED_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar day of `at` in `zone`: "2026-11-28". */
export function dayIn(at: Date, zone: string): string {
  const wall = new TZDate(at.getTime(), zone);
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
}

/** The ISO week of `at`'s calendar day in `zone`: "2026-W48" (weeks start on Monday; week 1 holds January 4). */
export function isoWeekIn(at: Date, zone: string): string {
  const [year, month, day] = dayIn(at, zone).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides its year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / DAY_MS + 1) / 7);
  return `${weekYear}-W${pad(week)}`;
}

/**
 * The scheduled backup `now` falls under: the calendar day (in `zone`) of the latest `hour`:00 at or before `now`.
 * At most one scheduled backup is made per slot, so a server that was down at the hour backs up when it starts,
 * and the next one follows at the hour of the next day.
 */
export function scheduledSlot(now: Date, hour: number, zone: string): string {
  const wall = new TZDate(now.getTime(), zone);
  if (wall.getHours() >= hour) return dayIn(now, zone);
  // Before the hour: yesterday's slot. Noon of the day before is unambiguous across daylight-saving changes.
  const noon = new TZDate(wall.getFullYear(), wall.getMonth(), wall.getDate(), 12, 0, 0, zone);
  return dayIn(new Date(noon.getTime() - DAY_MS), zone);
}

/** One finished archive, as the retention rule sees it. */
export interface RetainedArchive {
  id: string;
  at: Date;
  verified: boolean;
}

/**
 * The archives to delete. Kept: among verified archives, every one of the last KEEP_ALL_HOURS hours, the newest
 * of each of the KEEP_DAILY most recent days that have one and the newest of each of the KEEP_WEEKLY most recent
 * ISO weeks that have one (days and weeks in `zone`; one archive may count for several), so 11 at most besides
 * the last day's. An archive that failed verification never counts; it is kept KEEP_FAILED_DAYS days, then
 * deleted.
 */
export function archivesToRemove(archives: readonly RetainedArchive[], now: Date, zone: string): string[] {
  const keep = new Set<string>();
  const newestFirst = [...archives].sort((a, b) => b.at.getTime() - a.at.getTime());
  const verified = newestFirst.filter((a) => a.verified);
  for (const [period, limit] of [
    [dayIn, KEEP_DAILY],
    [isoWeekIn, KEEP_WEEKLY],
  ] as const) {
    const seen = new Set<string>();
    for (const archive of verified) {
      const key = period(archive.at, zone);
      if (seen.has(key)) continue;
      if (seen.size === limit) break;
      seen.add(key);
      keep.add(archive.id);
    }
  }
  const recentSince = now.getTime() - KEEP_ALL_HOURS * 60 * 60 * 1000;
  for (const archive of verified) if (archive.at.getTime() > recentSince) keep.add(archive.id);
  const failedSince = now.getTime() - KEEP_FAILED_DAYS * DAY_MS;
  for (const archive of newestFirst) {
    if (!archive.verified && archive.at.getTime() > failedSince) keep.add(archive.id);
  }
  return newestFirst.filter((a) => !keep.has(a.id)).map((a) => a.id);
}

/** "2.4 MB": an archive's size for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** One run as the Backups screen shows it (times already in the site's zone, so server and browser agree). */
export interface BackupView {
  id: string;
  trigger: "schedule" | "manual";
  status: "queued" | "running" | "verifying" | "verified" | "failed";
  /** The archive's file name, once written (the download link's). */
  file: string | null;
  size: string | null;
  error: string | null;
  /** When it started (or was asked for), e.g. "Nov 28, 2026, 3:00 AM". */
  when: string;
  whenIso: string;
}

/** What the Backups screen knows besides the list. */
export interface BackupsScreen {
  /** BACKUP_DIR is set. */
  on: boolean;
  /** "03:00" */
  hour: string;
  zone: string;
  runs: BackupView[];
}

/** A run still queued or under way. */
export const isActiveBackup = (run: Pick<BackupView, "status">) =>
  run.status === "queued" || run.status === "running" || run.status === "verifying";

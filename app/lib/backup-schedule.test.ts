import { describe, expect, it } from "vitest";
import { archivesToRemove, formatBytes, isoWeekIn, scheduledSlot } from "./backup-schedule";

const at = (iso: string) => new Date(iso);

/** One verified archive a day at 03:00 UTC, the newest on `last`, `days` of them. */
function daily(last: string, days: number, verified = true) {
  const end = at(`${last}T03:00:00Z`).getTime();
  return Array.from({ length: days }, (_, i) => ({
    id: new Date(end - i * 86_400_000).toISOString().slice(0, 10),
    at: new Date(end - i * 86_400_000),
    verified,
  }));
}

describe("scheduled backup slot", () => {
  it("is today from the hour on, yesterday before it", () => {
    expect(scheduledSlot(at("2026-11-28T02:59:00Z"), 3, "UTC")).toBe("2026-11-27");
    expect(scheduledSlot(at("2026-11-28T03:00:00Z"), 3, "UTC")).toBe("2026-11-28");
    expect(scheduledSlot(at("2026-11-28T23:59:00Z"), 3, "UTC")).toBe("2026-11-28");
    expect(scheduledSlot(at("2026-11-28T00:00:00Z"), 0, "UTC")).toBe("2026-11-28");
    expect(scheduledSlot(at("2026-01-01T01:00:00Z"), 3, "UTC")).toBe("2025-12-31");
  });

  it("counts the hour in the site's time zone, across daylight-saving changes", () => {
    // 03:00 in Berlin is 02:00 UTC in winter.
    expect(scheduledSlot(at("2026-11-28T01:59:00Z"), 3, "Europe/Berlin")).toBe("2026-11-27");
    expect(scheduledSlot(at("2026-11-28T02:00:00Z"), 3, "Europe/Berlin")).toBe("2026-11-28");
    // New York, 23:30 on the 27th local is 04:30 UTC on the 28th.
    expect(scheduledSlot(at("2026-11-28T04:30:00Z"), 23, "America/New_York")).toBe("2026-11-27");
    // 29 March 2026: Berlin skips 02:00–03:00. Hour 2 falls due at 03:00 local (01:00 UTC).
    expect(scheduledSlot(at("2026-03-29T00:59:00Z"), 2, "Europe/Berlin")).toBe("2026-03-28");
    expect(scheduledSlot(at("2026-03-29T01:00:00Z"), 2, "Europe/Berlin")).toBe("2026-03-29");
    // The day after the change, before the hour: the slot is the day of the change.
    expect(scheduledSlot(at("2026-03-30T00:30:00Z"), 3, "Europe/Berlin")).toBe("2026-03-29");
  });
});

describe("ISO weeks", () => {
  it("starts on Monday and gives the days around New Year to the week's Thursday's year", () => {
    expect(isoWeekIn(at("2026-11-30T12:00:00Z"), "UTC")).toBe("2026-W49"); // Monday
    expect(isoWeekIn(at("2026-11-29T12:00:00Z"), "UTC")).toBe("2026-W48"); // Sunday
    expect(isoWeekIn(at("2021-01-03T12:00:00Z"), "UTC")).toBe("2020-W53");
    expect(isoWeekIn(at("2024-12-30T12:00:00Z"), "UTC")).toBe("2025-W01");
    // Sunday 23:30 in New York is Monday in UTC: the site's zone decides.
    expect(isoWeekIn(at("2026-11-30T04:30:00Z"), "America/New_York")).toBe("2026-W48");
  });
});

describe("backup retention", () => {
  const now = at("2026-11-28T04:00:00Z"); // a Saturday

  it("keeps everything while there are fewer than 7 days", () => {
    expect(archivesToRemove(daily("2026-11-28", 5), now, "UTC")).toEqual([]);
  });

  it("keeps the newest 7 days and the newest archive of each of the last 4 ISO weeks", () => {
    const archives = daily("2026-11-28", 40);
    const removed = new Set(archivesToRemove(archives, now, "UTC"));
    const kept = archives.map((a) => a.id).filter((id) => !removed.has(id));
    expect(kept).toEqual([
      // The 7 newest days (Sunday 22 to Saturday 28: weeks 47 and 48).
      "2026-11-28",
      "2026-11-27",
      "2026-11-26",
      "2026-11-25",
      "2026-11-24",
      "2026-11-23",
      "2026-11-22",
      // The newest (Sunday) of weeks 46 and 45; weeks 48 and 47 are already kept by their days.
      "2026-11-15",
      "2026-11-08",
    ]);
  });

  it("keeps every archive of the last 24 hours, then only the newest of its day", () => {
    const archives = [
      ...daily("2026-11-28", 10),
      { id: "manual-morning", at: at("2026-11-28T09:00:00Z"), verified: true },
    ];
    // 11-19 to 11-21 are past the 7 days; 11-22 is a Sunday, the newest of week 47, kept by its day anyway.
    const sameDay = archivesToRemove(archives, at("2026-11-28T10:00:00Z"), "UTC");
    expect(sameDay.sort()).toEqual(["2026-11-19", "2026-11-20", "2026-11-21"]);
    // A day later, the night's archive of the 28th is older than 24 hours: the day keeps its newest.
    const nextDay = archivesToRemove(archives, at("2026-11-29T10:00:00Z"), "UTC");
    expect(nextDay).toContain("2026-11-28");
    expect(nextDay).not.toContain("manual-morning");
  });

  it("counts days with archives, not calendar days, so a long outage keeps 7", () => {
    const before = daily("2026-10-31", 9);
    const removed = archivesToRemove(before, now, "UTC");
    expect(before.length - removed.length).toBeGreaterThanOrEqual(7);
    expect(removed).not.toContain("2026-10-31");
  });

  it("never counts a failed archive, and deletes it after 7 days", () => {
    const archives = [
      ...daily("2026-11-27", 8),
      { id: "failed-today", at: at("2026-11-28T03:00:00Z"), verified: false },
      { id: "failed-old", at: at("2026-11-20T03:00:00Z"), verified: false },
    ];
    const removed = archivesToRemove(archives, now, "UTC");
    expect(removed).toContain("failed-old");
    expect(removed).not.toContain("failed-today");
    // The 7 verified days are still 7: the failed one took none of their places.
    expect(removed.sort()).toEqual(["2026-11-20", "failed-old"]);
  });

  it("uses the site's days: two archives on one local day are one day", () => {
    const now = at("2026-11-30T04:00:00Z");
    const archives = [
      { id: "late", at: at("2026-11-28T04:30:00Z"), verified: true }, // 23:30 on the 27th in New York
      { id: "early", at: at("2026-11-27T06:00:00Z"), verified: true }, // 01:00 on the 27th in New York
    ];
    expect(archivesToRemove(archives, now, "America/New_York")).toEqual(["early"]);
    expect(archivesToRemove(archives, now, "UTC")).toEqual([]);
  });
});

describe("sizes", () => {
  it("reads like a file manager", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(2048)).toBe("2.0 KB");
    expect(formatBytes(2.4 * 1024 * 1024)).toBe("2.4 MB");
    expect(formatBytes(350 * 1024 * 1024)).toBe("350 MB");
  });
});

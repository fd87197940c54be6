import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDayRange,
  formatMonthDay,
  formatRecent,
  formatShortDate,
  formatStamp,
  isoDate,
  toDate,
} from "./dates";

const at = "2025-01-05T15:04:00.000Z";

describe("dates", () => {
  it("prints each format in UTC, whatever the machine's time zone", () => {
    expect(formatDate(at)).toBe("January 5, 2025");
    expect(formatShortDate(new Date(at))).toBe("Jan 5, 2025");
    expect(formatDateTime(at)).toBe("Jan 5, 2025, 3:04 PM UTC");
    expect(formatRecent(at)).toBe("Jan 5, 03:04 PM UTC");
    expect(formatStamp(at)).toBe("2025-01-05 15:04 UTC");
    expect(isoDate(new Date(at))).toBe(at);
  });

  it("prints days and ranges of days (UTC days, as the analytics count them)", () => {
    expect(formatMonthDay("2025-01-05")).toBe("Jan 5");
    expect(formatDayRange("2025-01-05", "2025-02-03")).toBe("Jan 5 – Feb 3, 2025");
    expect(formatDayRange("2024-12-20", "2025-01-05")).toBe("Dec 20, 2024 – Jan 5, 2025");
    expect(formatDayRange("2025-01-05", "2025-01-05")).toBe("Jan 5, 2025");
    expect(formatDayRange("2025-01-05", null)).toBe("");
  });

  it("treats a missing or unreadable date as none", () => {
    for (const value of [null, undefined, "", "not a date"]) {
      expect(toDate(value)).toBeUndefined();
      expect(isoDate(value)).toBeUndefined();
      expect(formatDate(value)).toBe("");
      expect(formatStamp(value)).toBe("");
    }
    expect(formatDateTime(null, "Never")).toBe("Never");
  });
});

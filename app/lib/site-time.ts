// The site's time zone (SITE_TIME_ZONE, UTC by default): the back office shows and takes publication times in it
// (docs/decisions/023-scheduling-previews-revisions.md). Browser-safe: the admin forms format with it too.
import { TZDate } from "@date-fns/tz";

export const DEFAULT_TIME_ZONE = "UTC";

/** Whether `name` is a time zone this runtime knows (an IANA name such as "Europe/Berlin", or "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** What a `datetime-local` input holds: "2026-03-02T09:00" (seconds allowed, never sent by the browser here). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number) => String(n).padStart(2, "0");

/** `date` as the wall-clock time a `datetime-local` input shows in `zone`; "" without a date. */
export function toWallTime(date: Date | null | undefined, zone: string): string {
  if (!date) return "";
  const wall = new TZDate(date.getTime(), zone);
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}T${pad(wall.getHours())}:${pad(wall.getMinutes())}`;
}

/**
 * The instant a wall-clock time in `zone` stands for; undefined when the text is not a date and time or names a
 * day that does not exist (February 30). A time skipped by a daylight-saving change moves forward with the clocks.
 */
export function fromWallTime(value: string, zone: string): Date | undefined {
  const m = WALL_TIME.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return undefined;
  // A calendar check in UTC: Date rolls February 30 over into March, which is not what was typed.
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  const instant = new TZDate(year, month - 1, day, hour, minute, second, zone).getTime();
  return Number.isNaN(instant) ? undefined : new Date(instant);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Mar 2, 2026, 9:00 AM" in `zone` (the zone's name is shown beside it by the caller); "" without a date. */
export function formatInZone(date: Date | null | undefined, zone: string): string {
  if (!date) return "";
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone });
    formatters.set(zone, format);
  }
  return format.format(date);
}

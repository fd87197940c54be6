// Every date the site prints. The locale and time zone are fixed (en-US, UTC) so the server's HTML and the
// browser's hydration print the same text; admin screens say "UTC" where a time is shown.

type DateInput = Date | string | null | undefined;

/** The date a value stands for, or undefined when there is none or it does not parse. */
export function toDate(value: DateInput): Date | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** ISO 8601 for `<time dateTime>` and structured data; undefined when there is no valid date. */
export function isoDate(value: DateInput): string | undefined {
  return toDate(value)?.toISOString();
}

/**
 * A formatter made on first use: building an `Intl.DateTimeFormat` takes milliseconds on a phone, and every public
 * page loads this module while most of them print no date.
 */
function utcFormatter(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
    return format.format(date);
  };
}

const longDate = /* @__PURE__ */ utcFormatter({ year: "numeric", month: "long", day: "numeric" });
const shortDate = /* @__PURE__ */ utcFormatter({ year: "numeric", month: "short", day: "numeric" });
const monthDay = /* @__PURE__ */ utcFormatter({ month: "short", day: "numeric" });
const dateTime = /* @__PURE__ */ utcFormatter({ dateStyle: "medium", timeStyle: "short" });
const dayTime = /* @__PURE__ */ utcFormatter({
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "January 5, 2025": public pages (cards, posts, academy items); "" without a date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? longDate(date) : "";
}

/** "Jan 5, 2025": admin lists. */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  return date ? shortDate(date) : "";
}

/** "Jan 5": a day on a chart axis, where the year is shown elsewhere. */
export function formatMonthDay(value: DateInput): string {
  const date = toDate(value);
  return date ? monthDay(date) : "";
}

/**
 * A range of days ("2025-01-05" strings or dates, both included): "Jan 5 – Feb 3, 2025", "Dec 20, 2024 – Jan 5,
 * 2025", or "Jan 5, 2025" for one day.
 */
export function formatDayRange(fromValue: DateInput, toValue: DateInput): string {
  const from = toDate(fromValue);
  const to = toDate(toValue);
  if (!from || !to) return "";
  if (from.getTime() === to.getTime()) return shortDate(to);
  const start = from.getUTCFullYear() === to.getUTCFullYear() ? monthDay(from) : shortDate(from);
  return `${start} – ${shortDate(to)}`;
}

/** "Jan 5, 2025, 3:04 PM UTC": when something happened, with the year (API key use); `none` without a date. */
export function formatDateTime(value: DateInput, none = ""): string {
  const date = toDate(value);
  return date ? `${dateTime(date)} UTC` : none;
}

/** "Jan 5, 03:04 PM UTC": recent activity, where the year goes without saying. */
export function formatRecent(value: DateInput): string {
  const date = toDate(value);
  return date ? `${dayTime(date)} UTC` : "";
}

/** "2025-01-05 15:04 UTC": sortable stamps in dense admin tables. */
export function formatStamp(value: DateInput): string {
  const iso = isoDate(value);
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "";
}

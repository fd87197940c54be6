// What the Analytics page shows, as its URL says it: a range of UTC days (a preset, or a custom from/to) compared
// with the period of the same length just before it, and filters on one source, campaign, landing page, referrer
// or device. Shared by the page, its CSV export and the queries (app/models/analytics.server.ts), and loaded in
// the browser, so plain rules only.

export interface DayRange {
  /** First UTC day, "2026-11-01". */
  from: string;
  /** Last UTC day, included. */
  to: string;
}

/**
 * Narrows every figure to one source, campaign, (landing) page, referrer host or device; "" is direct / none.
 * Leads carry no device, so with a device filter there are no lead figures (`leadsKnown`).
 */
export interface AnalyticsFilter {
  source?: string;
  campaign?: string;
  /** Page views of this path; visitors and leads who landed on it. */
  path?: string;
  referrer?: string;
  device?: string;
}

export type FilterKey = keyof AnalyticsFilter;

/** The filters in the order their chips show, with the URL parameter and the label of each. */
export const FILTERS: ReadonlyArray<{ key: FilterKey; param: string; label: string }> = [
  { key: "source", param: "source", label: "Source" },
  { key: "campaign", param: "campaign", label: "Campaign" },
  { key: "path", param: "page", label: "Page" },
  { key: "referrer", param: "referrer", label: "Referrer" },
  { key: "device", param: "device", label: "Device" },
];

export const RANGE_PRESETS = [
  { id: "today", label: "Today", days: 1 },
  { id: "7d", label: "7 days", days: 7 },
  { id: "30d", label: "30 days", days: 30 },
  { id: "90d", label: "90 days", days: 90 },
] as const;

type RangePreset = (typeof RANGE_PRESETS)[number]["id"];
const DEFAULT_PRESET: RangePreset = "30d";
/** The longest custom range: two years of days (the daily roll-ups are kept for good). */
const MAX_RANGE_DAYS = 731;
/** A filter value longer than this matches nothing we store (the collector cuts text at 300). */
const MAX_FILTER_LENGTH = 300;

export interface AnalyticsQuery {
  /** A preset, or "custom" for a from/to range. */
  preset: RangePreset | "custom";
  range: DayRange;
  /** The same number of days just before `range`. */
  previous: DayRange;
  days: number;
  filter: AnalyticsFilter;
  /** A custom range that was refused: why, and what was typed (the page shows the default range meanwhile). */
  error?: { message: string; from: string; to: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-03-10" → midnight UTC that day, or undefined for anything else (including "2026-02-30"). */
export function parseDay(value: string): Date | undefined {
  if (!DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date;
}

/** The UTC day of a moment, "2026-03-10". */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  const date = parseDay(day);
  if (!date) throw new RangeError(`not a day: ${day}`);
  return dayOf(new Date(date.getTime() + n * DAY_MS));
}

/** Days from `from` to `to`, both included. */
function daysIn(range: DayRange): number {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (!from || !to) throw new RangeError("days must be YYYY-MM-DD");
  return Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
}

/** The period of the same length ending the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

function presetRange(preset: RangePreset, today: string): DayRange {
  const days = RANGE_PRESETS.find((p) => p.id === preset)?.days ?? 30;
  return { from: addDays(today, -(days - 1)), to: today };
}

function query(preset: RangePreset | "custom", range: DayRange, filter: AnalyticsFilter): AnalyticsQuery {
  return { preset, range, previous: previousRange(range), days: daysIn(range), filter };
}

/** Why a custom range cannot be shown, or undefined when it can. */
function checkCustom(from: string, to: string, today: string): string | undefined {
  const start = parseDay(from);
  const end = parseDay(to);
  if (!start || !end) return "Enter both dates of the custom range.";
  if (start > end) return "The start date must be on or before the end date.";
  if (to > today) return "The end date cannot be after today (UTC).";
  if (daysIn({ from, to }) > MAX_RANGE_DAYS) return "Choose a range of at most two years.";
  return undefined;
}

/**
 * The page's query from its URL: ?range=today|7d|30d|90d, or ?from=&to= (a custom range), plus the filters
 * (?source=, ?campaign=, ?page=, ?referrer=, ?device=; an empty value is "direct" / "none"). Anything else falls
 * back to the last 30 days; a custom range that cannot be shown comes back with an `error`.
 */
export function parseAnalyticsQuery(params: URLSearchParams, today: string): AnalyticsQuery {
  const filter: AnalyticsFilter = {};
  for (const { key, param } of FILTERS) {
    const value = params.get(param);
    if (value !== null && value.length <= MAX_FILTER_LENGTH) filter[key] = value;
  }
  const from = params.get("from");
  const to = params.get("to");
  if (from !== null || to !== null) {
    const typed = { from: from?.trim() ?? "", to: to?.trim() ?? "" };
    const message = checkCustom(typed.from, typed.to, today);
    if (!message) return query("custom", typed, filter);
    return {
      ...query(DEFAULT_PRESET, presetRange(DEFAULT_PRESET, today), filter),
      error: { message, ...typed },
    };
  }
  const preset = RANGE_PRESETS.find((p) => p.id === params.get("range"))?.id ?? DEFAULT_PRESET;
  return query(preset, presetRange(preset, today), filter);
}

interface QueryChange {
  preset?: RangePreset;
  custom?: DayRange;
  /** Filters to set (a string) or remove (null). */
  filter?: Partial<Record<FilterKey, string | null>>;
}

/** The URL search ("?range=7d&source=google.com", or "") of `query` with `change` applied. */
export function analyticsSearch(query: AnalyticsQuery, change: QueryChange = {}): string {
  const params = new URLSearchParams();
  const preset = change.custom ? "custom" : (change.preset ?? query.preset);
  if (preset === "custom") {
    const range = change.custom ?? query.range;
    params.set("from", range.from);
    params.set("to", range.to);
  } else if (preset !== DEFAULT_PRESET) {
    params.set("range", preset);
  }
  const filter = { ...query.filter, ...change.filter };
  for (const { key, param } of FILTERS) {
    const value = filter[key];
    if (typeof value === "string") params.set(param, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Whether lead figures exist for this filter: leads record no device. */
export function leadsKnown(filter: AnalyticsFilter): boolean {
  return filter.device === undefined;
}

const EMPTY_LABELS: Record<FilterKey, string> = {
  source: "Direct",
  campaign: "No campaign",
  path: "(none)",
  referrer: "Direct",
  device: "Unknown",
};

/** How a filter or list value reads: "" is direct / no campaign; devices are capitalised. */
export function valueLabel(key: FilterKey, value: string): string {
  if (value === "") return EMPTY_LABELS[key];
  if (key === "device") return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

/** "Source: google.com", the chip of one filter. */
export function filterLabel(key: FilterKey, value: string): string {
  const label = FILTERS.find((f) => f.key === key)?.label ?? key;
  return `${label}: ${valueLabel(key, value)}`;
}

/** The active filters, in chip order. */
export function activeFilters(filter: AnalyticsFilter): Array<{ key: FilterKey; value: string }> {
  return FILTERS.flatMap(({ key }) => {
    const value = filter[key];
    return typeof value === "string" ? [{ key, value }] : [];
  });
}

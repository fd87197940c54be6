// Everything the Analytics page shows for one query (range, previous period, filters), gathered in one place so
// the page and its CSV export show the same figures.
import {
  type AnalyticsQuery,
  activeFilters,
  type DayRange,
  type FilterKey,
  filterLabel,
  valueLabel,
} from "~/lib/analytics-query";
import { type CsvValue, toCsv } from "~/lib/csv";
import {
  type AnalyticsTotals,
  analyticsTotals,
  type BreakdownRow,
  breakdown,
  conversionOf,
  type DayFigures,
  dailyFigures,
  hasTraffic,
} from "./analytics.server";

/** Rows per list: the page shows the first ten and the rest on demand; the CSV has them all. */
export const LIST_LIMIT = 100;

export interface AnalyticsReport {
  range: DayRange;
  previous: DayRange;
  /** Whether any page view was ever counted: the page's empty state until then. */
  hasTraffic: boolean;
  totals: AnalyticsTotals;
  previousTotals: AnalyticsTotals;
  daily: DayFigures[];
  pages: BreakdownRow[];
  sources: BreakdownRow[];
  campaigns: BreakdownRow[];
  referrers: BreakdownRow[];
  devices: BreakdownRow[];
}

export async function analyticsReport({ range, previous, filter }: AnalyticsQuery): Promise<AnalyticsReport> {
  const [traffic, totals, previousTotals, daily, pages, sources, campaigns, referrers, devices] =
    await Promise.all([
      hasTraffic(),
      analyticsTotals(range, filter),
      analyticsTotals(previous, filter),
      dailyFigures(range, filter),
      breakdown("path", range, filter, LIST_LIMIT),
      breakdown("source", range, filter, LIST_LIMIT),
      breakdown("campaign", range, filter, LIST_LIMIT),
      breakdown("referrer", range, filter, LIST_LIMIT),
      breakdown("device", range, filter, LIST_LIMIT),
    ]);
  return {
    range,
    previous,
    hasTraffic: traffic,
    totals,
    previousTotals,
    daily,
    pages,
    sources,
    campaigns,
    referrers,
    devices,
  };
}

interface CsvRow {
  section: string;
  item: string;
  visitors?: number;
  views?: number;
  leads?: number | null;
  conversionRate?: number | null;
}

const ratio = (value: number | null | undefined): CsvValue =>
  value === null || value === undefined ? "" : Number(value.toFixed(4));

/**
 * The report as one CSV in long form (one row per figure set, a `section` column saying which): the filters,
 * the period and the previous period, each day, then every list. Conversion is a ratio (0.25 = 25%); an empty
 * leads cell means unknown (a device filter), never none.
 */
export function analyticsCsv(query: AnalyticsQuery, report: AnalyticsReport): string {
  const period = (r: DayRange) => `${r.from} to ${r.to}`;
  const list = (section: string, key: FilterKey, rows: BreakdownRow[]): CsvRow[] =>
    rows.map((r) => ({ section, item: valueLabel(key, r.key), ...r }));
  const rows: CsvRow[] = [
    ...activeFilters(query.filter).map(({ key, value }) => ({
      section: "filter",
      item: filterLabel(key, value),
    })),
    { section: "period", item: period(report.range), ...report.totals },
    { section: "previous period", item: period(report.previous), ...report.previousTotals },
    ...report.daily.map((d) => ({
      section: "day",
      item: d.day,
      ...d,
      conversionRate: conversionOf(d.leads, d.visitors),
    })),
    ...list("page", "path", report.pages),
    ...list("source", "source", report.sources),
    ...list("campaign", "campaign", report.campaigns),
    ...list("referrer", "referrer", report.referrers),
    ...list("device", "device", report.devices),
  ];
  return toCsv<CsvRow>(
    [
      { header: "section", value: (r) => r.section },
      { header: "item", value: (r) => r.item },
      { header: "visitors", value: (r) => r.visitors },
      { header: "views", value: (r) => r.views },
      { header: "leads", value: (r) => r.leads },
      { header: "conversion_rate", value: (r) => ratio(r.conversionRate) },
    ],
    rows,
  );
}

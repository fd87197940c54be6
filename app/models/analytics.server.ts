// What the Analytics page and the dashboard ask of first-party analytics: visitors, page views, leads and
// conversion for a range of UTC days, in total, per day, and broken down by page, source, campaign, referrer or
// device, read from the daily roll-ups the batched writer keeps (analytics-collector.server.ts), so a query costs
// the same however old the range is.
//
// A visitor is one row of analytics_daily_visitors: the same person on two days is two daily visitors. A lead is
// a contact request, newsletter subscriber or other form submission; its attribution (first landing page,
// referrer, utm_*) is matched to a visitor's day by the same source rule: the UTM source if tagged, else the
// external referrer's host without "www.", else direct (""). Leads carry no device: with a device filter, or broken
// down by device, their figures are null (unknown), never 0.
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgTable } from "drizzle-orm/pg-core";
import { db, rowsOf } from "~/db/client.server";
import {
  analyticsDailyViews,
  analyticsDailyVisitors,
  contactRequests,
  formResponses,
  formSubmissions,
  subscribers,
} from "~/db/schema";
import { type AnalyticsFilter, type DayRange, leadsKnown, parseDay } from "~/lib/analytics-query";

export type { AnalyticsFilter, DayRange } from "~/lib/analytics-query";

function checkRange(range: DayRange): DayRange {
  if (!parseDay(range.from) || !parseDay(range.to)) throw new RangeError("days must be YYYY-MM-DD");
  return range;
}

/** The external host of a referrer URL without "www.", or null. */
const REFERRER_HOST = sql.raw(
  `regexp_replace(lower(substring(referrer from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\\.', '')`,
);

/**
 * The lead tables' rows in the range (the built forms' submissions among them) with the source, campaign, landing path and referrer host their attribution
 * gives, in the columns the roll-ups use.
 */
function leadsIn(range: DayRange): SQL {
  const one = (table: AnyPgTable, only: SQL = sql`true`) => sql`
    select (created_at at time zone 'UTC')::date as day,
      coalesce(lower(nullif(trim(utm_source), '')), ${REFERRER_HOST}, '') as source,
      coalesce(nullif(trim(utm_campaign), ''), '') as campaign,
      coalesce(nullif(rtrim(split_part(split_part(landing_page, '?', 1), '#', 1), '/'), ''),
        case when landing_page is null then '' else '/' end) as path,
      coalesce(${REFERRER_HOST}, '') as referrer_host
    from ${table}
    where created_at >= ${range.from}::date and created_at < ${range.to}::date + 1 and ${only}`;
  // A built form's submission is a lead too, unless it is held as suspected spam.
  return sql`(${one(contactRequests)} union all ${one(subscribers)} union all ${one(formSubmissions)}
    union all ${one(formResponses, sql`held_reason is null`)})`;
}

type Source = "views" | "visitors" | "leads";

/** The range and the filter as a where clause on one of the three sources of figures. */
function where(range: DayRange, filter: AnalyticsFilter, from: Source): SQL {
  const parts = [sql`day between ${range.from}::date and ${range.to}::date`];
  const equal = (column: string, value: string | undefined) => {
    if (value !== undefined) parts.push(sql`${sql.raw(column)} = ${value}`);
  };
  equal("source", filter.source);
  equal("campaign", filter.campaign);
  equal(from === "visitors" ? "landing_path" : "path", filter.path);
  equal("referrer_host", filter.referrer);
  if (filter.device !== undefined) parts.push(from === "leads" ? sql`false` : sql`device = ${filter.device}`);
  return sql.join(parts, sql` and `);
}

async function rows<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await db().execute(query));
}

/** Leads per visitor, 0..1 (0 without visitors); null when leads are unknown. */
export function conversionOf(leads: number | null, visitors: number): number | null {
  return leads === null ? null : visitors > 0 ? leads / visitors : 0;
}

export interface AnalyticsTotals {
  visitors: number;
  views: number;
  /** null with a device filter (leads carry no device). */
  leads: number | null;
  /** Leads per visitor, 0..1 (0 without visitors; null when leads are unknown). */
  conversionRate: number | null;
}

export async function analyticsTotals(
  range: DayRange,
  filter: AnalyticsFilter = {},
): Promise<AnalyticsTotals> {
  checkRange(range);
  const [row] = await rows<{ visitors: number; views: number; leads: number }>(sql`
    select
      (select count(*) from ${analyticsDailyVisitors} where ${where(range, filter, "visitors")})::int as visitors,
      (select coalesce(sum(views), 0) from ${analyticsDailyViews} where ${where(range, filter, "views")})::int as views,
      (select count(*) from ${leadsIn(range)} l where ${where(range, filter, "leads")})::int as leads`);
  const visitors = Number(row?.visitors ?? 0);
  const leads = leadsKnown(filter) ? Number(row?.leads ?? 0) : null;
  return { visitors, views: Number(row?.views ?? 0), leads, conversionRate: conversionOf(leads, visitors) };
}

export interface DayFigures {
  day: string;
  visitors: number;
  views: number;
  /** null with a device filter. */
  leads: number | null;
}

/** One entry per day of the range, days without traffic included (zeros), oldest first. */
export async function dailyFigures(range: DayRange, filter: AnalyticsFilter = {}): Promise<DayFigures[]> {
  checkRange(range);
  const result = await rows<DayFigures>(sql`
    with days as (select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day),
    v as (select day, count(*) as n from ${analyticsDailyVisitors} where ${where(range, filter, "visitors")} group by day),
    p as (select day, sum(views) as n from ${analyticsDailyViews} where ${where(range, filter, "views")} group by day),
    l as (select day, count(*) as n from ${leadsIn(range)} x where ${where(range, filter, "leads")} group by day)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(v.n, 0)::int as visitors, coalesce(p.n, 0)::int as views,
      coalesce(l.n, 0)::int as leads
    from days left join v using (day) left join p using (day) left join l using (day)
    order by days.day`);
  const known = leadsKnown(filter);
  return result.map((r) => ({
    day: r.day,
    visitors: Number(r.visitors),
    views: Number(r.views),
    leads: known ? Number(r.leads) : null,
  }));
}

export type Dimension = "path" | "source" | "campaign" | "referrer" | "device";

/**
 * The column of each dimension in the page views, the visitors (a page: where they landed) and the leads (their
 * attribution; none for the device).
 */
const COLUMNS: Record<Dimension, { views: string; visitors: string; leads: string | null }> = {
  path: { views: "path", visitors: "landing_path", leads: "path" },
  source: { views: "source", visitors: "source", leads: "source" },
  campaign: { views: "campaign", visitors: "campaign", leads: "campaign" },
  referrer: { views: "referrer_host", visitors: "referrer_host", leads: "referrer_host" },
  device: { views: "device", visitors: "device", leads: null },
};

export interface BreakdownRow {
  /** The page, source, campaign, referrer host or device ("" = direct / none). */
  key: string;
  /** Page views carrying this value (for a page: its views; for a source: the views that arrived from it). */
  views: number;
  /** Visitors whose day started here: landed on the page, came from the source, campaign or referrer. */
  visitors: number;
  /** Leads whose attribution has this value; null when leads are unknown (devices, a device filter). */
  leads: number | null;
  conversionRate: number | null;
}

/**
 * Page views, visitors, leads and conversion per page, source, campaign, referrer host or device. Pages and
 * devices come most viewed first, the others with most visitors first; a value that only a lead carries (its
 * source never sent a counted visitor in the range) still shows, with 0 visitors. Referrers leave out direct
 * ("").
 */
export async function breakdown(
  dimension: Dimension,
  range: DayRange,
  filter: AnalyticsFilter = {},
  limit = 50,
): Promise<BreakdownRow[]> {
  checkRange(range);
  const column = COLUMNS[dimension];
  const skipEmpty = dimension === "referrer" ? sql`and referrer_host <> ''` : sql``;
  const known = leadsKnown(filter) && column.leads !== null;
  const leads = known
    ? sql`select ${sql.raw(column.leads ?? "")} as key, count(*) as n from ${leadsIn(range)} x
        where ${where(range, filter, "leads")} ${skipEmpty} group by 1`
    : sql`select ''::text as key, 0 as n where false`;
  const order =
    dimension === "path" || dimension === "device"
      ? sql`views desc, visitors desc, leads desc, key`
      : sql`visitors desc, views desc, leads desc, key`;
  const result = await rows<{ key: string; views: number; visitors: number; leads: number }>(sql`
    with p as (select ${sql.raw(column.views)} as key, sum(views) as n from ${analyticsDailyViews}
      where ${where(range, filter, "views")} ${skipEmpty} group by 1),
    v as (select ${sql.raw(column.visitors)} as key, count(*) as n from ${analyticsDailyVisitors}
      where ${where(range, filter, "visitors")} ${skipEmpty} group by 1),
    l as (${leads})
    select key, coalesce(p.n, 0)::int as views, coalesce(v.n, 0)::int as visitors, coalesce(l.n, 0)::int as leads
    from p full join v using (key) full join l using (key)
    order by ${order}
    limit ${limit}`);
  return result.map((r) => {
    const visitors = Number(r.visitors);
    const leadCount = known ? Number(r.leads) : null;
    return {
      key: r.key,
      views: Number(r.views),
      visitors,
      leads: leadCount,
      conversionRate: conversionOf(leadCount, visitors),
    };
  });
}

/** Whether any page view was ever counted (the Analytics page's empty state until then). */
export async function hasTraffic(): Promise<boolean> {
  const [row] = await rows<{ any: boolean }>(
    sql`select exists (select 1 from ${analyticsDailyViews}) as any`,
  );
  return Boolean(row?.any);
}

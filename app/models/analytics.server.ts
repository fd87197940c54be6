// What the Analytics page and the dashboard ask of first-party analytics: visitors, page views, sources,
// campaigns, devices and conversions for a range of UTC days, read from the daily roll-ups the batched writer
// keeps (analytics-collector.server.ts), so a query costs the same however old the range is.
//
// A visitor is one row of analytics_daily_visitors: the same person on two days is two daily visitors. A lead is
// a contact request, newsletter subscriber or other form submission; its attribution (first landing page,
// referrer, utm_*) is matched to a visitor's day by the same source rule: the UTM source if tagged, else the
// external referrer's host without "www.", else direct ("").
import { type SQL, sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";

export interface DayRange {
  /** First UTC day, "2026-11-01". */
  from: string;
  /** Last UTC day, included. */
  to: string;
}

/** Narrows every figure to one source, campaign or (landing) page; "" is direct / none. */
export interface AnalyticsFilter {
  source?: string;
  campaign?: string;
  /** Page views of this path; visitors and leads who landed on it. */
  path?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkRange(range: DayRange): DayRange {
  if (!DAY.test(range.from) || !DAY.test(range.to)) throw new RangeError("days must be YYYY-MM-DD");
  return range;
}

/** The lead tables' rows in the range with the source, campaign and landing path their attribution gives. */
function leadsIn(range: DayRange): SQL {
  const one = (table: string) => sql`
    select (created_at at time zone 'UTC')::date as day,
      coalesce(lower(nullif(trim(utm_source), '')),
        regexp_replace(lower(substring(referrer from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\\.', ''),
        '') as source,
      coalesce(nullif(trim(utm_campaign), ''), '') as campaign,
      coalesce(nullif(rtrim(split_part(split_part(landing_page, '?', 1), '#', 1), '/'), ''),
        case when landing_page is null then '' else '/' end) as path
    from ${sql.raw(table)}
    where created_at >= ${range.from}::date and created_at < ${range.to}::date + 1`;
  return sql`(${one("atlas_contact_requests")} union all ${one("subscribers")} union all ${one("form_submissions")})`;
}

function where(range: DayRange, filter: AnalyticsFilter, pathColumn: string): SQL {
  const parts = [sql`day between ${range.from}::date and ${range.to}::date`];
  if (filter.source !== undefined) parts.push(sql`source = ${filter.source}`);
  if (filter.campaign !== undefined) parts.push(sql`campaign = ${filter.campaign}`);
  if (filter.path !== undefined) parts.push(sql`${sql.raw(pathColumn)} = ${filter.path}`);
  return sql.join(parts, sql` and `);
}

async function rows<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await db().execute(query));
}

const rate = (leads: number, visitors: number) => (visitors > 0 ? leads / visitors : 0);

export interface AnalyticsTotals {
  visitors: number;
  views: number;
  leads: number;
  /** Leads per visitor, 0..1 (0 without visitors). */
  conversionRate: number;
}

export async function analyticsTotals(
  range: DayRange,
  filter: AnalyticsFilter = {},
): Promise<AnalyticsTotals> {
  checkRange(range);
  const [row] = await rows<{ visitors: number; views: number; leads: number }>(sql`
    select
      (select count(*) from analytics_daily_visitors where ${where(range, filter, "landing_path")})::int as visitors,
      (select coalesce(sum(views), 0) from analytics_daily_views where ${where(range, filter, "path")})::int as views,
      (select count(*) from ${leadsIn(range)} l where ${where(range, filter, "path")})::int as leads`);
  const visitors = Number(row?.visitors ?? 0);
  const leads = Number(row?.leads ?? 0);
  return { visitors, views: Number(row?.views ?? 0), leads, conversionRate: rate(leads, visitors) };
}

export interface DayFigures {
  day: string;
  visitors: number;
  views: number;
  leads: number;
}

/** One entry per day of the range, days without traffic included (zeros), oldest first. */
export async function dailyFigures(range: DayRange, filter: AnalyticsFilter = {}): Promise<DayFigures[]> {
  checkRange(range);
  const result = await rows<DayFigures>(sql`
    with days as (select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day),
    v as (select day, count(*) as n from analytics_daily_visitors where ${where(range, filter, "landing_path")} group by day),
    p as (select day, sum(views) as n from analytics_daily_views where ${where(range, filter, "path")} group by day),
    l as (select day, count(*) as n from ${leadsIn(range)} x where ${where(range, filter, "path")} group by day)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(v.n, 0)::int as visitors, coalesce(p.n, 0)::int as views,
      coalesce(l.n, 0)::int as leads
    from days left join v using (day) left join p using (day) left join l using (day)
    order by days.day`);
  return result.map((r) => ({
    ...r,
    visitors: Number(r.visitors),
    views: Number(r.views),
    leads: Number(r.leads),
  }));
}

export interface ConversionRow {
  /** The source, campaign or landing page ("" = direct / none). */
  key: string;
  visitors: number;
  leads: number;
  conversionRate: number;
}

type Dimension = "source" | "campaign" | "path";

/**
 * Visitors and leads per source, campaign or landing page, most visitors first (then most leads): a lead whose
 * source never sent a counted visitor still shows, with 0 visitors.
 */
export async function conversionsBy(
  dimension: Dimension,
  range: DayRange,
  filter: AnalyticsFilter = {},
  limit = 50,
): Promise<ConversionRow[]> {
  checkRange(range);
  const visitorColumn = sql.raw(dimension === "path" ? "landing_path" : dimension);
  const leadColumn = sql.raw(dimension);
  const result = await rows<{ key: string; visitors: number; leads: number }>(sql`
    with v as (select ${visitorColumn} as key, count(*) as n from analytics_daily_visitors
      where ${where(range, filter, "landing_path")} group by 1),
    l as (select ${leadColumn} as key, count(*) as n from ${leadsIn(range)} x
      where ${where(range, filter, "path")} group by 1)
    select key, coalesce(v.n, 0)::int as visitors, coalesce(l.n, 0)::int as leads
    from v full join l using (key)
    order by visitors desc, leads desc, key
    limit ${limit}`);
  return result.map((r) => {
    const visitors = Number(r.visitors);
    const leads = Number(r.leads);
    return { key: r.key, visitors, leads, conversionRate: rate(leads, visitors) };
  });
}

export interface CountRow {
  key: string;
  views: number;
  visitors: number;
}

/**
 * Page views and visitors per page, external referrer host or device, most views first. Visitors per page are
 * those who landed on it (entries); per referrer and device, those who arrived that way.
 */
export async function viewsBy(
  dimension: "path" | "referrerHost" | "device",
  range: DayRange,
  filter: AnalyticsFilter = {},
  limit = 50,
): Promise<CountRow[]> {
  checkRange(range);
  const column = { path: "path", referrerHost: "referrer_host", device: "device" }[dimension];
  const visitorColumn = sql.raw(dimension === "path" ? "landing_path" : column);
  const skipEmpty = dimension === "referrerHost" ? sql`and referrer_host <> ''` : sql``;
  const result = await rows<CountRow>(sql`
    with p as (select ${sql.raw(column)} as key, sum(views) as n from analytics_daily_views
      where ${where(range, filter, "path")} ${skipEmpty} group by 1),
    v as (select ${visitorColumn} as key, count(*) as n from analytics_daily_visitors
      where ${where(range, filter, "landing_path")} ${skipEmpty} group by 1)
    select key, coalesce(p.n, 0)::int as views, coalesce(v.n, 0)::int as visitors
    from p left join v using (key)
    order by views desc, key
    limit ${limit}`);
  return result.map((r) => ({ key: r.key, views: Number(r.views), visitors: Number(r.visitors) }));
}

// Figures for the dashboard, counted in the database (no hard-coded numbers, no browser storage): content and
// lead counts, the academy view counts the server records, and the last 30 days of visitor analytics.
import { and, count, gte, lt, sql, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { academyContent, blogPosts, contactRequests, subscribers } from "~/db/schema";
import { addDays, type DayRange, dayOf } from "~/lib/analytics-query";
import { LEAD_KINDS } from "~/lib/lead-status";
import { inInbox, LEAD_TABLES, type LeadTable } from "~/models/lead-tables.server";
import { analyticsTotals, dailyFigures } from "./analytics.server";
import { scheduledIn } from "./published.server";

const DAY = 24 * 60 * 60 * 1000;
/** The dashboard's traffic card covers the last 30 days. */
export const TRAFFIC_DAYS = 30;

export interface DashboardStats {
  posts: { published: number; scheduled: number; draft: number; archived: number; total: number };
  academy: { published: number; scheduled: number; total: number };
  totalViews: number;
  contacts: { total: number; new: number };
  subscribers: number;
  leadsLast7Days: number;
}

/** Items per status; published items whose time is still ahead count as scheduled, not published. */
async function statusCounts(table: typeof blogPosts | typeof academyContent) {
  const status = sql<string>`case when ${scheduledIn(table)} then 'scheduled' else ${table.status}::text end`;
  const rows = await db().select({ status, n: count() }).from(table).groupBy(sql`1`);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  return {
    published: by.published ?? 0,
    scheduled: by.scheduled ?? 0,
    draft: by.draft ?? 0,
    archived: by.archived ?? 0,
    total: rows.reduce((acc, r) => acc + Number(r.n), 0),
  };
}

/** Leads of every kind (built forms' submissions held as spam are none) created at or after `since`. */
async function leadsSince(since: Date, before?: Date): Promise<number> {
  const counts = await Promise.all(
    LEAD_KINDS.map(async (kind) => {
      const table: LeadTable = LEAD_TABLES[kind];
      const [row] = await db()
        .select({ n: count() })
        .from(table)
        .where(
          and(gte(table.createdAt, since), before ? lt(table.createdAt, before) : undefined, inInbox(kind)),
        );
      return Number(row?.n ?? 0);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

async function totalAcademyViews(): Promise<number> {
  const [row] = await db()
    .select({ n: sum(academyContent.viewCount) })
    .from(academyContent);
  return Number(row?.n ?? 0);
}

export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const [posts, academy, totalViews, contactRows, subscriberRow, leadsLast7Days] = await Promise.all([
    statusCounts(blogPosts),
    statusCounts(academyContent),
    totalAcademyViews(),
    db()
      .select({
        total: count(),
        new: sql<number>`count(*) filter (where ${contactRequests.status} = 'new')`,
      })
      .from(contactRequests),
    db().select({ n: count() }).from(subscribers),
    leadsSince(new Date(now.getTime() - 7 * DAY)),
  ]);
  return {
    posts,
    academy: { published: academy.published, scheduled: academy.scheduled, total: academy.total },
    totalViews,
    contacts: { total: Number(contactRows[0]?.total ?? 0), new: Number(contactRows[0]?.new ?? 0) },
    subscribers: Number(subscriberRow[0]?.n ?? 0),
    leadsLast7Days,
  };
}

export interface DashboardTraffic {
  range: DayRange;
  visitors: number;
  views: number;
  leads: number;
  /** Visitors and leads per day, oldest first: the sparkline. */
  daily: Array<{ day: string; visitors: number; leads: number }>;
}

/** Visitors, page views and leads of the last 30 UTC days (today included), from the analytics roll-ups. */
export async function dashboardTraffic(now = new Date()): Promise<DashboardTraffic> {
  const today = dayOf(now);
  const range = { from: addDays(today, -(TRAFFIC_DAYS - 1)), to: today };
  const [totals, daily] = await Promise.all([analyticsTotals(range), dailyFigures(range)]);
  return {
    range,
    visitors: totals.visitors,
    views: totals.views,
    leads: totals.leads ?? 0,
    daily: daily.map((d) => ({ day: d.day, visitors: d.visitors, leads: d.leads ?? 0 })),
  };
}

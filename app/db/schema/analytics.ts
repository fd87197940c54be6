// First-party analytics (docs/decisions/015-analytics.md).
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

// and user agent: it identifies nobody, and once the salt is deleted (the day after) it cannot be recomputed.

/** Where a visit came from and on what: the roll-ups' shared columns, plus the views they add up. */
const visitDimensions = () => ({
  source: text("source").notNull().default(""),
  medium: text("medium").notNull().default(""),
  campaign: text("campaign").notNull().default(""),
  referrerHost: text("referrer_host").notNull().default(""),
  device: text("device").notNull(),
  views: integer("views").notNull(),
});

/** One random salt per day, shared by every instance; deleted once its day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Raw page views, kept for ANALYTICS_RETENTION_DAYS; the roll-ups below outlive them. The views of one visitor to
 * one page with the same attribution within one batch (a second) share a row, with their number in `views`.
 */
export const analyticsPageViews = pgTable(
  "analytics_page_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitorId: text("visitor_id").notNull(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").notNull(),
    views: integer("views").notNull().default(1),
  },
  (t) => [index("analytics_page_views_at_idx").on(t.at)],
);

/**
 * Views per day and dimension (path, source, medium, campaign, referrer host, device), added to at every batch
 * write. An absent dimension is stored as "" so the unique key can be upserted.
 */
export const analyticsDailyViews = pgTable(
  "analytics_daily_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    ...visitDimensions(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.source, t.medium, t.campaign, t.referrerHost, t.device] })],
);

/**
 * One row per visitor and day, with the first page of their day and where they came from then (what a lead's
 * attribution records too): unique visitors, and conversions per source and landing page, are counted here.
 */
export const analyticsDailyVisitors = pgTable(
  "analytics_daily_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitorId: text("visitor_id").notNull(),
    landingPath: text("landing_path").notNull(),
    ...visitDimensions(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorId] }), index("analytics_daily_visitors_day_idx").on(t.day)],
);

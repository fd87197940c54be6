// Column helpers the tables of several domains share.
import { sql } from "drizzle-orm";
import { text, timestamp } from "drizzle-orm/pg-core";
import type { LeadStatus } from "~/lib/lead-status";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
export const leadStatus = () => text("status").$type<LeadStatus>().notNull().default("new");
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** Where a lead came from: captured at the visitor's first page view and at submission. */
export const attribution = () => ({
  sourcePage: text("source_page"),
  sourceSection: text("source_section"),
  referrer: text("referrer"),
  landingPage: text("landing_page"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
});

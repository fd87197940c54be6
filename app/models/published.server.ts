// What "published" means, defined once for every public read (blog, academy, content API, feeds, sitemap,
// featured and related items) and for the writes that react to it: status published and a publication time that
// has come. A published item whose published_at is still ahead is scheduled: it stays off every public surface
// until then, and the publication scheduler (publication-schedule.server.ts) announces it at that moment
// (docs/decisions/023-scheduling-previews-revisions.md).
import { and, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { academyContent, blogPosts, ContentStatus } from "~/db/schema";

const PUBLISHED: ContentStatus = "published";

/**
 * The SQL condition of a publicly visible row of `table`, against the database's clock. A published row without a
 * date (only old imported data can have one: every write stamps it) counts as published long ago.
 */
export function publishedIn(table: typeof blogPosts | typeof academyContent): SQL {
  return and(
    eq(table.status, PUBLISHED),
    or(isNull(table.publishedAt), lte(table.publishedAt, sql`now()`)),
  ) as SQL;
}

/** The SQL condition of a row that is published with a publication time still ahead (scheduled). */
export function scheduledIn(table: typeof blogPosts | typeof academyContent): SQL {
  return and(eq(table.status, PUBLISHED), gt(table.publishedAt, sql`now()`)) as SQL;
}

interface Dated {
  status: ContentStatus;
  publishedAt: Date | null;
}

/** Whether a row in hand is publicly visible at `now`: the same rule as publishedIn. */
export function isPublished(row: Dated, now: Date = new Date()): boolean {
  return row.status === PUBLISHED && (!row.publishedAt || row.publishedAt.getTime() <= now.getTime());
}

/** Published with a publication time still ahead: waiting for the scheduler. */
export function isScheduled(row: Dated, now: Date = new Date()): boolean {
  return row.status === PUBLISHED && Boolean(row.publishedAt && row.publishedAt.getTime() > now.getTime());
}

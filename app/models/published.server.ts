// What "published" means, defined once for every public read (blog, academy, content API, feeds, sitemap) and
// for the writes that react to it. A later rule (e.g. scheduled posts: published and published_at <= now)
// changes here and nowhere else.
import { eq } from "drizzle-orm";
import type { academyContent, blogPosts, ContentStatus } from "~/db/schema";

const PUBLISHED: ContentStatus = "published";

/** The SQL condition of a publicly visible row of `table`. */
export function publishedIn(table: typeof blogPosts | typeof academyContent) {
  return eq(table.status, PUBLISHED);
}

/** Whether a row in hand is publicly visible: the same rule as publishedIn. */
export function isPublished(row: { status: ContentStatus }): boolean {
  return row.status === PUBLISHED;
}

// Redirects and the 404 monitor (docs/decisions/018-redirects-and-404-monitor.md).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { REDIRECT_SOURCES, type RedirectSource, type RedirectStatus } from "~/lib/redirect-paths";
import { authUsers } from "./auth";
import { createdAt, inList, updatedAt } from "./columns";

/**
 * Site paths answered with a redirect before the page cache and routing. `from_key` and `to_key` are the paths
 * in the form they are compared (pathKey in app/lib/redirect-paths.ts: decoded, lower-cased, no trailing slash):
 * one redirect per path whatever its letter case, and chains found by key. Hits are counted in memory and added
 * about once a second.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** As entered (or made by a slug change), without query string or trailing slash. */
    fromPath: text("from_path").notNull(),
    fromKey: text("from_key").notNull(),
    /** A site path (with an optional query string and fragment) or an absolute http(s) URL. */
    toUrl: text("to_url").notNull(),
    /** The target's key when it is a path of this site; null for an absolute URL. */
    toKey: text("to_key"),
    statusCode: integer("status_code").$type<RedirectStatus>().notNull().default(301),
    source: text("source").$type<RedirectSource>().notNull().default("manual"),
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** The administrator's e-mail, or "api-key:<start>" for a slug change made through the content API. */
    createdBy: text("created_by"),
    /** The last change of its path, target or type (the edit form's version); hits leave it. */
    updatedAt: updatedAt(),
    /** The member who made that change (null for one without a member, or once removed). */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("redirects_from_key").on(t.fromKey),
    index("redirects_to_key_idx").on(t.toKey),
    index("redirects_created_idx").on(t.createdAt.desc()),
    check("redirects_status_check", sql`${t.statusCode} in (301, 302)`),
    check("redirects_source_check", inList("source", REDIRECT_SOURCES)),
  ],
);

/**
 * Public paths that answered 404 to a person's browser (bots excluded), by key, with how often, since when, until
 * when and the last referrer. Counted in memory and added about once a second; at most NOT_FOUND_MAX_PATHS rows.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    path: text("path").primaryKey(),
    hits: integer("hits").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    lastReferrer: text("last_referrer"),
  },
  (t) => [index("not_found_paths_hits_idx").on(t.hits.desc(), t.lastSeenAt.desc())],
);

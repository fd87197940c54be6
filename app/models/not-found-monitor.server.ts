// The 404 monitor (docs/decisions/018-redirects-and-404-monitor.md): public paths that answered 404 to a person's
// browser, counted like visitor analytics (app/models/analytics-collector.server.ts). The HTTP layer hands over
// each 404 (recordNotFound: a bot check and a map update); every second the counts are added to not_found_paths
// in one transaction, which keeps at most NOT_FOUND_MAX_PATHS rows. The admin lists them, dismisses one or all, and
// turns one into a redirect (createRedirect removes its row).
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "~/db/client.server";
import { notFoundPaths } from "~/db/schema";
import { isDatabaseUnavailable } from "~/db/sql-helpers.server";
import { periodicJob } from "~/lib/periodic.server";
import { isNonPagePath, pathKey, REDIRECT_PATH_MAX } from "~/lib/redirect-paths";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { flushRedirectHits, redirectedKeys } from "~/models/redirects.server";

/** The most distinct paths stored; past it the stalest, least-hit ones make room. */
export const NOT_FOUND_MAX_PATHS = 1000;
/** A path not seen for this long goes first when room is needed, whatever its count. */
const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const REFERRER_MAX = 500;

export interface NotFoundHit {
  /** The path as requested (query string allowed: it is dropped). */
  path: string;
  referrer?: string;
  userAgent: string;
  at: Date;
}

interface Pending {
  hits: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  lastReferrer: string | null;
}

let pending = new Map<string, Pending>();

/** The referrer without its query string or fragment (which may carry someone's data), or null. */
function cleanReferrer(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname}`.slice(0, REFERRER_MAX);
  } catch {
    return null;
  }
}

/**
 * One 404 of a public page. Bots (and requests without a user agent), back-office, API and asset paths, and paths
 * longer than REDIRECT_PATH_MAX are left out; so are new paths past NOT_FOUND_MAX_PATHS waiting for the next flush.
 */
export function recordNotFound(hit: NotFoundHit): void {
  if (!hit.userAgent || isbot(hit.userAgent)) return;
  const path = pathKey(hit.path);
  if (!path.startsWith("/") || path.length > REDIRECT_PATH_MAX || isNonPagePath(path)) return;
  const referrer = cleanReferrer(hit.referrer);
  const seen = pending.get(path);
  if (seen) {
    seen.hits += 1;
    seen.lastSeenAt = hit.at;
    seen.lastReferrer = referrer ?? seen.lastReferrer;
  } else if (pending.size < NOT_FOUND_MAX_PATHS) {
    pending.set(path, { hits: 1, firstSeenAt: hit.at, lastSeenAt: hit.at, lastReferrer: referrer });
  }
}

/**
 * Adds the waiting 404s to their rows in one transaction (paths that meanwhile got a redirect are skipped), then
 * trims the table to NOT_FOUND_MAX_PATHS: first paths not seen for a week, then the least hit, oldest first.
 * Returns how many paths were written.
 */
export async function flushNotFound(now = new Date()): Promise<number> {
  const batch = pending;
  pending = new Map();
  if (batch.size === 0) return 0;
  try {
    return await db().transaction(async (tx) => {
      const redirected = await redirectedKeys(tx, [...batch.keys()]);
      const rows = [...batch].filter(([path]) => !redirected.has(path)).map(([path, p]) => ({ path, ...p }));
      if (rows.length === 0) return 0;
      await tx
        .insert(notFoundPaths)
        .values(rows)
        .onConflictDoUpdate({
          target: notFoundPaths.path,
          set: {
            hits: sql`${notFoundPaths.hits} + excluded.hits`,
            firstSeenAt: sql`least(${notFoundPaths.firstSeenAt}, excluded.first_seen_at)`,
            lastSeenAt: sql`greatest(${notFoundPaths.lastSeenAt}, excluded.last_seen_at)`,
            lastReferrer: sql`coalesce(excluded.last_referrer, ${notFoundPaths.lastReferrer})`,
          },
        });
      const [stored] = await tx.select({ n: count() }).from(notFoundPaths);
      const excess = Number(stored?.n ?? 0) - NOT_FOUND_MAX_PATHS;
      if (excess > 0) {
        const staleBefore = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
        const victims = tx
          .select({ path: notFoundPaths.path })
          .from(notFoundPaths)
          .orderBy(
            sql`${notFoundPaths.lastSeenAt} >= ${staleBefore}::timestamptz`,
            asc(notFoundPaths.hits),
            asc(notFoundPaths.lastSeenAt),
          )
          .limit(excess);
        await tx.delete(notFoundPaths).where(inArray(notFoundPaths.path, victims));
      }
      return rows.length;
    });
  } catch (error) {
    // During an outage the counts wait for the next round; anything else would fail forever.
    if (isDatabaseUnavailable(error)) {
      for (const [path, p] of batch) {
        const seen = pending.get(path);
        pending.set(
          path,
          seen
            ? {
                ...p,
                hits: p.hits + seen.hits,
                lastSeenAt: seen.lastSeenAt,
                lastReferrer: seen.lastReferrer ?? p.lastReferrer,
              }
            : p,
        );
      }
    }
    throw error;
  }
}

export const NOT_FOUND_LIST_LIMIT = 200;

/** Most hits first, then the most recently seen. */
export async function listNotFound({ limit = NOT_FOUND_LIST_LIMIT } = {}) {
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(notFoundPaths)
      .orderBy(desc(notFoundPaths.hits), desc(notFoundPaths.lastSeenAt), asc(notFoundPaths.path))
      .limit(limit),
    db().select({ n: count() }).from(notFoundPaths),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Forgets one path (it comes back if it is asked for again); undefined when it was not listed. */
export async function dismissNotFound(path: string, who: AuditContext) {
  const [row] = await db().delete(notFoundPaths).where(eq(notFoundPaths.path, path)).returning();
  if (row) await auditAs(who, { action: "not_found.dismiss", entity: "not_found_path", entityId: path });
  return row;
}

/** Forgets every path; answers how many there were. */
export async function clearNotFound(who: AuditContext): Promise<number> {
  const rows = await db().delete(notFoundPaths).returning({ path: notFoundPaths.path });
  await auditAs(who, {
    action: "not_found.clear",
    entity: "not_found_path",
    details: { paths: rows.length },
  });
  return rows.length;
}

/** The monitor's and the redirects' counters, written every second and at shut-down (server/lifecycle.ts). */
const counters = periodicJob(
  "404 and redirect counters",
  () => Promise.all([flushNotFound(), flushRedirectHits()]),
  1000,
);

export function startVisitCounters(): void {
  counters.start();
}

export async function stopVisitCounters(): Promise<void> {
  counters.stop();
  await counters.runNow();
}

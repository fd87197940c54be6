// The 404 monitor (docs/decisions/018-redirects-and-404-monitor.md, 028-byte-budgets.md): public paths that
// answered 404 to a person's browser, counted like visitor analytics (app/models/analytics-collector.server.ts).
// The HTTP layer hands over each 404 (recordNotFound: a bot check and a map update); every second the counts are
// added to not_found_paths in one transaction, which keeps at most NOT_FOUND_MAX_PATHS rows. The admin lists them,
// dismisses one or all, and turns one into a redirect (createRedirect removes its row).
//
// Hostile input: paths and referrers pass through safeText (a NUL or a lone surrogate would fail the whole batch);
// the paths waiting for a flush are bounded in bytes; each source (a hash of the client's address, an IPv6 client
// by its /64) adds at most SOURCE_NEW_PATHS_PER_DAY new paths a day, so one source's flood of junk paths cannot
// crowd out the others' 404s; and when room is needed in the table, rows already listed stay before newer ones
// with as few hits. A batch that still fails for its content is written row by row, the bad row dropped and logged.
// A listed path that resolves (a redirect now covers it, or a published post or academy item now lives there)
// leaves the list by itself: it is not counted any more, not listed, and removed when room is needed.
import { createHash, randomBytes } from "node:crypto";
import { asc, count, desc, eq, inArray, not, type SQL, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { type Database, db, rowsOf } from "~/db/client.server";
import { academyContent, blogPosts, notFoundPaths, redirects } from "~/db/schema";
import { isDatabaseUnavailable } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";
import { clientKey } from "~/infra/request-context.server";
import { contentPath, isNonPagePath, pathKey, REDIRECT_PATH_MAX } from "~/lib/redirect-paths";
import { safeText, safeTextOrNull } from "~/lib/safe-text";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { publishedIn } from "~/models/published.server";

/** The most distinct paths stored; past it the stalest, least-hit, newest ones make room. */
export const NOT_FOUND_MAX_PATHS = 1000;
/** A path not seen for this long goes first when room is needed, whatever its count. */
const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const REFERRER_MAX = 500;
/** What the paths waiting for the next flush may take in memory (estimated as JavaScript holds them). */
export const PENDING_MAX_BYTES = 512 * 1024;
/** New paths one source may add in a day (the table holds NOT_FOUND_MAX_PATHS). */
export const SOURCE_NEW_PATHS_PER_DAY = 50;
/** Sources remembered for their daily allowance; past it, new sources share one allowance. */
const SOURCES_MAX = 4096;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface NotFoundHit {
  /** The path as requested (query string allowed: it is dropped). */
  path: string;
  referrer?: string;
  userAgent: string;
  at: Date;
  /** The client's address, whose daily allowance of new paths this counts against (the HTTP layer always sets it). */
  client?: string;
}

interface Pending {
  hits: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  lastReferrer: string | null;
}

let pending = new Map<string, Pending>();
let pendingBytes = 0;
/** New paths per source hash in the current day window, and when that window began. */
let sources = new Map<string, number>();
let sourcesSince = 0;
/** Salt of the source hashes: per process, so the hashes mean nothing outside it. */
const SOURCE_SALT = randomBytes(16);
const SHARED_SOURCE = "*";

/** Bytes a pending path takes, roughly: two per UTF-16 unit of its strings plus the map entry and object. */
const entryBytes = (path: string, referrer: string | null) =>
  2 * (path.length + (referrer?.length ?? 0)) + 160;

/** The referrer without its query string or fragment (which may carry someone's data), or null. */
function cleanReferrer(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return safeTextOrNull(`${url.origin}${url.pathname}`, REFERRER_MAX);
  } catch {
    return null;
  }
}

/**
 * The path as listed: its key (decoded, lower case, see pathKey). A decoded form that cannot be stored as it is
 * (a NUL, a broken character) is listed as sent, still percent-encoded ("/%00"), which is also what an
 * administrator would type to find it.
 */
function listedPath(path: string): string {
  const key = pathKey(path);
  if (safeText(key) === key) return key;
  const raw = (path.split(/[?#]/, 1)[0] ?? "").toLowerCase();
  return safeText(raw.length > 1 ? raw.replace(/\/+$/, "") || "/" : raw);
}

/** One more new path for this client, if its allowance for the day is not used up. */
function allowNewPath(client: string | undefined, now: number): boolean {
  if (now < sourcesSince || now - sourcesSince >= DAY_MS) {
    sources = new Map();
    sourcesSince = now;
  }
  if (!client) return true;
  let source = createHash("sha256")
    .update(SOURCE_SALT)
    .update(clientKey(client))
    .digest("base64url")
    .slice(0, 16);
  if (!sources.has(source) && sources.size >= SOURCES_MAX) source = SHARED_SOURCE;
  const used = sources.get(source) ?? 0;
  if (used >= SOURCE_NEW_PATHS_PER_DAY) return false;
  sources.set(source, used + 1);
  return true;
}

/**
 * One 404 of a public page. Bots (and requests without a user agent), back-office, API and asset paths, and paths
 * longer than REDIRECT_PATH_MAX are left out; so are new paths past a source's daily allowance or past
 * PENDING_MAX_BYTES waiting for the next flush (more hits of a waiting path are still counted).
 */
export function recordNotFound(hit: NotFoundHit): void {
  if (!hit.userAgent || isbot(hit.userAgent)) return;
  const path = listedPath(hit.path);
  if (!path.startsWith("/") || isNonPagePath(path)) return;
  if (path.length > REDIRECT_PATH_MAX && [...path].length > REDIRECT_PATH_MAX) return;
  const referrer = cleanReferrer(hit.referrer);
  const seen = pending.get(path);
  if (seen) {
    seen.hits += 1;
    seen.lastSeenAt = hit.at;
    if (referrer) {
      pendingBytes += 2 * (referrer.length - (seen.lastReferrer?.length ?? 0));
      seen.lastReferrer = referrer;
    }
    return;
  }
  const bytes = entryBytes(path, referrer);
  if (pendingBytes + bytes > PENDING_MAX_BYTES) return;
  if (!allowNewPath(hit.client, hit.at.getTime())) return;
  pending.set(path, { hits: 1, firstSeenAt: hit.at, lastSeenAt: hit.at, lastReferrer: referrer });
  pendingBytes += bytes;
}

/** Puts a batch that could not be written back in front of what came in since (for the next round). */
function requeue(batch: Map<string, Pending>) {
  for (const [path, p] of batch) {
    const seen = pending.get(path);
    if (!seen) pendingBytes += entryBytes(path, p.lastReferrer);
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

type Tx = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;
type Row = { path: string } & Pending;

/** SQL: the path of `table`'s published items (lower case, as paths are listed). */
const publishedPaths = (table: typeof blogPosts | typeof academyContent, kind: "blog" | "academy") =>
  sql`select lower(${contentPath(kind, "")} || ${table.slug}) from ${table} where ${publishedIn(table)}`;

/**
 * SQL: the row's path no longer answers 404: a redirect starts there, or a published post or academy item lives
 * there.
 */
const resolved: SQL = sql`(exists (select 1 from ${redirects} where ${redirects.fromKey} = ${notFoundPaths.path})
  or ${notFoundPaths.path} in (${publishedPaths(blogPosts, "blog")})
  or ${notFoundPaths.path} in (${publishedPaths(academyContent, "academy")}))`;

/** Which of these paths resolve now (see `resolved`); their counts are not stored. */
async function resolvedPaths(tx: Tx, paths: string[]): Promise<Set<string>> {
  const values = sql.join(
    paths.map((path) => sql`(${path})`),
    sql`, `,
  );
  const rows = await tx.execute<{ path: string }>(sql`
    select p.path from (values ${values}) as p(path)
    where exists (select 1 from ${redirects} where ${redirects.fromKey} = p.path)
       or p.path in (${publishedPaths(blogPosts, "blog")})
       or p.path in (${publishedPaths(academyContent, "academy")})`);
  return new Set(rowsOf<{ path: string }>(rows).map((r) => r.path));
}

/** Adds the counts to their rows (a new path gets a row). */
async function upsert(tx: Tx, rows: Row[]) {
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
}

/**
 * Keeps at most NOT_FOUND_MAX_PATHS rows: first resolved paths go, then paths not seen for a week, then the least
 * hit, the ones first seen most recently first (so rows already listed are not pushed out by a flood of new ones).
 */
async function trim(tx: Tx, now: Date) {
  const stored = async () => Number((await tx.select({ n: count() }).from(notFoundPaths))[0]?.n ?? 0);
  let excess = (await stored()) - NOT_FOUND_MAX_PATHS;
  if (excess <= 0) return;
  await tx.delete(notFoundPaths).where(resolved);
  excess = (await stored()) - NOT_FOUND_MAX_PATHS;
  if (excess <= 0) return;
  const staleBefore = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const victims = tx
    .select({ path: notFoundPaths.path })
    .from(notFoundPaths)
    .orderBy(
      sql`${notFoundPaths.lastSeenAt} >= ${staleBefore}::timestamptz`,
      notFoundPaths.hits,
      desc(notFoundPaths.firstSeenAt),
      desc(notFoundPaths.path),
    )
    .limit(excess);
  await tx.delete(notFoundPaths).where(inArray(notFoundPaths.path, victims));
}

/**
 * Adds the waiting 404s to their rows in one transaction (paths that meanwhile resolved are skipped), then trims
 * the table to NOT_FOUND_MAX_PATHS. Returns how many paths were written. If the batch fails for its content (not
 * an outage), each row is written on its own and a row that still fails is dropped with a log line, so one bad
 * row never costs the others theirs.
 */
export async function flushNotFound(now = new Date()): Promise<number> {
  const batch = pending;
  pending = new Map();
  pendingBytes = 0;
  if (batch.size === 0) return 0;
  const write = (rows: [string, Pending][]) =>
    db().transaction(async (tx) => {
      const gone = await resolvedPaths(
        tx,
        rows.map(([path]) => path),
      );
      const kept = rows.filter(([path]) => !gone.has(path)).map(([path, p]) => ({ path, ...p }));
      if (kept.length === 0) return 0;
      await upsert(tx, kept);
      await trim(tx, now);
      return kept.length;
    });
  try {
    return await write([...batch]);
  } catch (error) {
    // During an outage the counts wait for the next round; anything else is about the rows: one at a time.
    if (isDatabaseUnavailable(error)) {
      requeue(batch);
      throw error;
    }
  }
  let written = 0;
  const entries = [...batch];
  for (const [i, entry] of entries.entries()) {
    try {
      written += await write([entry]);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // The rows not written yet wait for the next round.
        requeue(new Map(entries.slice(i)));
        throw error;
      }
      logger.warn({ err: error, path: entry[0] }, "404 monitor: a path could not be stored and was dropped");
    }
  }
  return written;
}

export const NOT_FOUND_LIST_LIMIT = 200;

/** Most hits first, then the most recently seen; paths that resolved since they were listed are left out. */
export async function listNotFound({ limit = NOT_FOUND_LIST_LIMIT } = {}) {
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(notFoundPaths)
      .where(not(resolved))
      .orderBy(desc(notFoundPaths.hits), desc(notFoundPaths.lastSeenAt), asc(notFoundPaths.path))
      .limit(limit),
    db().select({ n: count() }).from(notFoundPaths).where(not(resolved)),
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

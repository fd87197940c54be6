// The batched writer behind first-party analytics (docs/decisions/015-analytics.md). The HTTP layer hands it raw
// hits (recordPageView, countAcademyView), which cost an array push; every second, and at shut-down (timed by
// app/jobs/analytics-flush.server.ts), flushAnalytics() turns them into rows in one transaction: raw page views, the
// daily roll-ups and the academy view counts. A crash loses at most the hits of the last second. The client's address lives only in this buffer, never in the database.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "~/db/client.server";
import {
  academyContent,
  analyticsDailyViews,
  analyticsDailyVisitors,
  analyticsPageViews,
  analyticsSalts,
} from "~/db/schema";
import { databaseErrorCode, isDatabaseUnavailable, loggableError } from "~/db/sql-helpers.server";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { clientKey } from "~/infra/request-context.server";
import { safeTextOrNull } from "~/lib/safe-text";
import { deviceClass } from "~/lib/user-agent";
import { publishedIn } from "~/models/published.server";

/** A page view as the HTTP layer saw it; parsed and hashed only when flushed. */
export interface PageHit {
  at: Date;
  /** Path and query string as requested ("/pricing?utm_source=news"). */
  url: string;
  /** The Referer header, if any. */
  referrer?: string;
  /** The host name the request was sent to: a referrer from it (or from BASE_URL's) is internal, not a source. */
  host: string;
  userAgent: string;
  ip: string;
  /** How many identical hits this one stands for (folded as they came; 1 when absent). */
  count?: number;
}

/**
 * Past this many bytes of waiting hits (a burst, or the database down a while) new ones are dropped, not queued.
 * Bytes, not hits: a hit's URL, Referer and user agent are the client's to choose, up to the size of the request
 * head (16 KB). About 55,000 typical hits; a flood of the longest requests holds no more (docs/performance.md).
 */
export const MAX_BUFFERED_BYTES = 24 * 1024 * 1024;
/**
 * What a buffered hit holds besides its strings' characters: the object, its Date, five string headers, the array
 * slot. Measured on Node 24 (heap growth per hit, typical hit: ~450 bytes for 176 characters), rounded up.
 */
const HIT_OVERHEAD_BYTES = 280;
const MAX_TEXT = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

let hits: PageHit[] = [];
/** The approximate size of `hits`. */
let bufferedBytes = 0;
let academyViews = new Map<string, number>();
const flushedListeners = new Set<(academySlugs: string[]) => void>();

/**
 * Buffers a hit. One identical to the hit before it (same day, address, browser, URL, referrer and host: a page
 * reloaded, or a load test) only adds to that one's count, so a burst costs a comparison per hit.
 */
export function recordPageView(hit: PageHit): void {
  const last = hits[hits.length - 1];
  if (
    last &&
    last.url === hit.url &&
    last.ip === hit.ip &&
    last.userAgent === hit.userAgent &&
    last.referrer === hit.referrer &&
    last.host === hit.host &&
    Math.floor(last.at.getTime() / DAY_MS) === Math.floor(hit.at.getTime() / DAY_MS)
  ) {
    last.count = (last.count ?? 1) + 1;
    return;
  }
  buffer(hit);
}

/** Adds a hit to the buffer if it fits within MAX_BUFFERED_BYTES; false when it does not. */
function buffer(hit: PageHit): boolean {
  const bytes = hitBytes(hit);
  if (bufferedBytes + bytes > MAX_BUFFERED_BYTES) return false;
  hits.push(hit);
  bufferedBytes += bytes;
  return true;
}

/** The approximate memory a buffered hit holds: its strings (mostly one byte a character in V8) and overhead. */
export function hitBytes(hit: PageHit): number {
  const text =
    hit.url.length + (hit.referrer?.length ?? 0) + hit.host.length + hit.userAgent.length + hit.ip.length;
  return HIT_OVERHEAD_BYTES + text;
}

/** How much the buffer holds now (hits waiting for the next flush, and their approximate size in bytes). */
export function bufferedHits(): { hits: number; bytes: number } {
  return { hits: hits.length, bytes: bufferedBytes };
}

/** One more view of the academy item with this slug (counted for published items only, at the next flush). */
export function countAcademyView(slug: string): void {
  academyViews.set(slug, (academyViews.get(slug) ?? 0) + 1);
}

/** Called after each flush that changed academy view counts (the page cache drops those pages). */
export function onAcademyViewsFlushed(listener: (academySlugs: string[]) => void): () => void {
  flushedListeners.add(listener);
  return () => flushedListeners.delete(listener);
}

/** "2026-11-23": the UTC day of `at`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export interface ParsedView {
  day: string;
  path: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: string;
}

/** A visitor's text (a UTM value, a path) made safe to store and cut by code point; blank is null. */
const clip = (value: string | null | undefined) => safeTextOrNull(value, MAX_TEXT);

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/**
 * The fields of a hit we keep: no address, no user agent, no query string beyond the UTM parameters. Undefined for
 * a request target that is no URL path ("//[" reaches the server too): it counts as nothing.
 */
export function parseHit(hit: PageHit): ParsedView | undefined {
  const url = URL.parse(hit.url, "http://localhost");
  if (!url) return undefined;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  let referrerHost: string | null = null;
  try {
    if (hit.referrer) {
      const host = bareHost(new URL(hit.referrer).hostname);
      if (host && host !== bareHost(hit.host) && host !== bareHost(new URL(env().baseUrl).hostname)) {
        referrerHost = host;
      }
    }
  } catch {
    // A malformed Referer says nothing.
  }
  return {
    day: utcDay(hit.at),
    path: clip(path) ?? "/",
    referrerHost,
    utmSource: clip(url.searchParams.get("utm_source"))?.toLowerCase() ?? null,
    utmMedium: clip(url.searchParams.get("utm_medium"))?.toLowerCase() ?? null,
    utmCampaign: clip(url.searchParams.get("utm_campaign")) ?? null,
    device: deviceClass(hit.userAgent),
  };
}

/** Where a visit came from: the UTM source if tagged, else the external referrer's host, else "" (direct). */
export function sourceOf(view: Pick<ParsedView, "utmSource" | "referrerHost">): string {
  return view.utmSource ?? view.referrerHost ?? "";
}

export function visitorId(salt: string, ip: string, userAgent: string): string {
  return createHash("sha256")
    .update(`${salt}\u0000${clientKey(ip)}\u0000${userAgent}`)
    .digest("base64url")
    .slice(0, 22);
}

const salts = new Map<string, string>();

/** The salt of `day`, made by whichever instance needs it first; every instance then reads the same one. */
async function saltOf(day: string): Promise<string> {
  const known = salts.get(day);
  if (known) return known;
  await db()
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db().select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`analytics salt for ${day} missing`);
  if (salts.size > 2) salts.clear(); // only today's (and around midnight yesterday's) salt is ever needed
  salts.set(day, row.salt);
  return row.salt;
}

type ViewRow = typeof analyticsPageViews.$inferInsert;

/**
 * The batch's distinct hits (same day, address, browser, URL, referrer and host) with how often each came, the
 * first one kept: a visitor reloading a page, or a load test, is parsed, bot-checked and hashed once.
 */
function distinct(batch: PageHit[]): Map<PageHit, number> {
  const first = new Map<string, PageHit>();
  const counts = new Map<PageHit, number>();
  for (const hit of batch) {
    const day = Math.floor(hit.at.getTime() / DAY_MS); // the UTC day, without formatting a date per hit
    const key = `${day}\u0000${hit.ip}\u0000${hit.userAgent}\u0000${hit.url}\u0000${hit.referrer ?? ""}\u0000${hit.host}`;
    const seen = first.get(key);
    if (seen) counts.set(seen, (counts.get(seen) ?? 1) + (hit.count ?? 1));
    else {
      first.set(key, hit);
      counts.set(hit, hit.count ?? 1);
    }
  }
  return counts;
}

/** Writes everything buffered so far in one transaction; during a database outage the hits wait for the next try. */
export async function flushAnalytics(): Promise<{ views: number; academyViews: number }> {
  const batch = hits;
  const academy = academyViews;
  hits = [];
  bufferedBytes = 0;
  academyViews = new Map();
  if (batch.length === 0 && academy.size === 0) return { views: 0, academyViews: 0 };
  try {
    const rows = new Map<string, ViewRow>();
    for (const [hit, count] of distinct(batch)) {
      if (!hit.userAgent || isbot(hit.userAgent)) continue;
      const view = parseHit(hit);
      if (!view) continue;
      const id = visitorId(await saltOf(view.day), hit.ip, hit.userAgent);
      // Repeated views of a page by one visitor within the batch become one row: a busy second costs a few rows.
      const key = `${id}\u0000${Object.values(view).join("\u0000")}`;
      const row = rows.get(key);
      if (row) row.views = (row.views ?? 1) + count;
      else rows.set(key, { ...view, at: hit.at, visitorId: id, views: count });
    }
    const viewRows = [...rows.values()];
    let dropped = { views: 0, academyViews: 0 };
    try {
      await writeBatch(viewRows, academy);
    } catch (error) {
      // Only an outage is worth retrying as a whole; a batch the database refuses for another reason would be
      // refused forever, so its rows are written apart and only the ones refused on their own are dropped.
      if (isDatabaseUnavailable(error)) throw error;
      dropped = await writeApart(viewRows, academy, error);
    }
    if (academy.size > 0) for (const listener of flushedListeners) listener([...academy.keys()]);
    const views = viewRows.reduce((n, row) => n + (row.views ?? 1), 0) - dropped.views;
    return { views, academyViews: sum(academy.values()) - dropped.academyViews };
  } catch (error) {
    // During an outage the hits wait for the next try, older ones first, within the byte budget.
    const retry = isDatabaseUnavailable(error);
    // The database's reason only: the statements' parameters are visitors' data.
    logger.warn({ ...loggableError(error), hits: batch.length, retry }, "analytics flush failed");
    if (retry) {
      const newer = hits;
      hits = [];
      bufferedBytes = 0;
      for (const hit of [...batch, ...newer]) if (!buffer(hit)) break;
      for (const [slug, n] of academy) academyViews.set(slug, (academyViews.get(slug) ?? 0) + n);
    }
    throw error;
  }
}

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const n of values) total += n;
  return total;
};

/** Refused sub-batches a flush splits further before it drops the rest of what is refused (a bound on its cost). */
const MAX_SPLITS = 64;

/**
 * A batch the database refused: the academy counts on their own, and the view rows in halves, then halves of the
 * refused halves, down to the rows refused on their own, which are dropped with a log line (never their content).
 * A good batch with one bad row costs about 2·log₂(rows) more transactions. Returns what was dropped.
 */
async function writeApart(rows: ViewRow[], academy: Map<string, number>, first: unknown) {
  logger.warn(
    { code: databaseErrorCode(first), rows: rows.length },
    "analytics batch refused; writing it apart",
  );
  const dropped = { views: 0, academyViews: 0 };
  let splits = MAX_SPLITS;
  // Should the database go away meanwhile, the rest is dropped: retrying the whole batch would count the parts
  // already written twice.
  let down = false;
  const attempt = async (part: ViewRow[], counts: Map<string, number>): Promise<boolean> => {
    if (down) return false;
    try {
      await writeBatch(part, counts);
      return true;
    } catch (error) {
      down = isDatabaseUnavailable(error);
      logger.warn({ code: databaseErrorCode(error), rows: part.length }, "analytics rows refused");
      return false;
    }
  };
  if (academy.size > 0 && !(await attempt([], academy))) dropped.academyViews = sum(academy.values());
  const halves = async (part: ViewRow[]): Promise<void> => {
    if (!part.length || (await attempt(part, new Map()))) return;
    if (part.length === 1 || down || --splits <= 0) {
      dropped.views += sum(part.map((row) => row.views ?? 1));
      logger.warn({ rows: part.length }, "analytics rows dropped");
      return;
    }
    const mid = Math.ceil(part.length / 2);
    await halves(part.slice(0, mid));
    await halves(part.slice(mid));
  };
  await halves(rows);
  return dropped;
}

/** A roll-up row as the statements below read it (column names as in the tables). */
interface DailyRow {
  day: string;
  source: string;
  medium: string;
  campaign: string;
  referrer_host: string;
  device: string;
  views: number;
}

async function writeBatch(rows: ViewRow[], academy: Map<string, number>): Promise<void> {
  const daily = new Map<string, DailyRow & { path: string }>();
  const visitors = new Map<string, DailyRow & { visitor_id: string; landing_path: string }>();
  for (const row of rows) {
    const dims = {
      day: row.day,
      source: sourceOf({ utmSource: row.utmSource ?? null, referrerHost: row.referrerHost ?? null }),
      medium: row.utmMedium ?? "",
      campaign: row.utmCampaign ?? "",
      referrer_host: row.referrerHost ?? "",
      device: row.device,
    };
    const views = row.views ?? 1;
    const key = `${Object.values(dims).join("\u0000")}\u0000${row.path}`;
    const seen = daily.get(key);
    if (seen) seen.views += views;
    else daily.set(key, { ...dims, path: row.path, views });
    // The first view of a visitor's day in this batch is their landing; one already stored wins (do nothing).
    const visitorKey = `${row.day}\u0000${row.visitorId}`;
    const visitor = visitors.get(visitorKey);
    if (visitor) visitor.views += views;
    else visitors.set(visitorKey, { ...dims, visitor_id: row.visitorId, landing_path: row.path, views });
  }
  // Each table is written by one statement whatever the batch's size: the rows travel as one JSON parameter
  // (jsonb_to_recordset, whose record lists the columns in the insert's order), so neither the query builder nor
  // the database handles a parameter per value, which is what a batch of many distinct visitors used to cost
  // (docs/performance.md, visitor analytics).
  await db().transaction(async (tx) => {
    if (rows.length > 0) {
      const raw = rows.map((row) => ({
        at: row.at,
        day: row.day,
        visitor_id: row.visitorId,
        path: row.path,
        referrer_host: row.referrerHost ?? null,
        utm_source: row.utmSource ?? null,
        utm_medium: row.utmMedium ?? null,
        utm_campaign: row.utmCampaign ?? null,
        device: row.device,
        views: row.views ?? 1,
      }));
      await tx.execute(sql`
        insert into ${analyticsPageViews} (at, day, visitor_id, path, referrer_host, utm_source, utm_medium,
          utm_campaign, device, views)
        select * from jsonb_to_recordset(${JSON.stringify(raw)}::jsonb) as r(at timestamptz, day date,
          visitor_id text, path text, referrer_host text, utm_source text, utm_medium text, utm_campaign text,
          device text, views int)`);
      await tx.execute(sql`
        insert into ${analyticsDailyViews} (day, path, source, medium, campaign, referrer_host, device, views)
        select * from jsonb_to_recordset(${JSON.stringify([...daily.values()])}::jsonb) as r(day date, path text,
          source text, medium text, campaign text, referrer_host text, device text, views int)
        on conflict (day, path, source, medium, campaign, referrer_host, device)
          do update set views = ${analyticsDailyViews}.views + excluded.views`);
      await tx.execute(sql`
        insert into ${analyticsDailyVisitors} (day, visitor_id, landing_path, source, medium, campaign,
          referrer_host, device, views)
        select * from jsonb_to_recordset(${JSON.stringify([...visitors.values()])}::jsonb) as r(day date,
          visitor_id text, landing_path text, source text, medium text, campaign text, referrer_host text,
          device text, views int)
        on conflict (day, visitor_id) do update set views = ${analyticsDailyVisitors}.views + excluded.views`);
    }
    for (const [slug, n] of academy) {
      await tx
        .update(academyContent)
        .set({ viewCount: sql`${academyContent.viewCount} + ${n}` })
        .where(and(eq(academyContent.slug, slug), publishedIn(academyContent)));
    }
  });
}

/** Deletes raw views older than the retention setting and the salts of past days; returns how many rows went. */
export async function pruneAnalytics(now = new Date()): Promise<{ views: number; salts: number }> {
  const cutoff = new Date(now.getTime() - env().analyticsRetentionDays * 24 * 60 * 60 * 1000);
  const views = await db()
    .delete(analyticsPageViews)
    .where(lt(analyticsPageViews.at, cutoff))
    .returning({ id: analyticsPageViews.id });
  const gone = await db()
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, utcDay(now)))
    .returning({ day: analyticsSalts.day });
  for (const { day } of gone) salts.delete(day);
  return { views: views.length, salts: gone.length };
}

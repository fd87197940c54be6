// The batched writer behind first-party analytics (docs/decisions/015-analytics.md). The HTTP layer hands it raw
// hits (recordPageView, countAcademyView), which cost an array push; every second, and at shut-down, flush() turns
// them into rows in one transaction: raw page views, the daily roll-ups and the academy view counts. A crash loses
// at most the hits of the last second. The client's address lives only in this buffer, never in the database.
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
import { isDatabaseUnavailable } from "~/db/sql-helpers.server";
import { env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { clientKey } from "~/lib/request-context.server";
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

const FLUSH_INTERVAL_MS = 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Past this many waiting hits (the database has been down a while) new ones are dropped, not queued. */
const MAX_BUFFERED = 50_000;
const MAX_TEXT = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

let hits: PageHit[] = [];
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
  if (hits.length < MAX_BUFFERED) hits.push(hit);
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

const clip = (value: string | null | undefined) => (value?.trim() ? value.trim().slice(0, MAX_TEXT) : null);

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/** The fields of a hit we keep: no address, no user agent, no query string beyond the UTM parameters. */
export function parseHit(hit: PageHit): ParsedView {
  const url = new URL(hit.url, "http://localhost");
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
  academyViews = new Map();
  if (batch.length === 0 && academy.size === 0) return { views: 0, academyViews: 0 };
  try {
    const rows = new Map<string, ViewRow>();
    for (const [hit, count] of distinct(batch)) {
      if (!hit.userAgent || isbot(hit.userAgent)) continue;
      const view = parseHit(hit);
      const id = visitorId(await saltOf(view.day), hit.ip, hit.userAgent);
      // Repeated views of a page by one visitor within the batch become one row: a busy second costs a few rows.
      const key = `${id}\u0000${Object.values(view).join("\u0000")}`;
      const row = rows.get(key);
      if (row) row.views = (row.views ?? 1) + count;
      else rows.set(key, { ...view, at: hit.at, visitorId: id, views: count });
    }
    const viewRows = [...rows.values()];
    await writeBatch(viewRows, academy);
    if (academy.size > 0) for (const listener of flushedListeners) listener([...academy.keys()]);
    const views = viewRows.reduce((n, row) => n + (row.views ?? 1), 0);
    return { views, academyViews: [...academy.values()].reduce((a, b) => a + b, 0) };
  } catch (error) {
    // Only an outage is worth retrying; a batch the database refuses for another reason would be refused forever.
    const retry = isDatabaseUnavailable(error);
    logger.warn({ err: error, hits: batch.length, retry }, "analytics flush failed");
    if (retry) {
      hits = [...batch, ...hits].slice(0, MAX_BUFFERED);
      for (const [slug, n] of academy) academyViews.set(slug, (academyViews.get(slug) ?? 0) + n);
    }
    throw error;
  }
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

let flushTimer: NodeJS.Timeout | undefined;
let pruneTimer: NodeJS.Timeout | undefined;

const quietly = (job: () => Promise<unknown>, what: string) => () =>
  job().catch((error) => logger.warn({ err: error }, `analytics ${what} failed`));

/** Flushes every second and prunes every hour (once now); the timers never keep the process alive. */
export function startAnalytics(): Promise<void> {
  stopTimers();
  flushTimer = setInterval(quietly(flushAnalytics, "flush"), FLUSH_INTERVAL_MS);
  flushTimer.unref();
  pruneTimer = setInterval(quietly(pruneAnalytics, "pruning"), PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  return quietly(pruneAnalytics, "pruning")().then(() => undefined);
}

function stopTimers(): void {
  if (flushTimer) clearInterval(flushTimer);
  if (pruneTimer) clearInterval(pruneTimer);
  flushTimer = pruneTimer = undefined;
}

/** At shut-down: stops the timers and writes what is still buffered. */
export async function stopAnalytics(): Promise<void> {
  stopTimers();
  await quietly(flushAnalytics, "final flush")();
}

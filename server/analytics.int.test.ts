// Visitor analytics against hostile text, through the real Express middleware and beacon route: UTM values with NUL,
// lone surrogates or an emoji at the 300-character cut, and request targets that are no URL, never fail a flush nor
// cost another visitor's page view. A batch the database still refuses loses only the row it refuses; the buffer is
// bounded in bytes.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { analyticsDailyViews, analyticsDailyVisitors, analyticsPageViews, analyticsSalts } from "~/db/schema";
import { env } from "~/env.server";
import {
  bufferedHits,
  flushAnalytics,
  hitBytes,
  MAX_BUFFERED_BYTES,
  recordPageView,
} from "~/models/analytics-collector.server";
import { hostileText } from "../tests/support/hostile-text";
import { setupTestDatabase } from "../tests/support/test-db";
import { collectPageViews, pageViewBeacon } from "./analytics";

setupTestDatabase();

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let base = { host: "127.0.0.1", port: 0 };
let close = () => Promise.resolve();
const savedFactor = env().rateLimitFactor;

beforeAll(async () => {
  env().rateLimitFactor = 0;
  const app = express();
  app.use(collectPageViews());
  app.post("/api/event", pageViewBeacon);
  app.use((_req, res) => {
    res.type("html").send("<p>ok</p>");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = { host: "127.0.0.1", port: (server.address() as AddressInfo).port };
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  env().rateLimitFactor = savedFactor;
  await close();
});
beforeEach(async () => {
  await flushAnalytics().catch(() => {});
  for (const table of [analyticsPageViews, analyticsDailyViews, analyticsDailyVisitors, analyticsSalts]) {
    await db().delete(table);
  }
});

/** Percent-encodes the UTF-8 bytes of any string (a lone surrogate goes as U+FFFD, as a browser sends it). */
const pct = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

/** One raw HTTP request (the target sent as given); resolves with the status once the answer has ended. */
function send(method: string, target: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ ...base, method, path: target, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Waits for the answers' "finish" handlers, which record the hits, to have run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

async function storedViews(path: string): Promise<number> {
  const [row] = await db()
    .select({ views: sql<number>`coalesce(sum(${analyticsDailyViews.views}), 0)::int` })
    .from(analyticsDailyViews)
    .where(sql`${analyticsDailyViews.path} = ${path}`);
  return Number(row?.views ?? 0);
}

describe("hostile text in page views", () => {
  it("GET collection and the beacon: every flush succeeds and every view is counted, a neighbour's too", async () => {
    // At most four pieces: percent-encoded three times over, the request head stays within Node's 16 KB.
    const hostile = hostileText([300], 4);
    await fc.assert(
      fc.asyncProperty(hostile, hostile, hostile, async (source, medium, campaign) => {
        const query = `utm_source=${pct(source)}&utm_medium=${pct(medium)}&utm_campaign=${pct(campaign)}`;
        const statuses = await Promise.all([
          send("GET", `/?${query}`, { "user-agent": CHROME }),
          send("POST", `/api/event?u=${encodeURIComponent(`/pricing?utm_campaign=${pct(campaign)}`)}`, {
            "user-agent": CHROME,
            "sec-fetch-site": "same-origin",
          }),
          send("GET", "/blog", { "user-agent": FIREFOX }),
        ]);
        expect(statuses).toEqual([200, 204, 200]);
        await settled();
        const before = await storedViews("/blog");
        const flushed = await flushAnalytics();
        expect(flushed.views).toBe(3);
        expect(await storedViews("/blog")).toBe(before + 1);
      }),
      { numRuns: 60 },
    );
  });

  it("a request target that is no URL counts as nothing and costs nobody else's view", async () => {
    expect(await send("GET", "//[", { "user-agent": CHROME })).toBe(200);
    expect(await send("GET", "/blog", { "user-agent": FIREFOX })).toBe(200);
    await settled();
    expect((await flushAnalytics()).views).toBe(1);
    expect(await storedViews("/blog")).toBe(1);
  });
});

describe("a batch the database refuses", () => {
  it("loses only the refused row: the rest is written apart, and the next flush works as usual", async () => {
    // A stand-in for any value the database might still refuse: a trigger that rejects one path.
    await db().execute(sql`
      create or replace function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.path = '/poison' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await db().execute(sql`
      create trigger refuse_poison before insert on analytics_page_views
      for each row execute function refuse_poison()`);
    try {
      const at = new Date();
      for (let i = 0; i < 40; i++) {
        recordPageView({ at, url: `/p${i}`, host: "example.com", userAgent: CHROME, ip: `192.0.2.${i}` });
      }
      recordPageView({ at, url: "/poison", host: "example.com", userAgent: CHROME, ip: "192.0.2.200" });
      expect((await flushAnalytics()).views).toBe(40);
      for (let i = 0; i < 40; i++) expect(await storedViews(`/p${i}`)).toBe(1);
      expect(await storedViews("/poison")).toBe(0);
      recordPageView({ at, url: "/after", host: "example.com", userAgent: CHROME, ip: "192.0.2.1" });
      expect((await flushAnalytics()).views).toBe(1);
    } finally {
      await db().execute(sql`drop trigger refuse_poison on analytics_page_views`);
      await db().execute(sql`drop function refuse_poison()`);
    }
  });
});

describe("the buffer", () => {
  it("is bounded in bytes: long URLs fill it sooner than short ones, and a flush empties it", async () => {
    const at = new Date();
    const long = (i: number) => ({
      at,
      url: `/?utm_campaign=${"x".repeat(8000)}${i}`,
      host: "example.com",
      userAgent: CHROME,
      ip: `10.1.${Math.floor(i / 250)}.${i % 250}`,
    });
    const budgetInHits = Math.floor(MAX_BUFFERED_BYTES / hitBytes(long(0)));
    for (let i = 0; i < budgetInHits + 500; i++) recordPageView(long(i));
    const full = bufferedHits();
    expect(full.bytes).toBeLessThanOrEqual(MAX_BUFFERED_BYTES);
    // Sizes differ by a few digits from hit to hit: about the budget's worth, well short of all that came.
    expect(full.hits).toBeGreaterThan(budgetInHits * 0.99);
    expect(full.hits).toBeLessThan(budgetInHits * 1.01);
    // Full: another long hit waits for the next flush.
    recordPageView(long(99_999));
    expect(bufferedHits().hits).toBe(full.hits);
    expect((await flushAnalytics()).views).toBe(full.hits);
    expect(bufferedHits()).toEqual({ hits: 0, bytes: 0 });
    recordPageView({ at, url: "/", host: "example.com", userAgent: FIREFOX, ip: "10.9.9.9" });
    expect(bufferedHits().hits).toBe(1);
    await flushAnalytics();
  });
});

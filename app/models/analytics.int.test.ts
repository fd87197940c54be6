import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  academyContent,
  analyticsDailyViews,
  analyticsDailyVisitors,
  analyticsPageViews,
  analyticsSalts,
  contactRequests,
  formSubmissions,
  subscribers,
} from "~/db/schema";
import { parseAnalyticsQuery } from "~/lib/analytics-query";
import { setupTestDatabase } from "../../tests/support/test-db";
import { analyticsTotals, breakdown, dailyFigures, hasTraffic } from "./analytics.server";
import {
  countAcademyView,
  flushAnalytics,
  onAcademyViewsFlushed,
  type PageHit,
  pruneAnalytics,
  recordPageView,
} from "./analytics-collector.server";
import { analyticsCsv, analyticsReport } from "./analytics-report.server";
import { dashboardTraffic } from "./dashboard.server";

setupTestDatabase();

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DAY1 = "2026-03-10";
const DAY2 = "2026-03-11";

function hit(overrides: Partial<PageHit> = {}): PageHit {
  return {
    at: new Date(`${DAY1}T10:00:00Z`),
    url: "/",
    host: "example.com",
    userAgent: CHROME,
    ip: "203.0.113.7",
    ...overrides,
  };
}

beforeEach(async () => {
  for (const table of [analyticsPageViews, analyticsDailyViews, analyticsDailyVisitors, analyticsSalts]) {
    await db().delete(table);
  }
  for (const table of [contactRequests, subscribers, formSubmissions]) await db().delete(table);
});

const range = { from: DAY1, to: DAY2 };

describe("collecting page views", () => {
  it("stores the path, UTM parameters, external referrer host and device, never the address", async () => {
    recordPageView(
      hit({
        url: "/pricing/?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring&x=1",
        referrer: "https://www.news.example.org/article?id=3",
        userAgent: IPHONE,
      }),
    );
    recordPageView(hit({ url: "/blog", referrer: "https://www.example.com/", ip: "198.51.100.1" }));
    expect(await flushAnalytics()).toEqual({ views: 2, academyViews: 0 });
    const rows = await db().select().from(analyticsPageViews).orderBy(analyticsPageViews.path);
    expect(rows.map(({ id, at, visitorId, ...rest }) => rest)).toEqual([
      {
        day: DAY1,
        path: "/blog",
        referrerHost: null, // our own host is not a source
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        device: "desktop",
        views: 1,
      },
      {
        day: DAY1,
        path: "/pricing",
        referrerHost: "news.example.org",
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "Spring",
        device: "mobile",
        views: 1,
      },
    ]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("203.0.113.7");
    expect(stored).not.toContain("198.51.100.1");
    expect(await breakdown("referrer", range)).toEqual([
      { key: "news.example.org", views: 1, visitors: 1, leads: 0, conversionRate: 0 },
    ]);
    // Leads carry no device: unknown, not zero.
    expect(await breakdown("device", range)).toEqual([
      { key: "desktop", views: 1, visitors: 1, leads: null, conversionRate: null },
      { key: "mobile", views: 1, visitors: 1, leads: null, conversionRate: null },
    ]);
    expect(await analyticsTotals(range, { device: "mobile" })).toEqual({
      visitors: 1,
      views: 1,
      leads: null,
      conversionRate: null,
    });
    expect(await analyticsTotals(range, { referrer: "news.example.org" })).toMatchObject({ visitors: 1 });
  });

  it("counts one visitor per address and browser per day; the same visitor on two days is two", async () => {
    recordPageView(hit({ url: "/" }));
    recordPageView(hit({ url: "/pricing" }));
    recordPageView(hit({ url: "/", userAgent: IPHONE })); // another browser at the same address
    recordPageView(hit({ url: "/", ip: "2001:db8:1:2::5" }));
    recordPageView(hit({ url: "/blog", ip: "2001:db8:1:2::99" })); // same /64: the same visitor
    recordPageView(hit({ url: "/", at: new Date(`${DAY2}T09:00:00Z`) }));
    await flushAnalytics();
    expect(await dailyFigures(range)).toEqual([
      { day: DAY1, visitors: 3, views: 5, leads: 0 },
      { day: DAY2, visitors: 1, views: 1, leads: 0 },
    ]);
    // Over both days the person who came back is two daily visitors.
    expect(await analyticsTotals(range)).toMatchObject({ visitors: 4, views: 6 });
    const ids = await db().select().from(analyticsDailyVisitors);
    // The same address and browser hash differently on the two days (each day has its own salt).
    const day2 = ids.filter((r) => r.day === DAY2).map((r) => r.visitorId);
    expect(day2).toHaveLength(1);
    expect(ids.filter((r) => r.day === DAY1).map((r) => r.visitorId)).not.toContain(day2[0]);
    expect((await db().select().from(analyticsSalts)).map((s) => s.day)).toContain(DAY2);
  });

  it("keeps a visitor's first page of the day as their landing page across batches", async () => {
    recordPageView(hit({ url: "/pricing?utm_source=ads" }));
    await flushAnalytics();
    recordPageView(hit({ url: "/contact", at: new Date(`${DAY1}T11:00:00Z`) }));
    await flushAnalytics();
    const [visitor] = await db().select().from(analyticsDailyVisitors);
    expect(visitor).toMatchObject({ landingPath: "/pricing", source: "ads", views: 2 });
    expect(await breakdown("path", range)).toEqual([
      { key: "/pricing", views: 1, visitors: 1, leads: 0, conversionRate: 0 },
      { key: "/contact", views: 1, visitors: 0, leads: 0, conversionRate: 0 },
    ]);
  });

  it("excludes bots and hits without a user agent", async () => {
    recordPageView(hit({ userAgent: GOOGLEBOT }));
    recordPageView(hit({ userAgent: "" }));
    recordPageView(hit({ userAgent: "curl/8.5.0" }));
    recordPageView(hit());
    expect((await flushAnalytics()).views).toBe(1);
    expect(await analyticsTotals(range)).toEqual({ visitors: 1, views: 1, leads: 0, conversionRate: 0 });
  });

  it("writes a large batch in one go (5,000 views from 2,500 visitors)", async () => {
    for (let i = 0; i < 5000; i++) {
      recordPageView(hit({ url: `/p${i % 1200}`, ip: `10.0.${Math.floor(i / 250) % 10}.${i % 250}` }));
    }
    // Each visitor viewed two pages: no two views share a raw row, so 5,000 rows go in, in several statements.
    expect((await flushAnalytics()).views).toBe(5000);
    expect(await db().select({ id: analyticsPageViews.id }).from(analyticsPageViews)).toHaveLength(5000);
    expect(await analyticsTotals(range)).toMatchObject({ visitors: 2500, views: 5000 });
  });

  it("stores a visitor's repeated views of a page within one batch as one raw row", async () => {
    for (let i = 0; i < 3; i++)
      recordPageView(hit({ url: "/pricing", at: new Date(`${DAY1}T10:00:0${i}Z`) }));
    recordPageView(hit({ url: "/pricing?utm_source=ads" }));
    expect((await flushAnalytics()).views).toBe(4);
    const rows = await db().select().from(analyticsPageViews).orderBy(analyticsPageViews.views);
    expect(rows.map((r) => [r.utmSource, r.views, r.at.toISOString()])).toEqual([
      ["ads", 1, `${DAY1}T10:00:00.000Z`],
      [null, 3, `${DAY1}T10:00:00.000Z`],
    ]);
    expect(await analyticsTotals(range)).toMatchObject({ visitors: 1, views: 4 });
  });

  it("counts every hit whether it comes right after an identical one, between others, or on the next day", async () => {
    const late = new Date(`${DAY1}T23:59:59Z`);
    for (const at of [late, late, late]) recordPageView(hit({ url: "/blog", at }));
    recordPageView(hit({ url: "/contact" }));
    recordPageView(hit({ url: "/blog", at: late }));
    recordPageView(hit({ url: "/blog", at: new Date(`${DAY2}T00:00:01Z`) }));
    expect((await flushAnalytics()).views).toBe(6);
    const byDay = await db().select().from(analyticsDailyViews).orderBy(analyticsDailyViews.day);
    expect(byDay.map((r) => [r.day, r.path, r.views])).toEqual(
      expect.arrayContaining([
        [DAY1, "/blog", 4],
        [DAY1, "/contact", 1],
        [DAY2, "/blog", 1],
      ]),
    );
  });

  it("adds batches to the daily roll-ups", async () => {
    for (let i = 0; i < 3; i++) recordPageView(hit({ url: "/blog", ip: `192.0.2.${i}` }));
    await flushAnalytics();
    recordPageView(hit({ url: "/blog", ip: "192.0.2.200" }));
    await flushAnalytics();
    const rows = await db().select().from(analyticsDailyViews);
    expect(rows).toEqual([
      {
        day: DAY1,
        path: "/blog",
        source: "",
        medium: "",
        campaign: "",
        referrerHost: "",
        device: "desktop",
        views: 4,
      },
    ]);
  });
});

describe("retention", () => {
  it("deletes raw views past the retention (default 90 days) and past days' salts, keeping the roll-ups", async () => {
    const now = new Date("2026-06-20T12:00:00Z");
    recordPageView(hit({ at: new Date("2026-03-01T12:00:00Z") })); // 111 days before
    recordPageView(hit({ at: new Date("2026-04-01T12:00:00Z") })); // 80 days before
    recordPageView(hit({ at: new Date("2026-06-20T08:00:00Z") })); // today
    await flushAnalytics();
    expect(await pruneAnalytics(now)).toEqual({ views: 1, salts: 2 });
    const left = await db().select({ day: analyticsPageViews.day }).from(analyticsPageViews);
    expect(left.map((r) => r.day).sort()).toEqual(["2026-04-01", "2026-06-20"]);
    expect((await db().select().from(analyticsSalts)).map((s) => s.day)).toEqual(["2026-06-20"]);
    const totals = await analyticsTotals({ from: "2026-03-01", to: "2026-06-20" });
    expect(totals).toMatchObject({ visitors: 3, views: 3 });
  });
});

describe("conversions", () => {
  it("joins visitors and leads by source, campaign and landing page", async () => {
    recordPageView(hit({ url: "/?utm_source=newsletter&utm_campaign=spring", ip: "192.0.2.1" }));
    recordPageView(hit({ url: "/?utm_source=newsletter&utm_campaign=spring", ip: "192.0.2.2" }));
    recordPageView(hit({ url: "/pricing", referrer: "https://www.google.com/", ip: "192.0.2.3" }));
    recordPageView(hit({ url: "/pricing", ip: "192.0.2.4" }));
    await flushAnalytics();
    const at = new Date(`${DAY1}T12:00:00Z`);
    await db().insert(contactRequests).values({
      name: "A",
      email: "a@example.com",
      interest: "other",
      message: "hello",
      landingPage: "/?utm_source=Newsletter&utm_campaign=spring",
      utmSource: "Newsletter",
      utmCampaign: "spring",
      createdAt: at,
    });
    await db().insert(subscribers).values({
      email: "b@example.com",
      landingPage: "/pricing",
      referrer: "https://www.google.com/search?q=x",
      createdAt: at,
    });
    await db()
      .insert(formSubmissions)
      .values({ email: "c@example.com", subject: "x", landingPage: "/pricing/", createdAt: at });
    // Outside the range: not counted.
    await db()
      .insert(formSubmissions)
      .values({
        email: "d@example.com",
        subject: "x",
        landingPage: "/",
        createdAt: new Date("2026-04-01T00:00:00Z"),
      });

    expect(await analyticsTotals(range)).toEqual({ visitors: 4, views: 4, leads: 3, conversionRate: 0.75 });
    expect(await breakdown("source", range)).toEqual([
      { key: "newsletter", views: 2, visitors: 2, leads: 1, conversionRate: 0.5 },
      { key: "", views: 1, visitors: 1, leads: 1, conversionRate: 1 },
      { key: "google.com", views: 1, visitors: 1, leads: 1, conversionRate: 1 },
    ]);
    expect(await breakdown("path", range)).toEqual([
      { key: "/pricing", views: 2, visitors: 2, leads: 2, conversionRate: 1 },
      { key: "/", views: 2, visitors: 2, leads: 1, conversionRate: 0.5 },
    ]);
    expect(await breakdown("campaign", range, { source: "newsletter" })).toEqual([
      { key: "spring", views: 2, visitors: 2, leads: 1, conversionRate: 0.5 },
    ]);
    // Referrers: the subscriber came from google.com like the third visitor; direct ("") is no referrer.
    expect(await breakdown("referrer", range)).toEqual([
      { key: "google.com", views: 1, visitors: 1, leads: 1, conversionRate: 1 },
    ]);
    expect(await analyticsTotals(range, { referrer: "google.com" })).toEqual({
      visitors: 1,
      views: 1,
      leads: 1,
      conversionRate: 1,
    });
    expect(await analyticsTotals(range, { path: "/pricing" })).toEqual({
      visitors: 2,
      views: 2,
      leads: 2,
      conversionRate: 1,
    });
    // A lead whose source sent no counted visitor still shows, with 0 visitors.
    await db().insert(formSubmissions).values({
      email: "e@example.com",
      subject: "x",
      landingPage: "/?utm_source=partner",
      utmSource: "Partner",
      createdAt: at,
    });
    expect((await breakdown("source", range)).at(-1)).toEqual({
      key: "partner",
      views: 0,
      visitors: 0,
      leads: 1,
      conversionRate: 0,
    });
    expect((await dailyFigures(range)).map((d) => d.leads)).toEqual([4, 0]);
  });
});

describe("academy view counts", () => {
  it("adds batched views to published items only and tells listeners which ones changed", async () => {
    const [item] = await db()
      .insert(academyContent)
      .values({
        title: "Batched",
        slug: "batched-views",
        category: "General",
        status: "published",
        publishedAt: new Date(),
      })
      .returning();
    await db()
      .insert(academyContent)
      .values({ title: "Draft", slug: "draft-views", category: "General", status: "draft" });
    const changed: string[][] = [];
    const off = onAcademyViewsFlushed((slugs) => changed.push(slugs));
    for (let i = 0; i < 5; i++) countAcademyView("batched-views");
    countAcademyView("draft-views");
    expect(await flushAnalytics()).toEqual({ views: 0, academyViews: 6 });
    off();
    const [after] = await db().select().from(academyContent).where(eq(academyContent.slug, "batched-views"));
    expect(after?.viewCount).toBe((item?.viewCount ?? 0) + 5);
    const [draft] = await db().select().from(academyContent).where(eq(academyContent.slug, "draft-views"));
    expect(draft?.viewCount).toBe(0);
    expect(changed).toEqual([["batched-views", "draft-views"]]);
  });
});

describe("the Analytics page's report and the dashboard's traffic", () => {
  it("gathers totals against the previous period, days and lists, and exports the same figures as CSV", async () => {
    expect(await hasTraffic()).toBe(false);
    // Previous period (DAY0): one visitor. This period (DAY1, DAY2): the same browser on both days, and a
    // phone from a newsletter that became a lead; a bot is not counted.
    const DAY0 = "2026-03-09";
    recordPageView(hit({ at: new Date(`${DAY0}T10:00:00Z`) }));
    recordPageView(hit({ url: "/pricing" }));
    recordPageView(hit({ url: "/pricing", at: new Date(`${DAY2}T08:00:00Z`) }));
    recordPageView(
      hit({ url: "/?utm_source=newsletter&utm_campaign=spring", userAgent: IPHONE, ip: "192.0.2.9" }),
    );
    recordPageView(hit({ url: "/", userAgent: GOOGLEBOT, ip: "192.0.2.10" }));
    await flushAnalytics();
    await db()
      .insert(subscribers)
      .values({
        email: "n@example.com",
        landingPage: "/?utm_source=newsletter&utm_campaign=spring",
        utmSource: "newsletter",
        utmCampaign: "spring",
        createdAt: new Date(`${DAY1}T10:05:00Z`),
      });
    expect(await hasTraffic()).toBe(true);

    const query = parseAnalyticsQuery(new URLSearchParams(`from=${DAY1}&to=${DAY2}`), DAY2);
    const report = await analyticsReport(query);
    expect(report.previous).toEqual({ from: "2026-03-08", to: DAY0 });
    expect(report.totals).toEqual({ visitors: 3, views: 3, leads: 1, conversionRate: 1 / 3 });
    expect(report.previousTotals).toEqual({ visitors: 1, views: 1, leads: 0, conversionRate: 0 });
    expect(report.daily.map((d) => [d.day, d.visitors, d.leads])).toEqual([
      [DAY1, 2, 1],
      [DAY2, 1, 0],
    ]);
    expect(report.pages.map((r) => [r.key, r.views, r.visitors, r.leads])).toEqual([
      ["/pricing", 2, 2, 0],
      ["/", 1, 1, 1],
    ]);
    expect(report.sources.map((r) => [r.key, r.visitors, r.leads])).toEqual([
      ["", 2, 0],
      ["newsletter", 1, 1],
    ]);
    expect(report.campaigns.map((r) => r.key)).toEqual(["", "spring"]);
    expect(report.referrers).toEqual([]);
    expect(report.devices.map((r) => [r.key, r.visitors, r.leads])).toEqual([
      ["desktop", 2, null],
      ["mobile", 1, null],
    ]);

    const csv = analyticsCsv(query, report).split("\r\n");
    expect(csv.slice(0, 5)).toEqual([
      "section,item,visitors,views,leads,conversion_rate",
      `period,${DAY1} to ${DAY2},3,3,1,0.3333`,
      `previous period,2026-03-08 to ${DAY0},1,1,0,0`,
      `day,${DAY1},2,2,1,0.5`,
      `day,${DAY2},1,1,0,0`,
    ]);
    expect(csv).toContain("source,Direct,2,2,0,0");
    expect(csv).toContain("campaign,spring,1,1,1,1");
    expect(csv).toContain("device,Mobile,1,1,,");

    // Filtered: the chip's filter is in the file, and leads are unknown (blank) for a device.
    const mobile = parseAnalyticsQuery(new URLSearchParams(`from=${DAY1}&to=${DAY2}&device=mobile`), DAY2);
    const filtered = analyticsCsv(mobile, await analyticsReport(mobile)).split("\r\n");
    expect(filtered.slice(1, 3)).toEqual(["filter,Device: Mobile,,,,", `period,${DAY1} to ${DAY2},1,1,,`]);
  });

  it("gives the dashboard the last 30 days of visitors, page views and leads, day by day", async () => {
    const now = new Date(`${DAY2}T12:00:00Z`);
    recordPageView(hit({ at: new Date("2026-02-09T10:00:00Z") })); // 31 days before DAY2: outside
    recordPageView(hit({ at: new Date("2026-02-10T10:00:00Z") })); // the first of the 30 days
    recordPageView(hit({ url: "/pricing" }));
    recordPageView(hit({ url: "/blog", at: new Date(`${DAY2}T09:00:00Z`) }));
    await flushAnalytics();
    await db().insert(subscribers).values({ email: "t@example.com", createdAt: now });
    const traffic = await dashboardTraffic(now);
    expect(traffic.range).toEqual({ from: "2026-02-10", to: DAY2 });
    expect(traffic).toMatchObject({ visitors: 3, views: 3, leads: 1 });
    expect(traffic.daily).toHaveLength(30);
    expect(traffic.daily[0]).toEqual({ day: "2026-02-10", visitors: 1, leads: 0 });
    expect(traffic.daily.slice(-2)).toEqual([
      { day: DAY1, visitors: 1, leads: 0 },
      { day: DAY2, visitors: 1, leads: 1 },
    ]);
  });
});

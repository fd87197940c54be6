// The route classes of /metrics: a bounded set decided from the method and the path the router matches (never the
// raw path as a label), and the counts read back by class and status.
import { describe, expect, it } from "vitest";
import { API, countRequest, PAGE_HIT, requestCounts, routeClassOf } from "./request-counts";

describe("routeClassOf", () => {
  it.each([
    ["GET", "/", false, "page"],
    ["GET", "/blog/some-post?utm_source=x", false, "page"],
    ["GET", "/pricing.data", false, "page"],
    ["GET", "/pricing", true, "page-hit"],
    ["GET", "/no-such-page", false, "page"],
    ["GET", "/assets/entry.client-abc123.js", false, "asset"],
    ["GET", "/favicon.ico", false, "asset"],
    ["GET", "/uploads/images/a.png", false, "asset"],
    ["GET", "/functions/v1/content-api/blog", false, "api"],
    ["POST", "/api/event?u=/", false, "api"],
    ["POST", "/api/leads", false, "lead-post"],
    ["POST", "/contact", false, "lead-post"],
    ["POST", "/CONTACT", false, "lead-post"],
    ["POST", "/%63ontact", false, "lead-post"],
    ["GET", "/contact", false, "page"],
    ["GET", "/admin/contacts", false, "admin"],
    ["GET", "/%61dmin/contacts", false, "admin"],
    ["POST", "/admin-auth", false, "admin"],
    ["GET", "/healthz", false, "other"],
    ["GET", "/healthz/ready", false, "other"],
    ["GET", "/metrics", false, "other"],
    ["DELETE", "/", false, "other"],
  ] as const)("%s %s (hit: %s) is %s", (method, url, hit, expected) => {
    expect(routeClassOf(method, url, hit)).toBe(expected);
  });
});

describe("countRequest", () => {
  it("counts by class and status, with any status outside 100-599 as 0", () => {
    const count = (routeClass: string, status: number) =>
      requestCounts().find((c) => c.routeClass === routeClass && c.status === status)?.count ?? 0;
    const hits = count("page-hit", 304);
    countRequest(PAGE_HIT, 304);
    countRequest(PAGE_HIT, 304);
    countRequest(API, 999);
    expect(count("page-hit", 304)).toBe(hits + 2);
    expect(count("api", 0)).toBeGreaterThanOrEqual(1);
    expect(count("api", 999)).toBe(0);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { acceptsGzip, cacheKey, isCacheableRequest, ROUTE_QUERY_PARAMETERS } from "./page-cache";

const get = (path: string, headers: Record<string, string> = {}) => ({ method: "GET", path, headers });

describe("isCacheableRequest", () => {
  it("caches anonymous GETs of public pages", () => {
    expect(isCacheableRequest(get("/pricing"))).toBe(true);
    expect(isCacheableRequest(get("/"))).toBe(true);
  });

  it("never caches the uncached areas, whatever the letter case (routing ignores it)", () => {
    for (const path of [
      "/admin",
      "/ADMIN",
      "/Admin/contacts",
      "/admin-auth/reset",
      "/Admin-Auth/Reset",
      "/API/leads",
      "/Functions/v1/content-api/openapi.json",
      "/UPLOADS/x.png",
      "/preview/blog/some-token",
      "/Preview/Academy/some-token",
      "/preview/page/some-token",
      "/HealthZ",
    ]) {
      expect(isCacheableRequest(get(path)), path).toBe(false);
    }
  });

  it("never caches requests with a session cookie or a key, nor .data requests", () => {
    expect(isCacheableRequest(get("/pricing", { cookie: "better-auth.session_token=x" }))).toBe(false);
    expect(isCacheableRequest(get("/pricing", { "x-api-key": "k" }))).toBe(false);
    expect(isCacheableRequest(get("/pricing.data"))).toBe(false);
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding as browsers and tools send it", () => {
    expect(acceptsGzip({ "accept-encoding": "gzip, deflate, br, zstd" })).toBe(true);
    expect(acceptsGzip({ "accept-encoding": "br;q=1.0, gzip;q=0.8, *;q=0.1" })).toBe(true);
    expect(acceptsGzip({ "accept-encoding": "gzip;q=0" })).toBe(false);
    expect(acceptsGzip({ "accept-encoding": "br, gzip;q=0.0" })).toBe(false);
    expect(acceptsGzip({ "accept-encoding": "br" })).toBe(false);
    expect(acceptsGzip({})).toBe(false);
  });
});

describe("cacheKey", () => {
  it("keeps only the query parameters the route reads, so tracking and unknown parameters share the page", () => {
    expect(cacheKey("/")).toBe("/");
    expect(cacheKey("/?x=1")).toBe("/");
    expect(cacheKey("/pricing?utm_source=news&utm_medium=mail&gclid=1&fbclid=2")).toBe("/pricing");
    expect(cacheKey("/academy?utm_source=a&difficulty=beginner&q=ai")).toBe(
      "/academy?q=ai&difficulty=beginner",
    );
    expect(cacheKey("/Academy/?category=Sales&x=1")).toBe("/Academy/?category=Sales");
    expect(cacheKey("/contact?lead=ok&utm_campaign=c")).toBe("/contact?lead=ok");
    expect(cacheKey("/academy/some-item?q=ai")).toBe("/academy/some-item");
  });

  it("lists every public route module that reads the query", () => {
    // A loader reading a parameter the key leaves out would render one visitor's parameter for everyone.
    const readers = new Map([
      ["app/routes/academy/index.tsx", "/academy"],
      ["app/routes/site/contact.tsx", "/contact"],
    ]);
    const found: string[] = [];
    for (const folder of ["site", "blog", "academy", "seo"]) {
      for (const file of readdirSync(`app/routes/${folder}`)) {
        const source = readFileSync(`app/routes/${folder}/${file}`, "utf8");
        if (!/\.test\./.test(file) && /searchParams|useSearchParams|url\.search\b/.test(source)) {
          found.push(`app/routes/${folder}/${file}`);
        }
      }
    }
    expect(found.sort()).toEqual([...readers.keys()].sort());
    for (const path of readers.values()) expect(ROUTE_QUERY_PARAMETERS[path]?.length).toBeGreaterThan(0);
  });
});

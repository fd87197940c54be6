import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  acceptsGzip,
  cacheKey,
  isCacheableRequest,
  ROUTE_QUERY_PARAMETERS,
  SITE_QUERY_PARAMETERS,
} from "./page-requests";

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
    expect(cacheKey("/pricing?utm_source=x&newsletter=ok")).toBe("/pricing?newsletter=ok");
    expect(cacheKey("/academy?newsletter=error&q=ai")).toBe("/academy?q=ai&newsletter=error");
  });

  it("lists every public route module and site component that reads the query", () => {
    // A render reading a parameter the key leaves out would show one visitor's parameter to everyone.
    const routes = new Map([
      ["app/routes/academy/index.tsx", "/academy"],
      ["app/routes/site/contact.tsx", "/contact"],
    ]);
    const siteWide = new Map([["app/components/site/newsletter-form.tsx", "newsletter"]]);
    const readersIn = (folder: string) =>
      readdirSync(folder, { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file))
        .map((file) => `${folder}/${file}`)
        .filter((file) => /searchParams|useSearchParams/.test(readFileSync(file, "utf8")));
    const found = ["site", "blog", "academy", "seo"].flatMap((folder) => readersIn(`app/routes/${folder}`));
    expect(found.sort()).toEqual([...routes.keys()].sort());
    for (const path of routes.values()) expect(ROUTE_QUERY_PARAMETERS[path]?.length).toBeGreaterThan(0);
    const components = ["app/components/site", "app/blocks"].flatMap(readersIn);
    expect(components.sort()).toEqual([...siteWide.keys()].sort());
    for (const name of siteWide.values()) expect(SITE_QUERY_PARAMETERS).toContain(name);
  });
});

import { describe, expect, it } from "vitest";
import { acceptsGzip, isCacheableRequest } from "./page-cache";

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

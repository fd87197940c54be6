import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { isCountedPath, isPrefetch } from "./analytics";

describe("isCountedPath", () => {
  it("counts public pages", () => {
    for (const path of ["/", "/pricing", "/blog/some-post", "/academy/intro"])
      expect(isCountedPath(path)).toBe(true);
  });

  it("skips admin, API, auth, assets, uploads and files, whatever the letter case", () => {
    const skipped = [
      "/admin",
      "/ADMIN/blog",
      "/api/leads",
      "/auth/sign-in",
      "/preview/blog/some-token",
      "/assets/x.js",
      "/uploads/a.png",
    ];
    for (const path of [...skipped, "/robots.txt", "/sitemap.xml", "/academy/intro.data", "/favicon.svg"]) {
      expect(isCountedPath(path)).toBe(false);
    }
  });
});

describe("isPrefetch", () => {
  const req = (headers: Record<string, string>) =>
    ({ get: (name: string) => headers[name.toLowerCase()] }) as unknown as Pick<Request, "get">;
  it("recognises Sec-Purpose and Purpose prefetches", () => {
    expect(isPrefetch(req({ "sec-purpose": "prefetch" }))).toBe(true);
    expect(isPrefetch(req({ purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(req({ "sec-purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(req({}))).toBe(false);
  });
});

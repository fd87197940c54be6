import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { isCacheableRequest, joinWithNonce, splitOnNonce } from "./page-cache";

const get = (path: string, headers: Record<string, string> = {}) =>
  ({ method: "GET", path, headers }) as unknown as Request;

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

describe("nonce substitution", () => {
  const nonce = "bm9uY2Utb2YtcmVxdWVzdC0x";
  const page = `<script nonce="${nonce}">a</script><p>x</p><script nonce="${nonce}"></script>{"nonce":"${nonce}"}`;

  it("cuts a page at every occurrence of its nonce and joins it with another", () => {
    const pieces = splitOnNonce(Buffer.from(page), nonce);
    expect(pieces).toHaveLength(4);
    expect(joinWithNonce(pieces, nonce).toString()).toBe(page);
    expect(joinWithNonce(pieces, "FRESH").toString()).toBe(page.split(nonce).join("FRESH"));
  });

  it("keeps a page without the nonce (or without a nonce) whole", () => {
    expect(joinWithNonce(splitOnNonce(Buffer.from("<p>plain</p>"), nonce), "FRESH").toString()).toBe(
      "<p>plain</p>",
    );
    expect(splitOnNonce(Buffer.from(page), "")).toHaveLength(1);
  });
});

// Answers from memory (ADR 020, 041): a cache hit, answered before Express, is the rendered page's bytes with
// everything the render carried (security headers, the CSP naming its scripts by hash, gzip and brotli when asked
// for, HEAD and 304); an academy item is a cache hit too, and its view count is exact once the views are written
// and its copy is rendered again (at most every five seconds);
// content API reads answered from memory show a publish on the next request, and the per-key limit still holds.
// (Two instances on one PostgreSQL: tests/system/cache-coherence.system.test.ts.)
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoAcademyItems } from "../../app/db/seed-content";
import { freePort } from "../../scripts/free-port.ts";
import {
  adminCookie,
  createContentKey,
  type ServerProcess,
  startServer,
  stopServer,
} from "../e2e/support/server-process";

const API_LIMIT = 20;
const item = demoAcademyItems.find((i) => i.status === "published");

/** A GET or HEAD as sent on the wire (fetch would decompress and add headers of its own). */
function raw(base: string, path: string, method = "GET", headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const viewsShown = (html: string) =>
  Number(
    (/data-testid="view-count"[^>]*>([\s\S]*?)<\/dd>/.exec(html)?.[1] ?? "")
      .replace(/<[^>]*>/g, "")
      .replace(/[^\d]/g, ""),
  );

let server: ServerProcess;
let dataDir: string;

describe("answers from memory", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-memory-"));
    server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      RATE_LIMIT_FACTOR: "1",
      CONTENT_API_RATE_LIMIT: String(API_LIMIT),
    });
  });

  afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("a cache hit is the rendered page's bytes and headers, plain, gzip or brotli, HEAD and 304", async () => {
    const { base } = server;
    const miss = await raw(base, "/pricing");
    const hit = await raw(base, "/pricing");
    expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
    for (const name of [
      "x-content-type-options",
      "referrer-policy",
      "x-frame-options",
      "permissions-policy",
      "cross-origin-opener-policy",
      "x-xss-protection",
      "content-type",
      "cache-control",
      "content-security-policy",
    ]) {
      expect(hit.headers[name], name).toBe(miss.headers[name]);
    }
    expect(hit.headers.vary).toMatch(/accept-encoding/i);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(Number(hit.headers["content-length"])).toBe(hit.body.length);

    // The compressed forms are made once, off the request, from the first hit on.
    await expect
      .poll(
        async () =>
          (await raw(base, "/pricing", "GET", { "accept-encoding": "br" })).headers["content-encoding"],
        { timeout: 15_000, interval: 200 },
      )
      .toBe("br");
    const zipped = await raw(base, "/pricing", "GET", { "accept-encoding": "gzip, deflate" });
    const brotli = await raw(base, "/pricing", "GET", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect([zipped.headers["content-encoding"], brotli.headers["content-encoding"]]).toEqual(["gzip", "br"]);
    expect(gunzipSync(zipped.body).equals(miss.body)).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(miss.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(hit.body.length / 3);
    expect(brotli.body.length).toBeLessThan(zipped.body.length);

    const head = await raw(base, "/pricing", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(Number(head.headers["content-length"])).toBe(hit.body.length);
    expect(head.body.length).toBe(0);

    for (const etag of [hit.headers.etag, zipped.headers.etag, brotli.headers.etag]) {
      const revalidated = await raw(base, "/pricing", "GET", { "if-none-match": String(etag) });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers["x-cache"]).toBe("HIT");
      expect(revalidated.headers["x-frame-options"]).toBe("DENY");
      expect(revalidated.body.length).toBe(0);
    }
  });

  test("an academy item is a cache hit that still counts every view, exactly", async () => {
    expect(item, "a published demo academy item").toBeDefined();
    const url = `${server.base}/academy/${item?.slug}`;
    // A prefetch reads the page without counting a view.
    const shown = async () =>
      viewsShown(await (await fetch(url, { headers: { "Sec-Purpose": "prefetch" } })).text());
    const before = await shown();
    await fetch(url);
    // Once that view is written the page is rendered again with it (when its copy is 5 s old); nothing else is
    // waiting to be written.
    await expect.poll(shown, { timeout: 15_000, interval: 250 }).toBe(before + 1);
    const again = await fetch(url);
    expect(again.headers.get("x-cache"), "the second load comes from the cache").toBe("HIT");
    expect(viewsShown(await again.text())).toBe(before + 1);
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push((await fetch(url)).headers.get("x-cache"));
    expect(answers).toContain("HIT");
    // 1 + 1 + 25 loads: exact once the last batch is written.
    await expect.poll(shown, { timeout: 15_000, interval: 250 }).toBe(before + 27);
  });

  test("content API reads from memory show a publish at once, and the per-key limit holds", async () => {
    const { base } = server;
    const cookie = await adminCookie(base);
    const key = await createContentKey(base, cookie, "memory reads");
    const api = (query: string, apiKey = key) =>
      fetch(`${base}/functions/v1/content-api/blog${query}`, { headers: { "x-api-key": apiKey } });
    const tag = Date.now().toString(36);
    const slug = `memory-probe-${tag}`;
    // Both reads answered twice (the second time from memory) before the publish.
    for (let i = 0; i < 2; i++) {
      expect((await api(`?slug=${slug}`)).status).toBe(404);
      expect(JSON.stringify(await (await api("?limit=50")).json())).not.toContain(slug);
    }
    const created = await fetch(`${base}/functions/v1/content-api/blog`, {
      method: "POST",
      headers: { "x-api-key": key, "Content-Type": "application/json" },
      body: JSON.stringify({
        title: `Memory probe ${tag}`,
        slug,
        description: "Published to prove API reads from memory follow writes.",
        category: "Engineering",
        status: "published",
      }),
    });
    expect(created.status).toBe(201);
    // The item's version is its ETag, the same on the route's answer and on the copy answered from memory.
    const etag = created.headers.get("etag");
    expect(etag).toMatch(/^"\d{4}-\d\d-\d\dT[\d:.]+Z"$/);
    const bySlug = await api(`?slug=${slug}`);
    expect(bySlug.status).toBe(200);
    expect((await bySlug.json()).data.slug).toBe(slug);
    expect(bySlug.headers.get("etag")).toBe(etag);
    for (let i = 0; i < 5; i++) expect((await api(`?slug=${slug}`)).headers.get("etag")).toBe(etag);
    expect(JSON.stringify(await (await api("?limit=50")).json())).toContain(slug);

    // A fresh key: exactly the limit passes on one instance, then 429 with Retry-After.
    const limited = await createContentKey(base, cookie, "memory limit");
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < API_LIMIT + 5; i++) {
      const answer = await api("?limit=1", limited);
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter ??= answer.headers.get("retry-after");
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_LIMIT);
    expect(statuses.slice(API_LIMIT)).toEqual(Array(5).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

// The page cache in front of a small Express app, through both ways in (the fast path before Express and the
// middleware), on a real database for the content version: it stays within its byte budget (compressed copies
// included), makes room by least recent use, keys pages on the query parameters their route reads only, checks the
// uncached prefixes on the path the router matches (so an upload reached as "/%75ploads/…" is never cached), and
// answers every visitor the same bytes: plain, gzip or brotli, with a strong ETag and 304, and with the headers the
// page was rendered with (an embedded form's page, sent without X-Frame-Options, is replayed without it). A page marked outdated
// (a view count changed) is rendered again, once old enough, by one request while the others get the previous copy.
import { randomBytes } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { followVersions, stopFollowingVersions } from "~/infra/content-version.server";
import { matchedPath } from "~/lib/routed-path";
import { setupTestDatabase } from "../tests/support/test-db";
import {
  pageCache,
  pageCacheUsage,
  REFRESH_AFTER_MS,
  refreshCachedPages,
  serveCachedPage,
} from "./page-cache";
import { SECURITY_HEADERS, securityHeaders } from "./security-headers";

const BUDGET_MB = 4;
vi.hoisted(() => {
  process.env.PAGE_CACHE_MB = "4";
});

setupTestDatabase();
const SANDBOX = "default-src 'none'; sandbox";
/** Pages of about 200 KB that do not compress to nothing (hex of random bytes). */
const bodies = new Map<string, string>();
const bodyFor = (path: string) => {
  if (path === "/flood-home") return "<h1>Home</h1>";
  let body = bodies.get(path);
  if (!body) {
    body = randomBytes(100 * 1024).toString("hex");
    bodies.set(path, body);
  }
  return body;
};

/** What each render saw of its URL, by path: the page cache narrows the query to what the route reads. */
const rendered = new Map<string, string[]>();

const app = express();
app.use(securityHeaders(() => false));
app.use((_req, res, next) => {
  res.set("Content-Security-Policy", "script-src 'self' 'sha256-x' 'strict-dynamic'");
  next();
});
app.use(pageCache());
/** Renders of "/counted" so far, each shown on the page; a render waits for `holdCounted` before it answers. */
let countedRenders = 0;
let holdCounted = Promise.resolve();
app.use("/counted", async (_req, res) => {
  const n = ++countedRenders;
  await holdCounted;
  res.type("text/html").send(`<p>${n} views</p>`);
});
app.use((req, res) => {
  const path = matchedPath(req.path);
  rendered.set(path, [...(rendered.get(path) ?? []), req.url]);
  if (path.startsWith("/uploads/")) {
    // As React Router sends a file's answer: its own CSP appended to the page policy.
    res.append("Content-Security-Policy", SANDBOX);
    res.type("text/html").send("<script>alert(document.domain)</script>");
    return;
  }
  if (path === "/two-csp") res.append("Content-Security-Policy", "frame-ancestors 'none'");
  // As an embedded form's page is sent: framed by the sites its CSP names, so no X-Frame-Options.
  if (path === "/framed") res.removeHeader("X-Frame-Options");
  res.append("Link", "</a.css>; rel=preload; as=style");
  res.append("Link", "</b.js>; rel=modulepreload");
  res.type("text/html").send(`<script>1</script>${bodyFor(path)}`);
});

let server: http.Server;
let port = 0;
beforeAll(async () => {
  await followVersions();
  server = http.createServer((req, res) => {
    if (!serveCachedPage(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
  await stopFollowingVersions();
});

/** A raw GET: the path is sent exactly as written (no normalisation), headers as received (repeats kept). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; raw: string[]; body: string }>(
    (resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            raw: res.rawHeaders,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

/** A raw GET whose body is kept as bytes (a compressed answer). */
function getBytes(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The values of a header, once per time it was sent. */
const values = (raw: string[], name: string) => {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === name) out.push(raw[i + 1] as string);
  return out;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("page cache: byte budget and least recent use", () => {
  it("stays within its byte budget, compressed copies included, however many distinct pages are asked for", async () => {
    for (let i = 0; i < 60; i++) {
      const first = await get(`/flood-${i}`, { "accept-encoding": "gzip" });
      expect(first.status).toBe(200);
      await get(`/flood-${i}`); // the first hit has the compressed copies made
      if (i % 10 === 0) await settle(); // let the compressed copies be made and counted
    }
    await settle();
    const usage = pageCacheUsage();
    expect(usage.bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
    // 60 pages of ~200 KB plus their compressed copies would be ~25 MB: most of them made room.
    expect(usage.entries).toBeGreaterThan(5);
    expect(usage.entries).toBeLessThan(60);
  });

  it("makes room with the least recently used pages: a page in use stays", async () => {
    expect((await get("/hot")).headers["x-cache"]).toBe("MISS");
    for (let i = 0; i < 40; i++) {
      await get(`/cold-${i}`);
      expect((await get("/hot")).headers["x-cache"], `after cold page ${i}`).toBe("HIT");
    }
    expect((await get("/cold-0")).headers["x-cache"]).toBe("MISS");
  });
});

describe("page cache: what is never cached, and what a hit keeps", () => {
  it("checks the uncached prefixes on the path the router matches", () => {
    for (const path of [
      "/%75ploads/x.html",
      "/%55PLOADS/x.html",
      "//uploads/x.html",
      "/\\uploads/x.html",
      "/blog/../uploads/x.html",
      "/blog/%2e%2e/uploads/x.html",
      "/%61dmin",
      "/%2561dmin-is-not-admin",
    ]) {
      const uncached = !matchedPath(path).startsWith("/uploads/") && !matchedPath(path).startsWith("/admin");
      expect(uncached, `${path} → ${matchedPath(path)}`).toBe(path === "/%2561dmin-is-not-admin");
    }
    expect(matchedPath("/Pricing")).toBe("/pricing");
  });

  it("never caches an upload's answer, whatever path it came by, so it never loses its sandbox CSP", async () => {
    for (const [i, path] of [
      "/%75ploads/a.html",
      "//uploads/b.html",
      "/blog/%2e%2e/uploads/c.html",
    ].entries()) {
      for (let n = 0; n < 3; n++) {
        const answer = await get(`${path}?${i}`);
        expect(answer.status).toBe(200);
        expect(answer.headers["x-cache"], path).not.toBe("HIT");
        expect(values(answer.raw, "content-security-policy"), path).toContain(SANDBOX);
      }
    }
  });

  it("a hit replays every header the page was rendered with, a repeated one as often (two CSPs stay two)", async () => {
    const miss = await get("/two-csp");
    const hit = await get("/two-csp");
    expect(hit.headers["x-cache"]).toBe("HIT");
    for (const answer of [miss, hit]) {
      const csp = values(answer.raw, "content-security-policy");
      expect(csp).toHaveLength(2);
      expect(csp[1]).toBe("frame-ancestors 'none'");
      expect(values(answer.raw, "link")).toHaveLength(2);
    }
    expect(values(hit.raw, "x-cache")).toHaveLength(1);
  });

  it("an answer rendered without X-Frame-Options is replayed without it, before Express and through it", async () => {
    const miss = await get("/framed");
    const fast = await get("/framed");
    // A GET with a body length is never a hit of the fast path: the middleware answers it from the entry.
    const viaExpress = await get("/framed", { "content-length": "0" });
    for (const answer of [miss, fast, viaExpress]) expect(answer.headers["x-frame-options"]).toBeUndefined();
    expect([miss, fast, viaExpress].map((a) => a.headers["x-cache"])).toEqual(["MISS", "HIT", "HIT"]);
    // Every other page keeps refusing frames, on both ways in.
    await get("/not-framed");
    const bothWays: Record<string, string>[] = [{}, { "content-length": "0" }];
    for (const headers of bothWays)
      expect((await get("/not-framed", headers)).headers["x-frame-options"]).toBe("DENY");
  });

  it("a header added to the one security list is on the rendered answer and on the cache hit", async () => {
    SECURITY_HEADERS["X-Test-Added"] = "yes";
    try {
      const miss = await get("/added-header");
      const hit = await get("/added-header");
      expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
      expect(miss.headers["x-test-added"]).toBe("yes");
      expect(hit.headers["x-test-added"]).toBe("yes");
      expect(hit.headers["x-content-type-options"]).toBe("nosniff");
    } finally {
      delete SECURITY_HEADERS["X-Test-Added"];
    }
  });
});

describe("page cache: constant bytes", () => {
  it("gives two visitors the same bytes and headers; gzip and brotli decode to the page; 304 on a match", async () => {
    await get("/same");
    // The compressed copies are made off the request: until then a hit is plain.
    for (let wait = 0; wait < 100; wait++) {
      const probe = await get("/same", { "accept-encoding": "br" });
      if (probe.headers["content-encoding"] === "br") break;
      await settle();
    }
    const [one, two] = [await get("/same"), await get("/same")];
    const without = (raw: string[]) => raw.filter((_, i) => !/^date$/i.test(raw[i - (i % 2)] ?? ""));
    expect(one.headers["x-cache"]).toBe("HIT");
    expect(one.body).toBe(two.body);
    expect(without(one.raw)).toEqual(without(two.raw));
    expect(one.headers.etag).toMatch(/^"[\w-]+"$/);

    const zipped = await getBytes("/same", { "accept-encoding": "gzip" });
    const brotli = await getBytes("/same", { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gunzipSync(zipped.body).toString()).toBe(one.body);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(one.body);
    for (const answer of [zipped, brotli]) expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(new Set([one.headers.etag, zipped.headers.etag, brotli.headers.etag]).size).toBe(3);

    for (const answer of [one, zipped, brotli]) {
      const again = await get("/same", { "if-none-match": String(answer.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body).toBe("");
    }
    expect((await get("/same", { "if-none-match": '"other"' })).status).toBe(200);
  });
});

describe("page cache: the key is what the page depends on", () => {
  it("10,000 URLs with parameters no route reads leave one entry, served as a hit, and the render saw none of them", {
    timeout: 120_000,
  }, async () => {
    const before = pageCacheUsage().entries;
    expect((await get("/flood-home")).headers["x-cache"]).toBe("MISS");
    const misses: string[] = [];
    for (let n = 0; n < 10_000; n++) {
      const query = n % 3 === 0 ? `x=${n}` : n % 3 === 1 ? `utm_source=s${n}&gclid=${n}` : `fbclid=${n}`;
      const answer = await get(`/flood-home?${query}`);
      if (answer.headers["x-cache"] !== "HIT") misses.push(query);
    }
    expect(misses).toEqual([]);
    expect(pageCacheUsage().entries).toBeLessThanOrEqual(before + 1);
    expect(pageCacheUsage().bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
    expect(rendered.get("/flood-home")).toEqual(["/flood-home"]);
  });

  it("keeps the parameters the route reads (the academy's filters), in one order, and only those", async () => {
    await get("/academy?utm_source=news&category=Sales&q=deals");
    const hit = await get("/academy?q=deals&category=Sales&gclid=1");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect((await get("/academy?q=other")).headers["x-cache"]).toBe("MISS");
    expect(rendered.get("/academy")).toEqual(["/academy?q=deals&category=Sales", "/academy?q=other"]);
  });
});

describe("page cache: a figure changed without a content write", () => {
  it("renders an outdated page again once, answering the others from the previous copy meanwhile", async () => {
    expect((await get("/counted")).body).toBe("<p>1 views</p>");
    // Its second load is a hit and makes its compressed copies.
    expect((await get("/counted")).headers["x-cache"]).toBe("HIT");
    refreshCachedPages(["/COUNTED"]);
    // A copy younger than REFRESH_AFTER_MS still answers: no render yet.
    expect((await get("/counted")).headers["x-cache"]).toBe("HIT");
    expect(countedRenders).toBe(1);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + REFRESH_AFTER_MS });
    const held = Promise.withResolvers<void>();
    holdCounted = held.promise;
    // Its own connection: `get` shares one, which this request holds until the render is let go.
    const renderedAgain = getBytes("/counted").then((r) => ({ ...r, body: r.body.toString() }));
    await vi.waitFor(() => expect(countedRenders).toBe(2));
    // While that render is under way, every other request is answered from the copy it replaces.
    try {
      expect((await get("/counted")).body).toBe("<p>1 views</p>");
      const zipped = await getBytes("/counted", { "Accept-Encoding": "gzip" });
      expect([zipped.headers["x-cache"], zipped.headers["content-encoding"]]).toEqual(["HIT", "gzip"]);
      expect(gunzipSync(zipped.body).toString()).toBe("<p>1 views</p>");
    } finally {
      held.resolve();
    }
    const fresh = await renderedAgain;
    expect([fresh.headers["x-cache"], fresh.body]).toEqual(["MISS", "<p>2 views</p>"]);
    // The new copy is compressed at once (the page is read all the time) and nothing renders it again.
    await vi.waitFor(async () => {
      const zipped = await getBytes("/counted", { "Accept-Encoding": "gzip" });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(zipped.body).toString()).toBe("<p>2 views</p>");
    });
    expect(countedRenders).toBe(2);
    vi.useRealTimers();
  });

  it("answers the requests that arrive with the one that renders from the previous copy, without waiting", async () => {
    await vi.waitFor(async () => expect((await get("/counted")).headers["x-cache"]).toBe("HIT"));
    const before = countedRenders;
    refreshCachedPages(["/counted"]);
    // Well past the copy's age limit (the test before left a copy stored at a clock moved ahead).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3 * REFRESH_AFTER_MS });
    const held = Promise.withResolvers<void>();
    holdCounted = held.promise;
    try {
      // Sent together, each on its own connection: the first to arrive claims the render, which is held; the others
      // are answered at once, while it is held, from the copy it will replace.
      const settled: [string, string][] = [];
      const all = Array.from({ length: 5 }, () =>
        getBytes("/counted").then((r) => {
          settled.push([String(r.headers["x-cache"]), r.body.toString()]);
        }),
      );
      await vi.waitFor(() => expect(settled).toHaveLength(4));
      expect(settled).toEqual(Array(4).fill(["HIT", `<p>${before} views</p>`]));
      held.resolve();
      await Promise.all(all);
      expect(settled[4]).toEqual(["MISS", `<p>${before + 1} views</p>`]);
      expect(countedRenders).toBe(before + 1);
    } finally {
      held.resolve();
      vi.useRealTimers();
    }
  });
});

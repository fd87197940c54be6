// The page cache in front of a small Express app, through both ways in (the fast path before Express and the
// middleware), on a real database for the content version: it stays within its byte budget (gzip copies
// included), makes room by least recent use, checks the uncached prefixes on the path the router matches (so an
// upload reached as "/%75ploads/…" is never cached), and replays every header a page was rendered with.
import { randomBytes } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { followVersions, stopFollowingVersions } from "~/infra/content-version.server";
import { setupTestDatabase } from "../tests/support/test-db";
import { matchedPath, pageCache, pageCacheUsage, serveCachedPage } from "./page-cache";
import { freshNonce } from "./security-headers";

const BUDGET_MB = 4;
vi.hoisted(() => {
  process.env.PAGE_CACHE_MB = "4";
});

setupTestDatabase();
const SANDBOX = "default-src 'none'; sandbox";
/** Pages of about 200 KB that do not compress to nothing (hex of random bytes). */
const bodies = new Map<string, string>();
const bodyFor = (path: string) => {
  let body = bodies.get(path);
  if (!body) {
    body = randomBytes(100 * 1024).toString("hex");
    bodies.set(path, body);
  }
  return body;
};

const app = express();
app.use((_req, res, next) => {
  const nonce = freshNonce();
  res.locals.nonce = nonce;
  res.set("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
  next();
});
app.use(pageCache());
app.use((req, res) => {
  const path = matchedPath(req.path);
  const nonce = String(res.locals.nonce);
  if (path.startsWith("/uploads/")) {
    // As React Router sends a file's answer: its own CSP appended to the page policy.
    res.append("Content-Security-Policy", SANDBOX);
    res.type("text/html").send("<script>alert(document.domain)</script>");
    return;
  }
  if (path === "/two-csp") res.append("Content-Security-Policy", "frame-ancestors 'none'");
  res.append("Link", "</a.css>; rel=preload; as=style");
  res.append("Link", "</b.js>; rel=modulepreload");
  res.type("text/html").send(`<script nonce="${nonce}"></script>${bodyFor(path)}`);
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
  await new Promise((resolve) => server.close(resolve));
  await stopFollowingVersions();
});

/** A raw GET: the path is sent exactly as written (no normalisation), headers as received (repeats kept). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; raw: string[]; body: string }>(
    (resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path, headers }, (res) => {
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

/** The values of a header, once per time it was sent. */
const values = (raw: string[], name: string) => {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === name) out.push(raw[i + 1] as string);
  return out;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("page cache: byte budget and least recent use", () => {
  it("stays within its byte budget, gzip copies included, however many distinct URLs are asked for", async () => {
    for (let i = 0; i < 60; i++) {
      const first = await get(`/flood?${i}`, { "accept-encoding": "gzip" });
      expect(first.status).toBe(200);
      if (i % 10 === 0) await settle(); // let the gzip copies be made and counted
    }
    await settle();
    const usage = pageCacheUsage();
    expect(usage.bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
    // 60 pages of ~200 KB plus their gzip copies would be ~18 MB: most of them made room.
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
    const miss = await get("/two-csp?x=1");
    const hit = await get("/two-csp?x=1");
    expect(hit.headers["x-cache"]).toBe("HIT");
    for (const answer of [miss, hit]) {
      const csp = values(answer.raw, "content-security-policy");
      expect(csp).toHaveLength(2);
      expect(csp[1]).toBe("frame-ancestors 'none'");
      expect(values(answer.raw, "link")).toHaveLength(2);
    }
    // The hit's policy names its own fresh nonce, the one in its body.
    const nonce = /'nonce-([^']+)'/.exec(values(hit.raw, "content-security-policy")[0] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(hit.body).toContain(`nonce="${nonce}"`);
    expect(values(hit.raw, "x-cache")).toHaveLength(1);
  });
});

// A cache flood against a server of its own: 300 distinct URLs of a 1.5 MB upload (also spelled "/%75ploads/…",
// which the router reads as an upload), each asked three times, and 2,000 distinct URLs of the home page ("/?<n>").
// The page cache is bounded in bytes (ADR 028) and keyed on the query parameters a route reads (an unknown one
// makes no new entry), so the flood adds at most the cache budget plus a stated margin (192 MB) to the server's
// resident memory (VmRSS from /proc) as it was after a warm-up; and no upload answer is ever served without its
// sandbox CSP, whatever path it was asked for by. A cache that kept each upload answer would hold 900 copies of
// 1.5 MB (1.3 GB, seven times budget and margin); one keyed on the whole URL would render 2,000 home pages.
//
// The warm-up matters: rendering pages grows the process by itself (V8's heap and the database engine's
// WebAssembly memory and optimised code), so the baseline is taken after renders that the cache does not keep (a
// session cookie). The flood itself renders nothing when the cache works: the home page is one entry, an upload a
// file.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import { adminCookie, type ServerProcess, startServer, stopServer } from "../e2e/support/server-process";

const MB = 1024 * 1024;
/** The page cache budget this server runs with (the default). */
const CACHE_MB = 64;
/** Room for everything else a flood moves: render garbage not yet collected, the engine's growth, sockets. */
const MARGIN_MB = 128;
/** Distinct upload URLs (each asked three times) and distinct home page URLs. */
const UPLOAD_URLS = 300;
const PAGE_URLS = 2000;
const CONCURRENCY = 8;

/** The server process's resident memory in MB (VmRSS), or 0 once it is gone. */
function residentMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Runs `task` for 0 … count-1, `CONCURRENCY` at a time. */
async function pool(count: number, task: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

describe("cache flood", { timeout: 900_000 }, () => {
  let dataDir = "";
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-cache-flood-"));
    server = await startServer(await freePort(), { DATA_DIR: dataDir, SEED_DEMO: "true" });
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("300 URLs of a 1.5 MB upload and 2,000 of the home page keep the server in its memory budget; every upload answer keeps its sandbox CSP", async ({
    annotate,
  }) => {
    const { base, proc } = server as ServerProcess;
    const pid = proc.pid as number;
    const cookie = await adminCookie(base);

    // A 1.5 MB picture: noise does not compress, so a cached copy would cost its full size (twice, with gzip).
    const side = 720;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.byteLength).toBeGreaterThan(1.4 * MB);
    const form = new FormData();
    form.append("file", new Blob([png], { type: "image/png" }), "flood.png");
    const upload = await fetch(`${base}/api/uploads?bucket=images`, {
      method: "POST",
      headers: { Origin: base, cookie },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const url = (await upload.json()).url as string;
    expect(url).toMatch(/^\/uploads\/images\/.+\.png$/);
    const encoded = url.replace(/^\/uploads\//, "/%75ploads/");

    // Before the flood: every kind of answer, and renders the cache does not keep, then what the process holds.
    for (const warm of [url, encoded, "/", "/?warm"])
      expect((await fetch(`${base}${warm}`)).status).toBe(200);
    await pool(300, async (n) => {
      const page = await fetch(`${base}/?warm-${n}`, {
        headers: { cookie: "better-auth.session_token=none" },
      });
      await page.arrayBuffer();
      expect(page.headers.get("x-cache")).toBeNull();
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = residentMb(pid);
    const budget = before + CACHE_MB + MARGIN_MB;

    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(pid));
    }, 50);
    const unsandboxed: string[] = [];
    try {
      await pool(PAGE_URLS, async (n) => {
        // The encoded spelling twice: a cache that kept the first answer would serve the second from memory.
        const uploads = n < UPLOAD_URLS ? [`${url}?${n}`, `${encoded}?${n}`, `${encoded}?${n}`] : [];
        for (const target of uploads) {
          const answer = await fetch(`${base}${target}`, { headers: { "Accept-Encoding": "gzip" } });
          const body = await answer.arrayBuffer();
          expect(answer.status, target).toBe(200);
          expect(body.byteLength).toBe(png.byteLength);
          const csp = answer.headers.get("content-security-policy") ?? "";
          if (!/\bsandbox\b/.test(csp) || answer.headers.get("x-cache") === "HIT") unsandboxed.push(target);
        }
        const page = await fetch(`${base}/?${n}`, { headers: { "Accept-Encoding": "gzip" } });
        await page.arrayBuffer();
        expect(page.status).toBe(200);
      });
      peak = Math.max(peak, residentMb(pid));
    } finally {
      clearInterval(sampler);
    }
    await annotate(
      `VmRSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, budget ${budget.toFixed(0)} MB`,
      "memory",
    );
    expect(unsandboxed, "upload answers without their sandbox CSP, or served from the page cache").toEqual(
      [],
    );
    expect(peak, `peak VmRSS (before the flood: ${before.toFixed(0)} MB)`).toBeLessThanOrEqual(budget);
    // Still serving pages from its cache afterwards.
    await fetch(`${base}/?cached`);
    expect((await fetch(`${base}/?cached`)).headers.get("x-cache")).toBe("HIT");
  });
});

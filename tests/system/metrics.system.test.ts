// /metrics and /healthz/ready on production servers of their own (docs/decisions/052-metrics-and-readiness.md):
// with METRICS_TOKEN, only its bearer reads the figures, and they move as pages are answered (a cache hit counted on
// the path before Express, a miss through Express) and as leads are sent (stored, and held as suspected spam);
// without a token, only this machine reads them, and never a request a proxy relayed from it.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HONEYPOT_FIELD } from "../../app/lib/lead-schema.ts";
import { freePort } from "../../scripts/free-port.ts";
import { type ServerProcess, startServer, stopServer, uniqueIp } from "../e2e/support/server-process";

const TOKEN = "metrics-token-for-the-system-test";

/** The value of one sample (`name{labels}`) in a Prometheus text answer; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function scrape(base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/metrics`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const contactLead = (email: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    kind: "contact",
    name: "Metrics Visitor",
    email,
    interest: "consulting",
    message: "Counting this one",
    ...extra,
  }).toString();

describe("metrics", { timeout: 180_000 }, () => {
  const dataDirs: string[] = [];
  let withToken: ServerProcess | undefined;
  let loopbackOnly: ServerProcess | undefined;

  beforeAll(async () => {
    const dir = () => {
      const created = mkdtempSync(path.join(os.tmpdir(), "asimov-metrics-"));
      dataDirs.push(created);
      return created;
    };
    [withToken, loopbackOnly] = await Promise.all([
      startServer(await freePort(), {
        DATA_DIR: dir(),
        SEED_DEMO: "true",
        METRICS_TOKEN: TOKEN,
        TRUST_PROXY: "loopback",
      }),
      startServer(await freePort(), { DATA_DIR: dir() }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withToken, loopbackOnly].map((server) => server && stopServer(server)));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  test("with METRICS_TOKEN: refused without it or with another (even from loopback), answered with it", async () => {
    const { base } = withToken as ServerProcess;
    const none = await scrape(base);
    expect(none.status).toBe(401);
    expect(none.text).toMatch(/bearer token/i);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(none.headers.get("cache-control")).toBe("no-store");
    const wrong = await scrape(base, { Authorization: `Bearer ${TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain("process_");
    expect((await scrape(base, { Authorization: `Basic ${btoa(`x:${TOKEN}`)}` })).status).toBe(401);

    const ok = await scrape(base, { Authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      "http_requests_total",
      "page_cache_hits_total",
      "page_cache_misses_total",
      "lead_submissions_total",
      "newsletter_messages_sent_total",
      "outbox_depth",
      "outbox_oldest_age_seconds",
      "job_lag_seconds",
      "realtime_connections",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_p99_seconds",
    ]) {
      expect(ok.text, name).toContain(`# TYPE ${name} `);
    }
    expect(ok.text).toContain('job_lag_seconds{job="outbox delivery"}');
  });

  test("the figures move: a page rendered then answered from memory, a lead stored, a lead held as spam", async () => {
    const { base } = withToken as ServerProcess;
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const before = (await scrape(base, auth)).text;

    const page = `/pricing?metrics=${Date.now()}`; // the key ignores the parameter: one entry
    const first = await fetch(`${base}${page}`);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    // The entry is stored once the render's answer is written, which a loaded machine may finish after the
    // client has read it: asked again until it is a hit.
    await expect
      .poll(async () => {
        const again = await fetch(`${base}${page}`);
        await again.arrayBuffer();
        return again.headers.get("x-cache");
      })
      .toBe("HIT");

    const send = (body: string) =>
      fetch(`${base}/api/leads`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
          origin: base,
          "x-forwarded-for": uniqueIp(),
        },
        body,
      });
    expect((await send(contactLead("counted@example.com"))).status).toBe(200);
    // A honeypot hit is answered like a success and held for review.
    expect((await send(contactLead("bot@example.com", { [HONEYPOT_FIELD]: "yes" }))).status).toBe(200);

    const after = (await scrape(base, auth)).text;
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('http_requests_total{route_class="page-hit",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(moved("page_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(moved('http_requests_total{route_class="lead-post",status="200"}')).toBe(2);
    expect(moved('lead_submissions_total{form="contact",outcome="stored"}')).toBe(1);
    expect(moved('lead_submissions_total{form="contact",outcome="held"}')).toBe(1);
    // The refused scrapes of the test before are counted too, by class and status.
    expect(sample(after, 'http_requests_total{route_class="other",status="401"}')).toBeGreaterThanOrEqual(3);
  });

  test("/healthz/ready answers 200 when the instance can serve", async () => {
    const response = await fetch(`${(withToken as ServerProcess).base}/healthz/ready`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready", database: "pglite" });
  });

  test("without METRICS_TOKEN: read from loopback, refused when a proxy relayed the request", async () => {
    const { base } = loopbackOnly as ServerProcess;
    expect((await scrape(base)).status).toBe(200);
    for (const relayed of <Record<string, string>[]>[
      { "X-Forwarded-For": "203.0.113.7" },
      { Forwarded: "for=203.0.113.7" },
      { "X-Real-IP": "203.0.113.7" },
    ]) {
      const refused = await scrape(base, relayed);
      expect(refused.status, JSON.stringify(relayed)).toBe(403);
      expect(refused.text).toMatch(/METRICS_TOKEN/);
    }
  });
});

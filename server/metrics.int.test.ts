// /metrics and /healthz/ready through a real node:http server and Express on a real database (PGlite; see
// docs/decisions/052-metrics-and-readiness.md): the token rule and the loopback rule (a request a proxy relayed is
// not loopback), figures that move when a lead is sent through the lead submission path, and readiness. Requests
// are counted as server.ts counts those that go on to Express (countWhenAnswered, from serveFromMemory).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env } from "~/env.server";
import { HONEYPOT_FIELD } from "~/lib/lead-schema";
import { submitLead } from "~/routes/support/lead-submission.server";
import { setupTestDatabase } from "../tests/support/test-db";
import { metricsEndpoint, readinessEndpoint } from "./metrics";
import { countWhenAnswered } from "./request-counts";

setupTestDatabase();
const TOKEN = "a-token-of-at-least-sixteen";

const app = express();
app.get("/healthz/ready", readinessEndpoint);
app.get("/metrics", metricsEndpoint);
// The lead endpoint's HTTP side as the route has it: the form through submitLead, its status as the answer.
app.post("/api/leads", express.urlencoded({ extended: false }), async (req, res) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(req.body as Record<string, string>)) form.set(name, value);
  const request = new Request(`http://localhost${req.originalUrl}`, { method: "POST" });
  const outcome = await submitLead("contact", request, form, "203.0.113.60");
  res.status(outcome.status).json(outcome.body);
});

let server: Server;
let base = "";
const saved = { token: env().metricsToken, minFill: env().leadMinFillMs };
beforeAll(async () => {
  env().leadMinFillMs = 0;
  server = createServer((req, res) => {
    countWhenAnswered(res);
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  env().metricsToken = saved.token;
});
afterAll(async () => {
  env().leadMinFillMs = saved.minFill;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function scrape(headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/metrics`, { headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** One sample's value in a Prometheus text answer; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const sendLead = (email: string, extra: Record<string, string> = {}) =>
  fetch(`${base}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "Grace Hopper",
      email,
      interest: "consulting",
      message: "Please count this lead.",
      ...extra,
    }),
  });

describe("/metrics with METRICS_TOKEN", () => {
  it("refuses a request without the token or with another, with 401 and a message that says what is needed", async () => {
    env().metricsToken = TOKEN;
    const missing = await scrape();
    expect(missing.status).toBe(401);
    expect(missing.text).toBe("Metrics need a bearer token: Authorization: Bearer <METRICS_TOKEN>.");
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    for (const authorization of [`Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}-and-more`, TOKEN]) {
      const refused = await scrape({ authorization });
      expect(refused.status, authorization).toBe(401);
      expect(refused.text).not.toContain("# TYPE");
    }
  });

  it("answers the bearer of the token, and its figures move when a lead is sent or held as spam", async () => {
    env().metricsToken = TOKEN;
    const auth = { authorization: `Bearer ${TOKEN}` };
    const before = await scrape(auth);
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(before.text).toContain("# TYPE lead_submissions_total counter");
    expect(before.text).toContain("outbox_depth 0");
    expect(before.text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");

    expect((await sendLead("grace@example.com")).status).toBe(200);
    expect((await sendLead("bot@example.com", { [HONEYPOT_FIELD]: "555-0100" })).status).toBe(200);

    const after = await scrape(auth);
    const moved = (series: string) => sample(after.text, series) - sample(before.text, series);
    expect(moved('lead_submissions_total{form="contact",outcome="stored"}')).toBe(1);
    expect(moved('lead_submissions_total{form="contact",outcome="held"}')).toBe(1);
    expect(moved('http_requests_total{route_class="lead-post",status="200"}')).toBe(2);
    // The scrape before this one, counted once answered.
    expect(moved('http_requests_total{route_class="other",status="200"}')).toBeGreaterThanOrEqual(1);
  });
});

describe("/metrics without a token", () => {
  it("answers a request from loopback", async () => {
    env().metricsToken = undefined;
    expect((await scrape()).status).toBe(200);
  });

  it("refuses, with 403, a loopback request a proxy relayed", async () => {
    env().metricsToken = undefined;
    for (const relayed of <Record<string, string>[]>[
      { "x-forwarded-for": "198.51.100.4" },
      { forwarded: "for=198.51.100.4;proto=https" },
      { "x-real-ip": "198.51.100.4" },
    ]) {
      const refused = await scrape(relayed);
      expect(refused.status, JSON.stringify(relayed)).toBe(403);
      expect(refused.text).toMatch(/only from this machine, not through a proxy; set METRICS_TOKEN/);
    }
  });
});

describe("/healthz/ready", () => {
  it("answers 200 when the database answers and holds every migration of this build", async () => {
    const response = await fetch(`${base}/healthz/ready`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      status: "ready",
      database: expect.stringMatching(/pglite|postgres/),
    });
  });
});

// GET /metrics (Prometheus text format) and GET /healthz/ready (docs/decisions/052-metrics-and-readiness.md).
//
// /metrics is for the operator's scraper, never the public: with METRICS_TOKEN set it answers only a request that
// carries it as a bearer token (compared in constant time), else 401; without a token, only a request from this
// machine's loopback that no proxy relayed (no X-Forwarded-For, Forwarded or X-Real-IP: a reverse proxy on the
// same host connects from loopback too), else 403. The figures: requests by route class and status
// (server/request-counts.ts), page cache hits and misses, lead submissions and held spam, newsletter messages
// sent (app/infra/metrics.server.ts), the outbox's depth and oldest age and each background job's lag (read when
// scraped), realtime connections, and prom-client's default process figures (memory, CPU, event-loop delay, GC).
//
// /healthz/ready: 200 when this instance can serve (not shutting down, the database answers and holds this build's
// migrations), else 503 with the reason. /healthz (server/app.ts) keeps its meaning: the process is alive.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Request, Response } from "express";
import { Counter, collectDefaultMetrics, Gauge } from "prom-client";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { metricsRegistry } from "~/infra/metrics.server";
import { realtimeConnectionCount } from "~/infra/realtime-hub.server";
import { databaseReadiness } from "~/models/health.server";
import { outboxBacklog } from "~/models/outbox.server";
import { jobLags, shuttingDown } from "./lifecycle";
import { pageCacheLookups, pageCacheUsage } from "./page-cache";
import { requestCounts } from "./request-counts";

// --- who may read ----------------------------------------------------------------------------------------------

/** Headers a proxy adds when it relays a request: with any of them, the socket's address is the proxy's. */
const FORWARDED_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

const digest = (text: string) => createHash("sha256").update(text).digest();

export type MetricsAccess = { ok: true } | { ok: false; status: 401 | 403; message: string };

/** Whether `req` may read /metrics, and if not, the answer that says why. */
export function metricsAccess(req: Pick<IncomingMessage, "headers" | "socket">): MetricsAccess {
  const token = env().metricsToken;
  if (token) {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!presented) {
      return {
        ok: false,
        status: 401,
        message: "Metrics need a bearer token: Authorization: Bearer <METRICS_TOKEN>.",
      };
    }
    // Both hashed first: equal lengths for timingSafeEqual, and no time that depends on the token's length.
    if (!timingSafeEqual(digest(presented), digest(token))) {
      return { ok: false, status: 401, message: "The bearer token is not this server's METRICS_TOKEN." };
    }
    return { ok: true };
  }
  const relayed = FORWARDED_HEADERS.some((name) => req.headers[name] !== undefined);
  if (!relayed && isLoopback(req.socket.remoteAddress)) return { ok: true };
  return {
    ok: false,
    status: 403,
    message:
      "Metrics are readable only from this machine, not through a proxy; set METRICS_TOKEN to read them from elsewhere.",
  };
}

// --- the figures -------------------------------------------------------------------------------------------------

/** Defines a metric once per registry (the development server evaluates this module again after an edit). */
function fresh(name: string): string {
  metricsRegistry.removeSingleMetric(name);
  return name;
}

if (!metricsRegistry.getSingleMetric("process_cpu_seconds_total")) {
  collectDefaultMetrics({ register: metricsRegistry });
}

new Counter({
  name: fresh("http_requests_total"),
  help: "Requests answered, by route class (page-hit, page, asset, api, admin, lead-post, other) and status.",
  labelNames: ["route_class", "status"] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const { routeClass, status, count } of requestCounts()) {
      this.inc({ route_class: routeClass, status: String(status) }, count);
    }
  },
});

new Counter({
  name: fresh("page_cache_hits_total"),
  help: "Page requests answered from the page cache.",
  registers: [metricsRegistry],
  collect() {
    this.reset();
    this.inc(pageCacheLookups().hits);
  },
});

new Counter({
  name: fresh("page_cache_misses_total"),
  help: "Cacheable page requests the page cache could not answer (the page was rendered).",
  registers: [metricsRegistry],
  collect() {
    this.reset();
    this.inc(pageCacheLookups().misses);
  },
});

new Gauge({
  name: fresh("page_cache_bytes"),
  help: "Memory the page cache's entries take (bounded by PAGE_CACHE_MB).",
  registers: [metricsRegistry],
  collect() {
    this.set(pageCacheUsage().bytes);
  },
});

/** One outbox read per scrape, shared by its two gauges (the registry collects every metric at once). */
let backlog: Promise<{ depth: number; oldestAgeSeconds: number } | undefined> | undefined;
function outboxNow() {
  backlog ??= outboxBacklog()
    .catch((error) => {
      logger.warn({ err: error }, "metrics: the outbox could not be read");
      return undefined;
    })
    .finally(() => {
      backlog = undefined;
    });
  return backlog;
}

new Gauge({
  name: fresh("outbox_depth"),
  help: "Deliveries (alert mails, webhooks) waiting in the outbox: pending, retrying or being delivered. NaN when the database cannot be read.",
  registers: [metricsRegistry],
  async collect() {
    this.set((await outboxNow())?.depth ?? Number.NaN);
  },
});

new Gauge({
  name: fresh("outbox_oldest_age_seconds"),
  help: "Age of the oldest delivery waiting in the outbox (0 when empty). NaN when the database cannot be read.",
  registers: [metricsRegistry],
  async collect() {
    this.set((await outboxNow())?.oldestAgeSeconds ?? Number.NaN);
  },
});

new Gauge({
  name: fresh("job_lag_seconds"),
  help: "How far each background job is behind its schedule: time since its last successful round beyond its interval.",
  labelNames: ["job"] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const { job, seconds } of jobLags()) this.set({ job }, seconds);
  },
});

new Gauge({
  name: fresh("realtime_connections"),
  help: "Back-office realtime (WebSocket) connections open on this instance.",
  registers: [metricsRegistry],
  collect() {
    this.set(realtimeConnectionCount());
  },
});

// --- the endpoints -------------------------------------------------------------------------------------------------

/** GET /metrics. */
export async function metricsEndpoint(req: Request, res: Response) {
  res.set("Cache-Control", "no-store");
  const access = metricsAccess(req);
  if (!access.ok) {
    if (access.status === 401) res.set("WWW-Authenticate", 'Bearer realm="metrics"');
    res.status(access.status).type("text/plain").send(access.message);
    return;
  }
  try {
    const text = await metricsRegistry.metrics();
    res.set("Content-Type", metricsRegistry.contentType).send(text);
  } catch (error) {
    logger.error({ err: error }, "metrics could not be collected");
    res.status(500).type("text/plain").send("The metrics could not be collected.");
  }
}

/** GET /healthz/ready. */
export async function readinessEndpoint(_req: Request, res: Response) {
  res.set("Cache-Control", "no-store");
  if (shuttingDown()) {
    res.status(503).json({ status: "not ready", reason: "The server is shutting down." });
    return;
  }
  const readiness = await databaseReadiness().catch(() => undefined);
  if (readiness?.ready) {
    res.json({ status: "ready", database: readiness.kind });
    return;
  }
  res.status(503).json({
    status: "not ready",
    reason: readiness?.reason ?? "The database could not be checked.",
  });
}

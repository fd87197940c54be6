// `npm run bench:leads`: does a lead submission answer as fast with 0, 1 and 5 webhook endpoints configured?
// Starts the production server (PGlite on a temporary folder, rate limits off, WEBHOOK_ALLOW_PRIVATE so the
// endpoints can be a local receiver answering 200), then for each endpoint count runs autocannon against the
// contact POST (/api/leads, as the page sends it with JavaScript), saturated and at a steady BENCH_RATE (20/s),
// and prints req/s and p50/p99 latency. The
// deliveries happen in the same server process after each answer, so their CPU cost is part of the figures.
// Results go to bench/results/lead-endpoints.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import "../scripts/check-node.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { freePort } from "../scripts/free-port.ts";
import { adminCookie, adminPost, startServer, stopServer } from "../tests/e2e/support/server-process.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

await buildIfNeeded();
let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received++;
    res.writeHead(200).end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-bench-leads-"));
const server = await startServer(
  await freePort(),
  { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: "true", LOG_LEVEL: "warn" },
  { inheritStderr: true },
);
const body = new URLSearchParams({
  kind: "contact",
  name: "Bench Visitor",
  email: "bench@example.com",
  interest: "consulting",
  message: "Benchmark submission",
}).toString();

/** `rate`: requests per second across all connections (undefined: as fast as the server answers). */
function measure(seconds: number, rate?: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${server.base}/api/leads`,
        method: "POST",
        body,
        headers: {
          origin: server.base,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        connections,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

const steadyRate = Number(process.env.BENCH_RATE ?? 20);

/** Waits until no webhook arrived for a second, so one run's backlog is not delivered during the next. */
async function drained() {
  let last = -1;
  while (received !== last) {
    last = received;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
const rows: Record<string, number | string>[] = [];
try {
  const cookie = await adminCookie(server.base);
  let endpoints = 0;
  for (const wanted of [0, 1, 5]) {
    for (; endpoints < wanted; endpoints++) {
      await adminPost(server.base, cookie, "/admin/integrations", {
        intent: "create",
        url: hookUrl,
        events: "lead.created",
      });
    }
    await measure(1); // warm-up, not measured
    // Saturated (how many submissions a second the server takes while it also delivers), then at a steady
    // RATE a second, far above a real site's leads (how long one visitor waits for the answer).
    for (const rate of [steadyRate, undefined]) {
      await drained();
      const before = received;
      const result = await measure(duration, rate);
      const row = {
        endpoints: wanted,
        load: rate ? `${rate}/s` : "saturated",
        reqPerSec: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        webhooksReceivedDuringRun: received - before,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
} finally {
  await stopServer(server);
  receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(
  path.join(root, "bench/results/lead-endpoints.json"),
  `${JSON.stringify({ at: new Date().toISOString(), duration, connections, rows }, null, 2)}\n`,
);
console.table(rows);

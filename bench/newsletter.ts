// `npm run bench:newsletter`: a 10,000-recipient newsletter into a local SMTP sink (smtp-server, counting only, in
// a thread of its own: bench/smtp-sink.ts), from the production server on an empty temporary data folder (PGlite;
// PostgreSQL in a scratch database too when BENCH_DATABASE_URL is set). Measures messages per second from the first
// to the last message, the server's RSS before and during the send (sampled every 50 ms), and the p99 of the cached
// landing page while the send runs (autocannon, BENCH_PAGE_RATE = 100 requests a second over 10 connections), at the
// product's default sending rate (BENCH_NEWSLETTER_RATE=0: unpaced). The bar: at least 100 messages a second, RSS
// growing less than 100 MB, the cached page's p99 under 25 ms. Results go to bench/results/newsletter-latest.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import "../scripts/check-node.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { freePort } from "../scripts/free-port.ts";
import {
  adminCookie,
  adminPost,
  scratchDatabase,
  startServer,
  stopServer,
} from "../tests/e2e/support/server-process.ts";
import { TreeSampler } from "./rss.ts";
import type { SinkCount } from "./smtp-sink.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
// The product's default rate (NEWSLETTER_RATE, 100 a second like listmonk's); "0" measures the sender unpaced.
const RATE = process.env.BENCH_NEWSLETTER_RATE ?? "100";
const CONNECTIONS = process.env.BENCH_NEWSLETTER_CONNECTIONS ?? "8";
const SUBJECT = "Bench newsletter";
const PAGE_RATE = Number(process.env.BENCH_PAGE_RATE ?? 100);

/** An SMTP server, in a thread of its own (bench/smtp-sink.ts), that counts the bench's messages as they arrive. */
async function smtpSink() {
  const sink: SinkCount = { count: 0, first: 0, last: 0 };
  const worker = new Worker(new URL("./smtp-sink.ts", import.meta.url), { workerData: { subject: SUBJECT } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (message: { type: string; port?: number } & SinkCount) => {
      if (message.type === "listening") resolve(message.port as number);
      else Object.assign(sink, { count: message.count, first: message.first, last: message.last });
    });
  });
  return {
    sink,
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        worker.once("exit", resolve);
        worker.postMessage("close");
      }),
  };
}

async function signUps(base: string) {
  let next = 0;
  const worker = async () => {
    while (next < RECIPIENTS) {
      const n = next++;
      const response = await fetch(`${base}/api/leads`, {
        method: "POST",
        headers: {
          Origin: base,
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          kind: "newsletter",
          email: `reader${n}@bench.example`,
          source_page: "/blog",
        }),
      });
      if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
}

async function run(label: string, env: Record<string, string>) {
  const smtp = await smtpSink();
  const port = await freePort();
  const server = await startServer(port, {
    ...env,
    SMTP_URL: smtp.url,
    NEWSLETTER_RATE: RATE,
    NEWSLETTER_CONNECTIONS: CONNECTIONS,
    LOG_LEVEL: "error",
  });
  try {
    const base = server.base;
    const cookie = await adminCookie(base);
    await adminPost(base, cookie, "/admin/newsletters", {
      intent: "settings",
      newsletterDoubleOptIn: "false",
      newsletterClickTracking: "true",
      newsletterOpenTracking: "false",
    });
    // Only the newsletter's messages: no alert mail per sign-up competing with the send.
    await adminPost(base, cookie, "/admin/integrations", {
      intent: "notifications",
      recipients: "admin@example.com",
      kind_contact: "on",
      kind_lead: "on",
      auto_reply_subject: "",
      auto_reply_text: "",
    });
    const began = performance.now();
    await signUps(base);
    console.log(`${label}: ${RECIPIENTS} sign-ups in ${Math.round(performance.now() - began)} ms`);
    // Warm the page cache, then let memory settle before the baseline.
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 3000));
    const sampler = new TreeSampler(server.proc.pid ?? 0);
    await new Promise((r) => setTimeout(r, 1000));
    const before = sampler.takePeak();
    const created = await adminPost(base, cookie, "/admin/newsletters", { intent: "create" });
    const location = created.headers.get("location") ?? "";
    await adminPost(base, cookie, location, {
      intent: "send",
      subject: SUBJECT,
      preheader: "Measured",
      body: "## Hello\n\nA paragraph with a link to https://example.com/read and some more words to make it real.",
    });
    const startedAt = performance.now();
    // The public site while the send runs: the cached landing page, 100 requests a second over 10 connections.
    let finished: (result: autocannon.Result) => void = () => {};
    const pagesDone = new Promise<autocannon.Result>((resolve) => {
      finished = resolve;
    });
    const load = autocannon(
      { url: `${base}/`, connections: 10, overallRate: PAGE_RATE, duration: 1_000_000 },
      (_error, result) => finished(result),
    );
    const deadline = startedAt + 600_000;
    while (smtp.sink.count < RECIPIENTS && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    load.stop();
    const pages = await pagesDone;
    const during = sampler.takePeak();
    const seconds = (smtp.sink.last - smtp.sink.first) / 1000;
    const result = {
      label,
      recipients: RECIPIENTS,
      delivered: smtp.sink.count,
      seconds: Math.round(seconds * 10) / 10,
      messagesPerSecond: Math.round(smtp.sink.count / Math.max(seconds, 0.001)),
      rssBeforeMb: Math.round(before),
      rssPeakDuringMb: Math.round(during),
      rssGrowthMb: Math.round(during - before),
      cachedPage: {
        requests: pages.requests.total,
        p50Ms: pages.latency.p50,
        p99Ms: pages.latency.p99,
        errors: pages.errors,
        non2xx: pages.non2xx,
      },
      rate: RATE,
      connections: Number(CONNECTIONS),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await stopServer(server);
    await smtp.close();
  }
}

buildIfNeeded();
const results = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-bench-newsletter-"));
try {
  results.push(await run("PGlite", { DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.BENCH_DATABASE_URL) {
  const database = await scratchDatabase(process.env.BENCH_DATABASE_URL, "asimov_bench_newsletter");
  const pgDir = mkdtempSync(path.join(os.tmpdir(), "asimov-bench-newsletter-"));
  try {
    results.push(await run("PostgreSQL", { DATABASE_URL: database.url.toString(), DATA_DIR: pgDir }));
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
    await database.drop();
  }
}
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(
  path.join(root, "bench/results/newsletter-latest.json"),
  `${JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, results }, null, 2)}\n`,
);
const failed = results.filter(
  (r) => r.messagesPerSecond < 100 || r.rssGrowthMb >= 100 || r.cachedPage.p99Ms >= 25,
);
for (const r of results) {
  console.log(
    `${r.label}: ${r.delivered}/${r.recipients} in ${r.seconds} s = ${r.messagesPerSecond} msg/s; RSS ${r.rssBeforeMb} → ${r.rssPeakDuringMb} MB (+${r.rssGrowthMb}); cached page p99 ${r.cachedPage.p99Ms} ms`,
  );
}
// Exit explicitly: the SMTP sink's and the samplers' handles would keep this process (and its CPU use) alive.
process.exit(failed.length ? 1 : 0);

// `npm run bench`: measures the production server against a static server serving the same bytes.
//
// 1. Builds if needed, starts the production server on a fresh temporary data folder (PGlite, demo content,
//    rate limits off), and records the time from spawn to the first 200; restarts it on the now existing
//    database and records that too (the figure the target talks about).
// 2. Fetches every page once, writes the HTML to a folder and starts a static file server (a separate Node
//    process) serving exactly those bytes.
// 3. For each target runs autocannon for one unmeasured warm-up second, then BENCH_DURATION seconds (default 10) with BENCH_CONNECTIONS (default 50)
//    against our server, then the same against the static server, and prints req/s, the ratio, p50/p99 latency,
//    errors and non-2xx counts, plus the server's RSS when idle and after the run.
// 4. Repeats on PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is created and dropped).
// Results go to bench/results/<time>.json and bench/results/latest.json.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import "../scripts/check-node.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { freePort } from "../scripts/free-port.ts";
import {
  adminCookie,
  createContentKey,
  scratchDatabase,
  startServer,
  stopServer,
} from "../tests/e2e/support/server-process.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** Compare with the static server serving this page's bytes. */
  compare: boolean;
}

interface Row {
  target: string;
  path: string;
  reqPerSec: number;
  staticReqPerSec: number | null;
  ratio: number | null;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

/** Warm-up: one second at the same load, not measured, so both servers are past JIT compilation. */
const WARM_UP_SECONDS = 1;

function run(url: string, target: Target, seconds = duration): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: target.method ?? "GET",
        body: target.body,
        // A browser's user agent, so visitor analytics does its whole work (a bot or no user agent is not counted).
        headers: { host: new URL(url).host, "user-agent": BROWSER_USER_AGENT, ...target.headers },
        connections,
        duration: seconds,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Discovers a published blog and academy slug from the list pages' links. */
async function discoverSlugs(base: string) {
  const blog = await (await fetch(`${base}/blog`)).text();
  const academy = await (await fetch(`${base}/academy`)).text();
  const blogSlug = /href="\/blog\/([a-z0-9-]+)"/.exec(blog)?.[1];
  const academySlug = /href="\/academy\/([a-z0-9-]+)"/.exec(academy)?.[1];
  return { blogSlug, academySlug };
}

async function staticServer(dir: string): Promise<{ proc: ChildProcess; port: number }> {
  const port = await freePort();
  // A plain Node static file server in its own process, reading each file from disk on every request like a
  // typical static server, with the same Content-Type we send.
  const code = `
    const http = require("node:http"); const fs = require("node:fs"); const path = require("node:path");
    const dir = ${JSON.stringify(dir)};
    http.createServer((req, res) => {
      const name = encodeURIComponent(req.url);
      fs.readFile(path.join(dir, name), (err, body) => {
        if (err) { res.writeHead(404); res.end(); return; }
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
        res.end(body);
      });
    }).listen(${port}, "127.0.0.1");`;
  const proc = spawn(process.execPath, ["-e", code], { stdio: "inherit" });
  await new Promise((r) => setTimeout(r, 300));
  return { proc, port };
}

/** The contact form's fields, as a visitor fills them in. */
const CONTACT_SUBMISSION = {
  name: "Bench Visitor",
  email: "bench@example.com",
  interest: "consulting",
  message: "Benchmark submission",
};

async function benchmark(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-bench-"));
  // Demo content, rate limits off, the first 200 of the home page as "started" (the same server the e2e specs
  // start, so both measure one thing).
  const serverEnv = { DATA_DIR: dataDir, SEED_DEMO: "true", LOG_LEVEL: "warn", ...env };
  const options = { readyPath: "/", inheritStderr: true };
  const fresh = await startServer(await freePort(), serverEnv, options);
  await stopServer(fresh);
  const server = await startServer(await freePort(), serverEnv, options);
  const base = server.base;
  // Idle: five seconds after start-up, once V8 has finished optimising the database engine's WebAssembly (its
  // compiler briefly holds a few hundred MB right after start).
  await new Promise((r) => setTimeout(r, 5000));
  const idleRss = rssMb(server.proc.pid);

  const { blogSlug, academySlug } = await discoverSlugs(base);
  const targets: Target[] = [
    { name: "landing", path: "/", compare: true },
    { name: "pricing", path: "/pricing", compare: true },
    { name: "blog list", path: "/blog", compare: true },
    ...(blogSlug ? [{ name: "blog post", path: `/blog/${blogSlug}`, compare: true }] : []),
    { name: "academy list", path: "/academy", compare: true },
    ...(academySlug ? [{ name: "academy item", path: `/academy/${academySlug}`, compare: true }] : []),
    { name: "contact", path: "/contact", compare: true },
    {
      name: "content API GET",
      path: "/functions/v1/content-api/blog?limit=10",
      headers: { "x-api-key": await createContentKey(base, await adminCookie(base), "bench") },
      compare: true,
    },
    {
      // What the contact page sends with JavaScript (the dialogs and the newsletter use the same endpoint).
      name: "contact POST (JSON)",
      path: "/api/leads",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ kind: "contact", ...CONTACT_SUBMISSION }).toString(),
      compare: false,
    },
    {
      // Without JavaScript: the same submission, answered with the whole contact page re-rendered.
      name: "contact POST (no JS)",
      path: "/contact",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(CONTACT_SUBMISSION).toString(),
      compare: false,
    },
  ];

  const staticDir = mkdtempSync(path.join(os.tmpdir(), "asimov-static-"));
  for (const t of targets) {
    if (!t.compare) continue;
    const body = Buffer.from(await (await fetch(`${base}${t.path}`, { headers: t.headers })).arrayBuffer());
    writeFileSync(path.join(staticDir, encodeURIComponent(t.path)), body);
  }
  const stat = await staticServer(staticDir);

  const rows: Row[] = [];
  for (const t of targets) {
    await run(`${base}${t.path}`, t, WARM_UP_SECONDS);
    const ours = await run(`${base}${t.path}`, t);
    const theirs = t.compare
      ? await run(
          `http://127.0.0.1:${stat.port}${t.path}`,
          { ...t, headers: undefined },
          WARM_UP_SECONDS,
        ).then(() => run(`http://127.0.0.1:${stat.port}${t.path}`, { ...t, headers: undefined }))
      : null;
    rows.push({
      target: t.name,
      path: t.path,
      reqPerSec: Math.round(ours.requests.average),
      staticReqPerSec: theirs ? Math.round(theirs.requests.average) : null,
      ratio: theirs ? Number((ours.requests.average / theirs.requests.average).toFixed(2)) : null,
      p50: ours.latency.p50,
      p99: ours.latency.p99,
      errors: ours.errors + ours.timeouts,
      non2xx: ours.non2xx,
      requests: ours.requests.total,
    });
    console.log(
      `  ${label} ${t.name}: ${Math.round(ours.requests.average)} req/s, p99 ${ours.latency.p99} ms`,
    );
  }
  const loadedRss = rssMb(server.proc.pid);
  stat.proc.kill();
  await stopServer(server);
  rmSync(staticDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  return {
    database: label,
    startToFirst200Ms: { freshDatabase: fresh.startMs, existingDatabase: server.startMs },
    rssMb: { idle: idleRss, afterLoad: loadedRss },
    rows,
  };
}

function printTable(result: Awaited<ReturnType<typeof benchmark>>) {
  console.log(
    `\n${result.database}: start to first 200 — fresh database ${result.startToFirst200Ms.freshDatabase} ms, ` +
      `existing ${result.startToFirst200Ms.existingDatabase} ms; RSS idle ${result.rssMb.idle} MB, ` +
      `after load ${result.rssMb.afterLoad} MB`,
  );
  console.table(
    result.rows.map((r) => ({
      target: r.target,
      "req/s": r.reqPerSec,
      "static req/s": r.staticReqPerSec ?? "",
      ratio: r.ratio ?? "",
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
}

buildIfNeeded();
console.log(`Benchmark: ${duration} s per target, ${connections} connections, ${os.cpus().length} CPUs`);
const results = [await benchmark("pglite", {})];
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const database = await scratchDatabase(pgUrl, "asimov_bench");
  try {
    results.push(await benchmark("postgres", { DATABASE_URL: database.url.toString() }));
  } finally {
    await database.drop();
  }
}
for (const r of results) printTable(r);

const report = {
  at: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
  },
  node: process.version,
  durationSeconds: duration,
  connections,
  results,
};
mkdirSync(path.join(root, "bench/results"), { recursive: true });
const stamp = report.at.replace(/[:.]/g, "-");
writeFileSync(path.join(root, `bench/results/${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(root, "bench/results/latest.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nWrote bench/results/${stamp}.json and bench/results/latest.json`);

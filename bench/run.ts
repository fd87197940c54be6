// `npm run bench`: measures the production server against a bare `node:http` server writing the same bytes with the
// same headers (same Node binary, same run: our runtime's own limit), with nginx serving them as context
// (docs/performance.md).
//
// 1. Builds if needed, starts the production server on a fresh temporary data folder (PGlite, demo content,
//    rate limits off), and records the time from spawn to the first 200; restarts it on the now existing
//    database and records that too (the figure the target talks about), then its idle RSS five seconds later;
//    its peak (VmHWM) on the first start, and its RSS right after the load, 30 s later and its VmHWM through it.
// 2. Fetches every page (and the content API answer) plain, gzip and brotli, once each compressed copy exists, and
//    serves exactly those answers (status, headers, bytes) from a bare node:http server (bench/bare-node.ts), and
//    the plain bytes, with the same Content-Type, from nginx (bench/nginx.ts; Debian's nginx-light, installed when
//    missing).
// 3. For each target (BENCH_TARGETS: a comma-separated list of target names, for a focused run; default all) and
//    encoding: one unmeasured warm-up second on each server, then BENCH_ROUNDS rounds (default 3) of
//    BENCH_DURATION seconds (default 4) at BENCH_CONNECTIONS (default 50) with wrk (bench/load.ts; installed when
//    missing, autocannon otherwise), our server and the bare server taking turns, so that a machine whose speed
//    drifts (other tenants, a neighbour's burst) moves both sides alike; each figure is the median of its rounds.
//    Then nginx for plain requests, once, as context. Prints req/s, the ratio to the bare server (and to nginx),
//    p50/p99 latency, errors, non-2xx answers and the CPU time each server spent per request, plus start-up times
//    and RSS.
// 4. Repeats on PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is created and dropped).
// 5. Runs the Lighthouse medians of bench/lighthouse.ts against the PGlite server, when that runner is present and
//    BENCH_LIGHTHOUSE is not 0.
// Results go to bench/results/<time>.json and bench/results/latest.json.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
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
import { ENCODINGS, type Encoding, type RecordedAnswer, rawGet, startBareNode } from "./bare-node.ts";
import { type LoadTool, type Measurement, measure, medianRun } from "./load.ts";
import { type StaticCopy, startNginx } from "./nginx.ts";
import { processMemory } from "./rss.ts";
import { createCampaignPage, discoverSlugs } from "./targets.ts";
import { ensureTool, installHint } from "./tools.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const duration = Number(process.env.BENCH_DURATION ?? 4);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** Compare with nginx serving this answer's bytes. */
  compare: boolean;
  /** A public page (Lighthouse measures these). */
  page?: boolean;
}

interface Row {
  target: string;
  path: string;
  /** What the load asked for: plain (no Accept-Encoding), gzip or br. */
  encoding: string;
  reqPerSec: number;
  bareReqPerSec: number | null;
  /** Ours as a share of the bare node:http server writing the same bytes: the figure the goal is about. */
  ratioToBare: number | null;
  bareCpuMicrosPerRequest: number | null;
  bareP99: number | null;
  nginxReqPerSec: number | null;
  ratio: number | null;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  cpuMicrosPerRequest: number | null;
  nginxCpuMicrosPerRequest: number | null;
  /** nginx's own p99 in the same run: how much of a tail the machine itself adds. */
  nginxP99: number | null;
}

/** The server's resident memory now and its high-water mark (VmRSS, VmHWM) in MB; the bench starts the launcher,
 * which becomes the server (same pid), so the process is the whole tree (`npm run bench:memory` counts the
 * `npm start` wrapper too). */
function memory(pid: number | undefined): { rssMb: number; hwmMb: number } | null {
  const m = pid ? processMemory(pid) : null;
  return m ? { rssMb: m.rssMb, hwmMb: m.hwmMb } : null;
}

/** Warm-up: one second at the same load, not measured, so both servers are past JIT compilation. */
const WARM_UP_SECONDS = 1;

/** wrk when it is (or can be) installed; autocannon otherwise, with a warning. */
function pickLoadTool(): LoadTool {
  if (process.env.BENCH_TOOL === "autocannon") return { name: "autocannon" };
  const binary = ensureTool("wrk", "wrk");
  if (binary) return { name: "wrk", binary };
  console.warn(
    `bench: wrk is not installed and could not be installed (${installHint("wrk")}); measuring with autocannon, ` +
      "which runs in Node on the same cores and caps what it can measure (compare ratios only within one run)",
  );
  return { name: "autocannon" };
}

const loadTool = pickLoadTool();

async function load(url: string, target: Target, pids: number[], seconds = duration): Promise<Measurement> {
  // A browser's user agent, so visitor analytics does its whole work (a bot or no user agent is not counted).
  const request = {
    method: target.method,
    body: target.body,
    headers: { "User-Agent": BROWSER_USER_AGENT, ...target.headers },
  };
  return measure(loadTool, url, request, { seconds, connections, pids });
}

/** The Lighthouse runner (bench/lighthouse.ts) when it exists and BENCH_LIGHTHOUSE is not 0. */
async function lighthouse(base: string, targets: Target[]): Promise<unknown> {
  if (process.env.BENCH_LIGHTHOUSE === "0") return undefined;
  const file = path.join(root, "bench/lighthouse.ts");
  if (!existsSync(file)) return undefined;
  const runner = (await import(pathToFileURL(file).href)) as {
    runLighthouse?: (baseUrl: string, targets: { name: string; path: string }[]) => Promise<unknown>;
  };
  return runner.runLighthouse?.(
    base,
    targets.map(({ name, path }) => ({ name, path })),
  );
}

/** The contact form's fields, as a visitor fills them in. */
const CONTACT_SUBMISSION = {
  name: "Bench Visitor",
  email: "bench@example.com",
  interest: "consulting",
  message: "Benchmark submission",
};

async function benchmark(label: string, env: Record<string, string>, nginxBinary: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-bench-"));
  // Demo content, rate limits off, the first 200 of the home page as "started" (the same server the e2e specs
  // start, so both measure one thing).
  const serverEnv = { DATA_DIR: dataDir, SEED_DEMO: "true", LOG_LEVEL: "warn", ...env };
  // Through `npm start`'s launcher, with its process settings (ADR 042).
  const options = { readyPath: "/", inheritStderr: true, launcher: true };
  const fresh = await startServer(await freePort(), serverEnv, options);
  // The first start's peak: migrations and demo content (on PGlite also creating the cluster).
  const freshStartHwmMb = memory(fresh.proc.pid)?.hwmMb ?? null;
  await stopServer(fresh);
  const server = await startServer(await freePort(), serverEnv, options);
  try {
    return await measureServer(label, server, fresh.startMs, freshStartHwmMb, nginxBinary);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureServer(
  label: string,
  server: Awaited<ReturnType<typeof startServer>>,
  freshStartMs: number,
  freshStartHwmMb: number | null,
  nginxBinary: string,
) {
  const base = server.base;
  const serverPids = server.proc.pid ? [server.proc.pid] : [];
  // Idle: five seconds after start-up, once V8 has finished optimising the database engine's WebAssembly (its
  // compiler briefly holds a few hundred MB right after start).
  await new Promise((r) => setTimeout(r, 5000));
  const idle = memory(server.proc.pid);

  const { blogSlug, academySlug } = await discoverSlugs(base);
  const contentKey = await createContentKey(base, await adminCookie(base), "bench");
  const campaign = await createCampaignPage(base, contentKey);
  const everyTarget: Target[] = [
    { name: "landing", path: "/", compare: true, page: true },
    { name: "pricing", path: "/pricing", compare: true, page: true },
    { name: "blog list", path: "/blog", compare: true, page: true },
    ...(blogSlug ? [{ name: "blog post", path: `/blog/${blogSlug}`, compare: true, page: true }] : []),
    { name: "academy list", path: "/academy", compare: true, page: true },
    ...(academySlug
      ? [{ name: "academy item", path: `/academy/${academySlug}`, compare: true, page: true }]
      : []),
    { name: "contact", path: "/contact", compare: true, page: true },
    { name: "campaign page", path: campaign, compare: true, page: true },
    {
      name: "content API GET",
      path: "/functions/v1/content-api/blog?limit=10",
      headers: { "x-api-key": contentKey },
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
      // Without JavaScript: the same submission to the page's own action, answered with a 303 to the cached
      // confirmation page (not followed here).
      name: "contact POST (no JS)",
      path: "/contact",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(CONTACT_SUBMISSION).toString(),
      compare: false,
    },
  ];
  // BENCH_TARGETS="landing,contact POST (JSON)": only the targets named (a focused A/B run).
  const only = (process.env.BENCH_TARGETS ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const targets = only.length ? everyTarget.filter((t) => only.includes(t.name)) : everyTarget;

  // Every answer as our server sends it, per encoding, once its compressed copies exist (made at the first hit).
  const recorded: RecordedAnswer[] = [];
  const copies: StaticCopy[] = [];
  for (const t of targets.filter((target) => target.compare)) {
    for (const encoding of ENCODINGS) {
      let answer = await rawGet(`${base}${t.path}`, {
        "user-agent": BROWSER_USER_AGENT,
        ...t.headers,
        ...encoding.headers,
      });
      for (let tries = 0; tries < 50 && encoding.expect && answer.encoding !== encoding.expect; tries++) {
        if (t.path.startsWith("/functions/")) break; // the content API compresses with gzip only
        await new Promise((r) => setTimeout(r, 200));
        answer = await rawGet(`${base}${t.path}`, {
          "user-agent": BROWSER_USER_AGENT,
          ...t.headers,
          ...encoding.headers,
        });
      }
      recorded.push({
        url: t.path,
        acceptEncoding: encoding.headers["accept-encoding"] ?? "",
        ...answer.recorded,
      });
      if (encoding.name === "plain") {
        copies.push({ path: t.path, body: answer.body, contentType: answer.contentType });
      }
    }
  }
  const nginx = await startNginx(nginxBinary, copies);
  const nginxPids = nginx.proc.pid ? [nginx.proc.pid] : [];
  const bare = await startBareNode(recorded);

  const rows: Row[] = [];
  try {
    for (const t of targets) {
      for (const encoding of t.compare ? ENCODINGS : [ENCODINGS[0] as Encoding]) {
        const request = { ...t, headers: { ...t.headers, ...encoding.headers } };
        const yardstick = { ...t, headers: encoding.headers };
        await load(`${base}${t.path}`, request, serverPids, WARM_UP_SECONDS);
        if (t.compare) await load(`${bare.base}${t.path}`, yardstick, bare.pids, WARM_UP_SECONDS);
        const ourRuns: Measurement[] = [];
        const bareRuns: Measurement[] = [];
        for (let round = 0; round < rounds; round++) {
          ourRuns.push(await load(`${base}${t.path}`, request, serverPids));
          if (t.compare) bareRuns.push(await load(`${bare.base}${t.path}`, yardstick, bare.pids));
        }
        const ours = medianRun(ourRuns);
        const bareRun = t.compare ? medianRun(bareRuns) : null;
        const compare = async (other: { base: string; pids: number[] }) => {
          await load(`${other.base}${t.path}`, yardstick, other.pids, WARM_UP_SECONDS);
          return load(`${other.base}${t.path}`, yardstick, other.pids);
        };
        const theirs =
          t.compare && encoding.name === "plain"
            ? await compare({ base: nginx.base, pids: nginxPids })
            : null;
        const ratio = (other: Measurement | null) =>
          other ? Number((ours.reqPerSec / other.reqPerSec).toFixed(2)) : null;
        rows.push({
          target: t.name,
          path: t.path,
          encoding: encoding.name,
          reqPerSec: Math.round(ours.reqPerSec),
          bareReqPerSec: bareRun ? Math.round(bareRun.reqPerSec) : null,
          ratioToBare: ratio(bareRun),
          bareCpuMicrosPerRequest: bareRun?.cpuMicrosPerRequest ?? null,
          bareP99: bareRun ? Number(bareRun.p99.toFixed(2)) : null,
          nginxReqPerSec: theirs ? Math.round(theirs.reqPerSec) : null,
          ratio: ratio(theirs),
          p50: Number(ours.p50.toFixed(2)),
          p99: Number(ours.p99.toFixed(2)),
          errors: ours.errors,
          non2xx: ours.non2xx,
          requests: ours.requests,
          cpuMicrosPerRequest: ours.cpuMicrosPerRequest,
          nginxCpuMicrosPerRequest: theirs?.cpuMicrosPerRequest ?? null,
          nginxP99: theirs ? Number(theirs.p99.toFixed(2)) : null,
        });
        const versus = bareRun ? `, ${ratio(bareRun)} of bare Node` : "";
        console.log(
          `  ${label} ${t.name} (${encoding.name}): ${Math.round(ours.reqPerSec)} req/s${versus}, ` +
            `p50 ${ours.p50.toFixed(1)} ms, p99 ${ours.p99.toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await nginx.stop();
    bare.stop();
  }
  const loaded = memory(server.proc.pid);
  // Idle after the load: what the process keeps once the load is over (ADR 025). 30 s, like bench:memory: the idle
  // collection runs at the first 10 s tick with no request, up to 20 s after the load.
  await new Promise((r) => setTimeout(r, 30_000));
  const idleAfterLoad = memory(server.proc.pid);
  // Lighthouse measures the pages as a phone would load them, from this same server (PGlite only).
  const lighthouseMedians =
    label === "pglite"
      ? await lighthouse(
          base,
          targets.filter((t) => t.page),
        )
      : undefined;
  return {
    database: label,
    startToFirst200Ms: { freshDatabase: freshStartMs, existingDatabase: server.startMs },
    rssMb: {
      idle: idle?.rssMb ?? null,
      afterLoad: loaded?.rssMb ?? null,
      idleAfterLoad: idleAfterLoad?.rssMb ?? null,
      peak: idleAfterLoad?.hwmMb ?? null,
      freshStartPeak: freshStartHwmMb,
    },
    rows,
    ...(lighthouseMedians === undefined ? {} : { lighthouse: lighthouseMedians }),
  };
}

function printTable(result: Awaited<ReturnType<typeof measureServer>>) {
  console.log(
    `\n${result.database}: start to first 200 — fresh database ${result.startToFirst200Ms.freshDatabase} ms, ` +
      `existing ${result.startToFirst200Ms.existingDatabase} ms\n` +
      `  RSS (VmRSS): idle after restart ${result.rssMb.idle} MB, right after load ${result.rssMb.afterLoad} MB, ` +
      `idle 30 s after load ${result.rssMb.idleAfterLoad} MB; peak (VmHWM): first start ` +
      `${result.rssMb.freshStartPeak} MB, restart through the load ${result.rssMb.peak} MB`,
  );
  console.table(
    result.rows.map((r) => ({
      target: `${r.target} (${r.encoding})`,
      "req/s": r.reqPerSec,
      "bare req/s": r.bareReqPerSec ?? "",
      "ratio to bare": r.ratioToBare ?? "",
      "p99 ms": r.p99,
      "bare p99 ms": r.bareP99 ?? "",
      "CPU µs/req": r.cpuMicrosPerRequest ?? "",
      "bare CPU µs/req": r.bareCpuMicrosPerRequest ?? "",
      "ratio to nginx": r.ratio ?? "",
      "nginx CPU µs/req": r.nginxCpuMicrosPerRequest ?? "",
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
}

buildIfNeeded();
const nginxBinary = ensureTool("nginx", "nginx-light");
if (!nginxBinary) {
  console.error(
    `bench: nginx, the yardstick, is not installed and could not be installed: ${installHint("nginx-light")}.`,
  );
  process.exit(1);
}
const loadBefore = os.loadavg();
console.log(
  `Benchmark: ${rounds} alternating rounds of ${duration} s per target and server (medians), ` +
    `${connections} connections, ${os.availableParallelism()} CPUs, ` +
    `${loadTool.name}, load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`,
);
const results = [await benchmark("pglite", {}, nginxBinary)];
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const database = await scratchDatabase(pgUrl, "asimov_bench");
  try {
    results.push(await benchmark("postgres", { DATABASE_URL: database.url.toString() }, nginxBinary));
  } finally {
    await database.drop();
  }
}
for (const r of results) printTable(r);

const report = {
  at: new Date().toISOString(),
  machine: {
    cpus: os.availableParallelism(),
    model: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    // Other work on the machine skews every figure: the load average before and after the run says how much.
    loadAverage: { before: loadBefore, after: os.loadavg() },
  },
  node: process.version,
  loadTool: loadTool.name,
  durationSeconds: duration,
  rounds,
  connections,
  results,
};
mkdirSync(path.join(root, "bench/results"), { recursive: true });
const stamp = report.at.replace(/[:.]/g, "-");
writeFileSync(path.join(root, `bench/results/${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(root, "bench/results/latest.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nWrote bench/results/${stamp}.json and bench/results/latest.json`);

// `npm run bench:memory`: the resident memory a host pays for the server, phase by phase (docs/performance.md,
// ADR 025). Starts the production server the way the README says, `npm start` (BENCH_MEMORY_WRAPPER=node starts
// `node scripts/start.ts` instead), on an empty temporary data folder (PGlite; PostgreSQL in a scratch database
// too when BENCH_DATABASE_URL is set), with rate limits off, and samples the whole process tree's VmRSS (npm, its
// shell and the server) every 50 ms through:
//   first start (migrations, demo content) → first page views → BENCH_LEADS (150,000) lead POSTs with wrk at 50
//   connections (autocannon; the JSON path, a new address each) → the page bench (each public page, BENCH_PAGE_SECONDS at 50
//   connections) → 30 s idle → 90 s more idle → restart → the same first page views → 10 s idle.
// Prints each phase's peak and the RSS at its end, the server's VmHWM, and what the wrapper holds. Results go to
// bench/results/memory-latest.json and a timestamped copy.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import "../scripts/check-node.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { freePort } from "../scripts/free-port.ts";
import { E2E_ADMIN, scratchDatabase } from "../tests/e2e/support/server-process.ts";
import { processMemory, residentParts, TreeSampler, treeMemory } from "./rss.ts";
import { ensureTool, installHint } from "./tools.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const LEADS = Number(process.env.BENCH_LEADS ?? 150_000);
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 3);
const CONNECTIONS = 50;
const wrapper = process.env.BENCH_MEMORY_WRAPPER === "node" ? "node" : "npm";
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Phase {
  phase: string;
  seconds: number;
  /** Highest sum of the tree's VmRSS sampled during the phase, and the sum at its end. */
  peakTreeMb: number;
  endTreeMb: number;
  /** The server process alone at the end: resident now and its high-water mark since it started. */
  serverRssMb: number | null;
  serverHwmMb: number | null;
  /** Everything in the tree but the server: npm and its shell. */
  wrapperMb: number;
  note?: string;
  /** At the idle ends: where the server's resident memory sits (residentParts). */
  serverParts?: Record<string, number>;
}

interface Started {
  proc: ChildProcess;
  base: string;
  sampler: TreeSampler;
}

/** Starts the server through the wrapper in a process group of its own (so stopping it stops npm and its shell). */
async function start(port: number, env: Record<string, string>): Promise<Started> {
  const command = wrapper === "npm" ? ["npm", ["start"]] : [process.execPath, ["scripts/start.ts"]];
  const proc = spawn(command[0] as string, command[1] as string[], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://localhost:${port}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      RATE_LIMIT_FACTOR: "0",
      LEAD_MIN_FILL_MS: "0",
      ...env,
    },
  });
  if (!proc.pid) throw new Error(`could not start ${wrapper}`);
  const sampler = new TreeSampler(proc.pid);
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) return { proc, base, sampler };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error("the server did not answer /healthz within 5 minutes");
}

async function stop(server: Started) {
  const exited = new Promise((r) => server.proc.once("exit", r));
  try {
    process.kill(-(server.proc.pid as number), "SIGTERM");
  } catch {
    // already gone
  }
  await exited;
  server.sampler.stop();
}

/** The server: the deepest node process of the tree (npm → sh → node). */
function serverPid(rootPid: number): number | undefined {
  const { processes } = treeMemory(rootPid);
  return processes.filter((p) => p.name === "node" || p.name === "MainThread").at(-1)?.pid ?? rootPid;
}

function record(server: Started, phase: string, began: number, note?: string, parts = false): Phase {
  const peak = server.sampler.takePeak();
  const tree = treeMemory(server.proc.pid as number);
  const pid = serverPid(server.proc.pid as number);
  const serverMemory = pid ? processMemory(pid) : null;
  const row: Phase = {
    phase,
    seconds: Math.round((performance.now() - began) / 100) / 10,
    peakTreeMb: peak,
    endTreeMb: tree.totalMb,
    serverRssMb: serverMemory?.rssMb ?? null,
    serverHwmMb: serverMemory?.hwmMb ?? null,
    wrapperMb: tree.totalMb - (serverMemory?.rssMb ?? 0),
    ...(note ? { note } : {}),
    ...(parts && pid ? { serverParts: residentParts(pid) ?? {} } : {}),
  };
  console.log(`  ${JSON.stringify(row)}`);
  return row;
}

/** The public pages a visitor opens first, with a blog post and an academy item found from the lists. */
async function pages(base: string): Promise<string[]> {
  const blog = await (await fetch(`${base}/blog`)).text();
  const academy = await (await fetch(`${base}/academy`)).text();
  const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1];
  const item = /href="(\/academy\/[a-z0-9-]+)"/.exec(academy)?.[1];
  return ["/", "/pricing", "/blog", "/academy", "/contact", ...(post ? [post] : []), ...(item ? [item] : [])];
}

async function firstViews(base: string) {
  for (const page of await pages(base)) {
    await (await fetch(`${base}${page}`, { headers: { "user-agent": BROWSER_USER_AGENT } })).arrayBuffer();
  }
}

/**
 * `count` lead POSTs (the contact form's JSON path, a new address each) at 50 connections. autocannon, not wrk:
 * wrk stops only at the end of its duration, and the run needs an exact count.
 */
function leads(base: string, count: number): Promise<number> {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${base}/api/leads`,
        method: "POST",
        connections: CONNECTIONS,
        amount: count,
        idReplacement: true,
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: "kind=contact&name=Bench+Visitor&email=memory-[<id>]%40example.com&interest=consulting&message=Benchmark",
      },
      (error, result) => (error ? reject(error) : resolve(result.requests.average)),
    ),
  );
}

async function pageBench(wrk: string, base: string) {
  for (const page of await pages(base)) {
    await run(wrk, [
      "-t2",
      `-c${CONNECTIONS}`,
      `-d${PAGE_SECONDS}s`,
      "-H",
      `User-Agent: ${BROWSER_USER_AGENT}`,
      `${base}${page}`,
    ]);
  }
}

async function measure(label: string, wrk: string, env: Record<string, string>): Promise<Phase[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-memory-"));
  const rows: Phase[] = [];
  const serverEnv = { DATA_DIR: dataDir, ...env };
  console.log(`${label} (${wrapper} start):`);
  try {
    let began = performance.now();
    let server = await start(await freePort(), serverEnv);
    rows.push(record(server, "first start (empty database, migrations, demo content)", began));
    began = performance.now();
    await firstViews(server.base);
    await sleep(5000);
    rows.push(record(server, "first page views (+5 s)", began));
    began = performance.now();
    const rate = await leads(server.base, LEADS);
    rows.push(record(server, `${LEADS} lead POSTs`, began, `${Math.round(rate)} req/s`));
    began = performance.now();
    await pageBench(wrk, server.base);
    rows.push(record(server, `page bench (${PAGE_SECONDS} s per page)`, began));
    began = performance.now();
    await sleep(30_000);
    rows.push(record(server, "idle 30 s after load", began, undefined, true));
    // V8's memory reducer, on Node 24, waits for its watchdog (100 s after the last full collection) once the
    // process allocates nothing on the C++ heap (docs/performance.md): the figure two minutes on shows that.
    began = performance.now();
    await sleep(90_000);
    rows.push(record(server, "idle 2 min after load", began, undefined, true));
    await stop(server);

    began = performance.now();
    server = await start(await freePort(), serverEnv);
    rows.push(record(server, "restart", began));
    began = performance.now();
    await firstViews(server.base);
    await sleep(10_000);
    rows.push(record(server, "first page views after restart (+10 s)", began, undefined, true));
    await stop(server);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

buildIfNeeded();
const wrk = ensureTool("wrk", "wrk");
if (!wrk) {
  console.error(`bench:memory: wrk is needed for the lead POSTs and the page bench: ${installHint("wrk")}.`);
  process.exit(1);
}
const began = performance.now();
const results: Record<string, Phase[]> = { pglite: await measure("pglite", wrk, {}) };
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const database = await scratchDatabase(pgUrl, "asimov_memory");
  try {
    results.postgres = await measure("postgres", wrk, { DATABASE_URL: database.url.toString() });
  } finally {
    await database.drop();
  }
}
for (const [label, rows] of Object.entries(results)) {
  const peak = Math.max(...rows.map((r) => r.peakTreeMb));
  const idle = rows.find((r) => r.phase.startsWith("idle"))?.endTreeMb;
  console.log(
    `\n${label}: peak ${peak} MB at any moment, idle after load ${idle} MB (the whole ${wrapper} tree)`,
  );
  console.table(
    rows.map((r) => ({
      phase: r.phase,
      s: r.seconds,
      "peak MB (tree)": r.peakTreeMb,
      "end MB (tree)": r.endTreeMb,
      "server RSS MB": r.serverRssMb,
      "server VmHWM MB": r.serverHwmMb,
      "wrapper MB": r.wrapperMb,
      note: r.note ?? "",
    })),
  );
}
const report = {
  at: new Date().toISOString(),
  machine: {
    cpus: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    load: os.loadavg(),
  },
  node: process.version,
  wrapper,
  leads: LEADS,
  pageSeconds: PAGE_SECONDS,
  wallSeconds: Math.round((performance.now() - began) / 1000),
  results,
};
mkdirSync(path.join(root, "bench/results"), { recursive: true });
const stamp = report.at.replace(/[:.]/g, "-");
writeFileSync(path.join(root, `bench/results/memory-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(root, "bench/results/memory-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\nWrote bench/results/memory-${stamp}.json and bench/results/memory-latest.json (${report.wallSeconds} s)`,
);

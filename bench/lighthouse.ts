// `npm run bench:lighthouse`: Lighthouse (mobile: its default form factor and simulated slow-4G throttling) on
// every public page of the production build, several runs per page, and the median of each category score and of
// LCP, FCP, TBT, CLS (and Speed Index).
//
// 1. Builds if needed and starts the production server the way bench/run.ts does (a fresh temporary PGlite data
//    folder with the demo content, rate limits off), then finds a blog post and an academy item from the list
//    pages' links.
// 2. Runs Lighthouse LIGHTHOUSE_RUNS times (default 3) per page with Debian's Chromium (/usr/bin/chromium, or
//    CHROMIUM_PATH), a fresh headless browser per run. The runs are interleaved (every page once, then every page
//    again), so a busy moment on this shared machine does not land on one page's runs only.
// 3. Prints a table of the medians and writes bench/results/lighthouse-latest.json plus a timestamped copy, with
//    every run's figures so the spread can be read too. LIGHTHOUSE_REPORTS=<dir> also keeps each run's full
//    Lighthouse report (JSON), to look into an audit.
//
// `runLighthouse(baseUrl, targets, runs)` is exported for `npm run bench`, which calls it against its own server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import "../scripts/check-node.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";
import { freePort } from "../scripts/free-port.ts";
import { startServer, stopServer } from "../tests/e2e/support/server-process.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface LighthouseTarget {
  name: string;
  path: string;
}

/** One run's figures: category scores 0–100, times in milliseconds, CLS unitless. */
interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /**
   * Lighthouse's measure of this machine's CPU speed during the run (a fast desktop scores ~2000+). Lower means
   * the observed main-thread tasks were slower, and the simulated TBT (4x those tasks) higher.
   */
  benchmarkIndex: number;
}

interface LighthouseRow {
  target: string;
  path: string;
  /** The median of each figure over the runs (each figure on its own). */
  median: LighthouseFigures;
  runs: LighthouseFigures[];
  /** What Lighthouse names as the LCP element in the median-LCP run. */
  lcpElement: string | null;
}

/** The seven public pages, with a published blog post and academy item found from the list pages' links. */
async function publicPages(base: string): Promise<LighthouseTarget[]> {
  const firstLink = async (list: string, prefix: string) => {
    const html = await (await fetch(`${base}${list}`)).text();
    return new RegExp(`href="(${prefix}/[a-z0-9-]+)"`).exec(html)?.[1];
  };
  const post = await firstLink("/blog", "/blog");
  const item = await firstLink("/academy", "/academy");
  if (!post || !item) throw new Error("no published blog post or academy item to measure");
  return [
    { name: "landing", path: "/" },
    { name: "pricing", path: "/pricing" },
    { name: "blog list", path: "/blog" },
    { name: "blog post", path: post },
    { name: "academy list", path: "/academy" },
    { name: "academy item", path: item },
    { name: "contact", path: "/contact" },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Number(value.toFixed(3));
}

interface RunResult {
  figures: LighthouseFigures;
  lcpElement: string | null;
}

async function runOnce(url: string, reportFile?: string): Promise<RunResult> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    if (reportFile) writeFileSync(reportFile, typeof result.report === "string" ? result.report : "");
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    // Lighthouse 13 names the LCP element in its LCP breakdown insight, as a node item beside the table.
    const lcpParts = (lhr.audits["lcp-breakdown-insight"]?.details as { items?: unknown[] } | undefined)
      ?.items;
    const lcpNode = lcpParts?.find(
      (item): item is { type: "node"; snippet?: string; nodeLabel?: string } =>
        (item as { type?: string }).type === "node",
    );
    return {
      figures: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(value("largest-contentful-paint")),
        fcpMs: Math.round(value("first-contentful-paint")),
        tbtMs: Math.round(value("total-blocking-time")),
        cls: Number(value("cumulative-layout-shift").toFixed(3)),
        speedIndexMs: Math.round(value("speed-index")),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      },
      lcpElement: lcpNode ? `${lcpNode.snippet ?? ""} ${lcpNode.nodeLabel ?? ""}`.trim() : null,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART …): such a run is repeated. */
const ATTEMPTS = 3;

async function runWithRetries(url: string, reportFile?: string): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, reportFile);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`  lighthouse failed on ${url} (${(error as Error).message}); trying again`);
    }
  }
}

/**
 * Lighthouse `runs` times on each target (interleaved), each figure's median per target. `baseUrl` is a running
 * production server; LIGHTHOUSE_REPORTS=<dir> keeps every full report.
 */
export async function runLighthouse(
  baseUrl: string,
  targets: LighthouseTarget[],
  runs = 3,
): Promise<LighthouseRow[]> {
  const reportsDir = process.env.LIGHTHOUSE_REPORTS;
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const results = new Map<string, RunResult[]>(targets.map((t) => [t.path, []]));
  for (let run = 1; run <= runs; run++) {
    for (const target of targets) {
      const file = reportsDir
        ? path.join(reportsDir, `${target.name.replace(/\W+/g, "-")}-${run}.json`)
        : undefined;
      const result = await runWithRetries(`${baseUrl}${target.path}`, file);
      results.get(target.path)?.push(result);
      const f = result.figures;
      console.log(
        `  lighthouse ${run}/${runs} ${target.name}: performance ${f.performance}, LCP ${f.lcpMs} ms, ` +
          `FCP ${f.fcpMs} ms, TBT ${f.tbtMs} ms, CLS ${f.cls}`,
      );
    }
  }
  return targets.map((target) => {
    const all = results.get(target.path) ?? [];
    const figures = all.map((r) => r.figures);
    const keys = Object.keys(figures[0] ?? {}) as (keyof LighthouseFigures)[];
    const med = Object.fromEntries(
      keys.map((k) => [k, median(figures.map((f) => f[k]))]),
    ) as unknown as LighthouseFigures;
    const medianLcpRun = [...all].sort((a, b) => a.figures.lcpMs - b.figures.lcpMs)[
      Math.floor(all.length / 2)
    ];
    return {
      target: target.name,
      path: target.path,
      median: med,
      runs: figures,
      lcpElement: medianLcpRun?.lcpElement ?? null,
    };
  });
}

function printLighthouseTable(rows: LighthouseRow[]) {
  console.table(
    rows.map((r) => ({
      page: r.target,
      performance: r.median.performance,
      accessibility: r.median.accessibility,
      "best practices": r.median.bestPractices,
      SEO: r.median.seo,
      "LCP ms": r.median.lcpMs,
      "FCP ms": r.median.fcpMs,
      "TBT ms": r.median.tbtMs,
      CLS: r.median.cls,
      "SI ms": r.median.speedIndexMs,
      "CPU index": r.median.benchmarkIndex,
    })),
  );
}

/** Writes bench/results/lighthouse-latest.json and a timestamped copy; returns the timestamped file's name. */
function writeLighthouseResults(rows: LighthouseRow[], runs: number): string {
  const report = {
    at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      load: os.loadavg().map((l) => l.toFixed(2)),
    },
    lighthouse: "mobile preset (default form factor), simulated throttling",
    runsPerPage: runs,
    rows,
  };
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const name = `lighthouse-${report.at.replace(/[:.]/g, "-")}.json`;
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(path.join(dir, name), json);
  writeFileSync(path.join(dir, "lighthouse-latest.json"), json);
  return name;
}

async function main() {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  buildIfNeeded();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-lighthouse-"));
  const server = await startServer(
    await freePort(),
    { DATA_DIR: dataDir, SEED_DEMO: "true", LOG_LEVEL: "warn" },
    { readyPath: "/", inheritStderr: true },
  );
  try {
    const targets = await publicPages(server.base);
    // One unmeasured load of each page, so the first run does not pay for a cold page cache.
    for (const t of targets) await (await fetch(`${server.base}${t.path}`)).arrayBuffer();
    console.log(`Lighthouse (mobile, simulated throttling): ${runs} runs per page, ${chromiumPath()}`);
    const rows = await runLighthouse(server.base, targets, runs);
    printLighthouseTable(rows);
    const file = writeLighthouseResults(rows, runs);
    console.log(`\nWrote bench/results/${file} and bench/results/lighthouse-latest.json`);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

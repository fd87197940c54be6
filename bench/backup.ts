// `npm run bench:backup`: backup and restore of the demo site through the administrator CLI, as an operator runs
// them, against the production server on a temporary data folder (PGlite): `backup` while the server runs (it
// writes the archive: server/admin-socket.ts), `backup --verify` (a restore into a scratch database, compared
// table by table), and `restore` into a new data folder. Each wall time includes the CLI's own start (Node, the
// server bundle). The bar: backup and restore each under 10 s. Then the cached landing page's p99 at a steady
// BENCH_PAGE_RATE (100 requests a second over 10 connections, autocannon) for BENCH_SECONDS without a backup, and
// again while backups run back to back (made by the server through its admin socket, then each through the CLI),
// after a discarded warm-up run and beside a bare `node:http` server (in this process) writing the same page at the
// same rate. Results go to bench/results/backup-latest.json.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import "../scripts/check-node.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { freePort } from "../scripts/free-port.ts";
import { startServer, stopServer } from "../tests/e2e/support/server-process.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PAGE_RATE = Number(process.env.BENCH_PAGE_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BAR_MS = 10_000;
const run = promisify(execFile);

/** `npm run admin -- …` on `dataDir`: its wall time in milliseconds. */
async function admin(dataDir: string, ...args: string[]): Promise<number> {
  const started = performance.now();
  await run(process.execPath, [path.join(root, "scripts/admin.ts"), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "error" },
  });
  return Math.round(performance.now() - started);
}

/** The cached landing page's latency at PAGE_RATE for SECONDS, while `during` runs (if given) until it ends. */
async function pageLoad(base: string, during?: (done: () => boolean) => Promise<number>) {
  let finished = false;
  const load = autocannon({ url: `${base}/`, connections: 10, overallRate: PAGE_RATE, duration: SECONDS });
  const work = during?.(() => finished);
  const result = await load;
  finished = true;
  const runs = (await work) ?? 0;
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, runs };
}

buildIfNeeded();
const work = mkdtempSync(path.join(os.tmpdir(), "asimov-bench-backup-"));
const dataDir = path.join(work, "site");
const archives = path.join(work, "archives");
const server = await startServer(await freePort(), { DATA_DIR: dataDir, SEED_DEMO: "true" });
try {
  for (let i = 0; i < 50; i++) await fetch(`${server.base}/`).then((r) => r.arrayBuffer());
  const backupMs = await admin(dataDir, "backup", "--to", archives);
  const [name = ""] = readdirSync(archives);
  const archive = path.join(archives, name);
  const verifyMs = await admin(dataDir, "backup", "--verify", archive);
  const restoreMs = await admin(path.join(work, "restored"), "restore", archive);

  // The load generator's own tail: a fresh autocannon's first seconds run unoptimised code, which put p99 near
  // 40 ms against a bare server too on a slow machine. A warm-up run is discarded, and the same rate against a bare
  // `node:http` server writing the landing page's bytes (no cache, no database, nothing else) is the yardstick.
  await pageLoad(server.base);
  const page = Buffer.from(await (await fetch(`${server.base}/`)).arrayBuffer());
  const bare = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": page.length });
    res.end(page);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const address = bare.address();
  const bareNode = await pageLoad(`http://127.0.0.1:${typeof address === "object" ? address?.port : 0}`);
  bare.close();
  const quiet = await pageLoad(server.base);
  mkdirSync(path.join(work, "under-load"));
  // Backups the server makes itself, as the daily job and "Back up now" do and as the CLI asks it to: through its
  // admin socket (DATA_DIR/admin.sock, server/admin-socket.ts), back to back, with no other process started.
  const bySocket = () =>
    new Promise<void>((resolve, reject) => {
      const asked = request(
        { socketPath: path.join(dataDir, "admin.sock"), path: "/backup", method: "POST" },
        (answer) => {
          answer.resume();
          answer.on("end", () =>
            answer.statusCode === 200 ? resolve() : reject(new Error(`admin socket: ${answer.statusCode}`)),
          );
        },
      );
      asked.on("error", reject);
      asked.end(JSON.stringify({ to: path.join(work, "under-load") }));
    });
  const serverMade = await pageLoad(server.base, async (done) => {
    let runs = 0;
    while (!done()) {
      await bySocket();
      runs++;
    }
    return runs;
  });
  // The same through the CLI, a process of its own for each backup (Node and the server bundle starting).
  const loaded = await pageLoad(server.base, async (done) => {
    let runs = 0;
    while (!done()) {
      await admin(dataDir, "backup", "--to", path.join(work, "under-load"));
      runs++;
    }
    return runs;
  });

  const results = {
    date: new Date().toISOString(),
    archiveBytes: statSync(archive).size,
    backupMs,
    verifyMs,
    restoreMs,
    barMs: BAR_MS,
    pageRate: PAGE_RATE,
    seconds: SECONDS,
    landingP99: {
      bareNode: bareNode.p99,
      quiet: quiet.p99,
      duringServerBackups: serverMade.p99,
      serverBackupsDuringLoad: serverMade.runs,
      duringBackups: loaded.p99,
      backupsDuringLoad: loaded.runs,
    },
    landingP50: { quiet: quiet.p50, duringServerBackups: serverMade.p50, duringBackups: loaded.p50 },
  };
  const verdict = (ms: number) => (ms < BAR_MS ? "under 10 s" : "OVER 10 s");
  console.log(`\nArchive of the demo site: ${(results.archiveBytes / 1024).toFixed(0)} KB`);
  console.log(`backup (running server writes it):  ${(backupMs / 1000).toFixed(1)} s  ${verdict(backupMs)}`);
  console.log(
    `restore into a new data folder:     ${(restoreMs / 1000).toFixed(1)} s  ${verdict(restoreMs)}`,
  );
  console.log(`backup --verify (scratch restore):  ${(verifyMs / 1000).toFixed(1)} s`);
  console.log(
    `cached landing page at ${PAGE_RATE} req/s for ${SECONDS} s: p99 ${quiet.p99} ms without a backup ` +
      `(a bare node:http server writing its bytes: ${bareNode.p99} ms), ` +
      `${serverMade.p99} ms during ${serverMade.runs} back-to-back backups made by the server, ` +
      `${loaded.p99} ms during ${loaded.runs} back-to-back backups (p50 ${quiet.p50} / ${loaded.p50} ms)`,
  );
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/backup-latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  if (backupMs >= BAR_MS || restoreMs >= BAR_MS) process.exitCode = 1;
} finally {
  await stopServer(server);
  rmSync(work, { recursive: true, force: true });
}

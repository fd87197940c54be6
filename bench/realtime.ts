// `npm run bench:realtime`: what open back-office connections cost (docs/performance.md, ADR 049). Starts the
// production server through its launcher on a temporary PGlite folder with the demo content, makes 25 members (each
// may keep 20 tabs open), then alternates: a cached public page (/pricing, gzip) loaded for BENCH_SECONDS at 50
// connections with no realtime connection open, and the same with BENCH_SOCKETS (500) WebSockets open, each joined to
// the inbox and a page's topic and sending its heartbeat. Reports the server's idle resident memory just before and
// 10 s after opening them, and each round's requests per second, p50, p99 and CPU µs per answer.
// Results go to bench/results/realtime-latest.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import "../scripts/check-node.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { freePort } from "../scripts/free-port.ts";
import { adminCookie, startServer, stopServer } from "../tests/e2e/support/server-process.ts";
import { type LoadTool, type Measurement, measure } from "./load.ts";
import { processMemory } from "./rss.ts";
import { ensureTool } from "./tools.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PER_MEMBER = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** A member invited by the administrator and joined through the invitation page: their session cookie. */
async function member(base: string, admin: string, n: number): Promise<string> {
  const email = `bench-${n}@example.com`;
  const invited = await fetch(`${base}/admin/team.data`, {
    method: "POST",
    headers: { Origin: base, cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "invite", email, role: "editor" }),
  });
  const token = /\/admin-auth\/join\/([\w-]{43})/.exec(await invited.text())?.[1];
  if (!token) throw new Error(`invitation for ${email} answered ${invited.status} without a link`);
  const password = `bench-member-password-${n}`;
  const joined = await fetch(`${base}/admin-auth/join/${token}`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: `Bench ${n}`, password, confirm: password }),
    redirect: "manual",
  });
  const cookie = cookieOf(joined);
  if (!cookie) throw new Error(`joining as ${email} answered ${joined.status} without a session`);
  return cookie;
}

/** Opens a tab's connection, joins the inbox and the page's topic, and beats every 25 s like the browser. */
function open(base: string, cookie: string, pageTopic: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/admin/realtime`, {
      headers: { cookie, origin: base },
    });
    socket.on("open", () => {
      socket.send(JSON.stringify({ type: "join", topic: "leads" }));
      socket.send(JSON.stringify({ type: "join", topic: pageTopic }));
      const beat = setInterval(() => socket.send('{"type":"heartbeat"}'), 25_000);
      socket.on("close", () => clearInterval(beat));
      resolve(socket);
    });
    socket.on("unexpected-response", (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    socket.on("error", reject);
  });
}

const mb = (pid: number) => processMemory(pid)?.rssMb ?? 0;

async function main() {
  buildIfNeeded();
  const wrk = ensureTool("wrk", "wrk");
  const tool: LoadTool = wrk ? { name: "wrk", binary: wrk } : { name: "autocannon" };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-bench-realtime-"));
  const server = await startServer(
    await freePort(),
    { DATA_DIR: dataDir, SEED_DEMO: "true", LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "0" },
    { launcher: true, inheritStderr: true },
  );
  const pid = server.proc.pid ?? 0;
  const sockets: WebSocket[] = [];
  try {
    const admin = await adminCookie(server.base);
    const cookies: string[] = [];
    for (let n = 0; n < Math.ceil(SOCKETS / PER_MEMBER); n++)
      cookies.push(await member(server.base, admin, n));
    const pages = await fetch(`${server.base}/admin/pages.data`, { headers: { cookie: admin } });
    const pageId = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/.exec(
      await pages.text(),
    )?.[1];
    if (!pageId) throw new Error("no page id in the pages list");
    const url = `${server.base}/pricing`;
    const request = { headers: { "accept-encoding": "gzip" } };
    const load = () => measure(tool, url, request, { seconds: SECONDS, connections: 50, pids: [pid] });
    await load(); // warm-up: the page cache, the JIT
    const rounds: { sockets: number; measurement: Measurement }[] = [];
    // Memory is read idle, right before and 10 s after the connections open, with no load in between (a load moves
    // the resident size by tens of MB on its own: collections, the allocator returning pages).
    const increases: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await sleep(10_000);
      const before = mb(pid);
      for (let i = 0; i < SOCKETS; i++) {
        const cookie = cookies[Math.floor(i / PER_MEMBER)] ?? "";
        sockets.push(await open(server.base, cookie, `doc:page:${pageId}`));
      }
      await sleep(10_000);
      increases.push(Math.round((mb(pid) - before) * 10) / 10);
      rounds.push({ sockets: SOCKETS, measurement: await load() });
      for (const socket of sockets.splice(0)) socket.close();
      await sleep(5_000);
      rounds.push({ sockets: 0, measurement: await load() });
    }
    const median = (values: number[]) =>
      [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
    const p99With = (open: number) =>
      median(rounds.filter((r) => r.sockets === open).map((r) => r.measurement.p99));
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores`,
      tool: tool.name,
      sockets: SOCKETS,
      seconds: SECONDS,
      rssIncreaseMb: { perRound: increases, largest: Math.max(...increases) },
      medianP99Ms: { without: p99With(0), with: p99With(SOCKETS) },
      rounds: rounds.map(({ sockets: open, measurement: m }) => ({
        sockets: open,
        reqPerSec: Math.round(m.reqPerSec),
        p50: m.p50,
        p99: m.p99,
        cpuMicrosPerRequest: m.cpuMicrosPerRequest,
        errors: m.errors,
        non2xx: m.non2xx,
      })),
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    writeFileSync(
      path.join(root, "bench/results/realtime-latest.json"),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    for (const socket of sockets) socket.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

// Starts the HTTP server: the production build (npm start) or Vite in middleware mode (npm run dev).
// Runs directly on Node 24 (type stripping), so this file uses only erasable TypeScript syntax.
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire, enableCompileCache } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Express, RequestHandler } from "express";
import type { Logger } from "pino";
import type { RawAnswer, RawRequest } from "./server/raw-hits.ts";

// Memory (ADR 024, ADR 025). glibc's malloc serves blocks of 128 KB and more with their own mappings, returned to the
// system when freed, until the first such block is freed; then it raises that threshold to the block's size (up to
// 32 MB) and keeps later ones in its arenas, which rarely shrink: a fixed threshold keeps the first behaviour. V8
// grows its young generation to 64 MB per semi-space under load, and lets its old generation grow to four times
// what is live before collecting it, and keeps both resident afterwards: 8 MB semi-spaces and a growth of 25 %
// keep a loaded server under 400 MB and an idle one under 200 MB (docs/performance.md). glibc also gives each thread
// that allocates (V8's collector and compiler threads, libuv's pool: zlib, file reads) an arena of its own, up to
// eight per core, and each keeps the memory it once held: two arenas hold ~18 MB less after a load for no
// measurable cost on two cores. glibc reads its variables and V8 its heap flags only when a process starts, hence
// one replacement of this process (same pid, before anything is loaded) when one is missing. Set
// MALLOC_MMAP_THRESHOLD_, MALLOC_ARENA_MAX or either flag yourself (in NODE_OPTIONS or on the command line) and
// yours is kept; other C libraries ignore the variables.
const HEAP_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=25"];
const givenArgs = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].map((arg) =>
  arg.replaceAll("_", "-"),
);
const missingFlags = HEAP_FLAGS.filter(
  (flag) => !givenArgs.some((arg) => arg.startsWith(flag.slice(0, flag.indexOf("=")))),
);
if (
  process.platform === "linux" &&
  (process.env.MALLOC_MMAP_THRESHOLD_ === undefined ||
    process.env.MALLOC_ARENA_MAX === undefined ||
    missingFlags.length > 0) &&
  process.execve
) {
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...missingFlags, ...process.execArgv, ...process.argv.slice(1)],
      {
        ...process.env,
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? String(128 * 1024),
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      },
    );
  } catch (error) {
    // Not fatal: this process carries on with glibc's and V8's defaults (only its memory is higher).
    console.warn(
      `Could not restart with bounded memory settings (${String(error)}); continuing without them.`,
    );
  }
}

// Start-up time: V8 keeps the compiled code of every module loaded from here on (Express, the server build and
// their dependencies) in a cache on disk (NODE_COMPILE_CACHE, else the system's temporary folder), so a restart
// parses and compiles none of it again. Hence the dynamic imports below: static ones would load before this line.
enableCompileCache();
const load = createRequire(import.meta.url);
// node:http through require: an ESM import of it builds a facade that evaluates every export, loading the fetch
// implementation (undici) for nothing.
const { createServer } = load("node:http") as typeof import("node:http");
const { default: express } = await import("express");
const { default: compression } = await import("compression");

type ServerModule = {
  app: Express;
  serveFromMemory(req: IncomingMessage, res: ServerResponse): boolean;
  answerFromMemory(req: RawRequest): RawAnswer | undefined;
  staticSecurityHeaders: RequestHandler;
  startup(): Promise<{ database: string; seeded: boolean; adminEmail: string; generatedPassword?: string }>;
  shutdown(): Promise<void>;
  logger: Logger;
  createLogger(pretty: boolean, destination?: NodeJS.WritableStream): Logger;
  /** The validated environment (app/env.server.ts, the only reader of process.env in the app). */
  env(): { port: number; host: string };
};

const major = Number(process.versions.node.split(".")[0]);
if (major !== 24) {
  console.error(
    `This server needs Node 24 LTS; it is running on Node ${process.versions.node}. Use npm start.`,
  );
  process.exit(1);
}

// NODE_ENV is read here, before the app is loaded, because it decides which app to load (Vite's or the build's);
// every other variable is read through the app's validated environment (mod.env()).
const isDev = process.env.NODE_ENV === "development";
const started = performance.now();
const root = path.dirname(new URL(import.meta.url).pathname);
const http = express();
http.disable("x-powered-by");

/** Exits with a readable message; an invalid environment (EnvError) is told as such, without a stack trace. */
function startupFailed(error: unknown): never {
  // The bundled class keeps its constructor name; its `name` property is the inherited "Error".
  if (error instanceof Error && error.name === "EnvError") {
    console.error(`\n${error.message}\n\nSee .env.example for every variable and its default.\n`);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
}

let mod: ServerModule;
if (isDev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  http.use(viteServer.middlewares);
  mod = (await viteServer.ssrLoadModule("./server/app.ts").catch(startupFailed)) as ServerModule;
  http.use((req, res, next) => {
    viteServer
      .ssrLoadModule("./server/app.ts")
      .then((fresh) => (fresh as ServerModule).app(req, res, next))
      .catch(next);
  });
} else {
  const entry = path.join(root, "build/server/index.js");
  if (!existsSync(entry)) {
    console.error("No production build found: run `npm run build` (npm start does it for you).");
    process.exit(1);
  }
  // The app module reads the environment as it loads.
  mod = (await import(entry).catch(startupFailed)) as ServerModule;
  http.use(compression());
  // Static files get the same security headers as pages (nosniff, no framing, HSTS on https).
  http.use(mod.staticSecurityHeaders);
  // Hashed file names never change content: cache them for a year.
  http.use(
    "/assets",
    express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  http.use(express.static(path.join(root, "build/client"), { maxAge: "1h", index: false }));
}

let info: Awaited<ReturnType<ServerModule["startup"]>>;
try {
  info = await mod.startup();
} catch (error) {
  startupFailed(error);
}
if (!isDev) http.use(mod.app);

// The host's own log lines go through the app's pino logger (JSON lines, or readable ones at a terminal). The
// announcements are written whatever LOG_LEVEL says: scripts and tests wait for "listening on". A port that
// cannot be taken is told on stderr, where a failed start is looked for.
const announce = mod.logger.child({}, { level: "info" });
const fatal = mod.createLogger(Boolean(process.stderr.isTTY), process.stderr);

// PORT and HOST as validated by the app's environment (the development server stays on 127.0.0.1 unless HOST is set).
const { port, host } = mod.env();
// Not http.listen(): Express 5 hands a listen error to the callback, which then announced a server that was not
// listening and let the process exit with status 0.
// Production: cache hits are answered before Express (mod.serveFromMemory); everything else goes through it.
// Idle memory (ADR 025): under load V8 keeps the heap it grew and the buffers it has not collected yet, and its own
// memory reducer may not run for a long time (a server idle 30 s after 150,000 lead POSTs still held ~300 MB). Once
// requests stop for a while after a busy period, one full collection gives that memory back. The check is a counter
// and a timer; the collection (tens of ms) happens only when nobody is waiting.
let requests = 0;
/** Requests within 10 s that count as a busy period (a few visitors a second do not need a collection). */
const IDLE_GC_AFTER_REQUESTS = 1000;
if (!isDev) {
  const v8 = load("node:v8") as typeof import("node:v8");
  const vm = load("node:vm") as typeof import("node:vm");
  v8.setFlagsFromString("--expose-gc");
  // V8's "last resort" flavour (what a low-memory notification runs) also compacts the heap and gives its free pages
  // and the young generation's grown space back; a regular full collection kept ~270 MB where it leaves ~200 MB.
  const gc = vm.runInNewContext("gc") as (options: {
    type: "major";
    execution: "sync";
    flavor: "last-resort";
  }) => void;
  // Then glibc gives back the free pages in the middle of its heaps (server/native-heap.ts): ~30 MB after a load.
  const { nativeHeapTrimmer } = await import("./server/native-heap.ts");
  const trimNativeHeap = nativeHeapTrimmer();
  const collect = () => {
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    trimNativeHeap?.();
  };
  let seen = 0;
  let busy = false;
  setInterval(() => {
    if (requests !== seen) {
      busy = busy || requests - seen > IDLE_GC_AFTER_REQUESTS;
      seen = requests;
    } else if (busy) {
      busy = false;
      collect();
    }
  }, 10_000).unref();
}

const server = createServer(
  isDev
    ? http
    : (req, res) => {
        requests++;
        let served = false;
        try {
          served = mod.serveFromMemory(req, res);
        } catch (error) {
          mod.logger.error({ err: error, url: req.url }, "answering from memory failed");
          if (res.headersSent) return void res.destroy();
        }
        if (!served) http(req, res);
      },
);
// Production: most cache hits are read and answered on the connection itself, before Node's HTTP layer (ADR 040).
let closeHeldConnections = () => {};
if (!isDev) {
  const { answerHitsFirst } = await import("./server/raw-hits.ts");
  closeHeldConnections = answerHitsFirst(
    server,
    (req) => {
      const hit = mod.answerFromMemory(req);
      if (hit) requests++;
      return hit;
    },
    (error) => mod.logger.error({ err: error }, "answering from memory failed"),
  );
}
server.once("error", async (error: NodeJS.ErrnoException) => {
  const reason =
    error.code === "EADDRINUSE"
      ? `port ${port} is already in use (on ${host}): stop the other server or set PORT`
      : error.code === "EACCES"
        ? `not allowed to listen on port ${port} (on ${host}): choose a port above 1023 or set PORT`
        : `cannot listen on ${host}:${port}: ${error.message}`;
  fatal.fatal({ code: error.code }, reason);
  setTimeout(() => process.exit(1), 1500).unref();
  await mod.shutdown().catch(() => {});
  process.exit(1);
});
server.listen(port, host, () => {
  const ms = Math.round(performance.now() - started);
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  announce.info(
    { address: (server.address() as AddressInfo).address, database: info.database, startupMs: ms },
    `listening on http://${shown}:${port}`,
  );
  if (info.generatedPassword) {
    const line = "=".repeat(72);
    console.log(
      `\n${line}\n  Administrator account created\n\n  Sign in at http://${shown}:${port}/admin-auth\n` +
        `  Email:    ${info.adminEmail}\n  Password: ${info.generatedPassword}\n\n` +
        "  This password is shown only once. To change it:\n" +
        "    npm run admin -- set-password\n" +
        `  or set ADMIN_PASSWORD before the next start.\n${line}\n`,
    );
  }
});
server.keepAliveTimeout = 65_000;

// Requests Node refuses before our code sees them (a URL or headers beyond its 16 KB limit, a malformed request)
// get a short answer that says why, instead of an empty one.
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request's address or headers are too large."],
  HPE_URI_OVERFLOW: [414, "The request's address is too long."],
};
server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
  if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "The request could not be understood."];
  const reason =
    status === 431 ? "Request Header Fields Too Large" : status === 414 ? "URI Too Long" : "Bad Request";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
  );
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  announce.info(`${signal} received, shutting down`);
  const force = setTimeout(() => process.exit(1), 1500);
  force.unref();
  server.close();
  server.closeIdleConnections();
  closeHeldConnections();
  await mod.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

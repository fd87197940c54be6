// Starts the HTTP server: the production build (npm start) or Vite in middleware mode (npm run dev).
// Runs directly on Node 24 (type stripping), so this file uses only erasable TypeScript syntax.
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire, enableCompileCache } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import type { Express, RequestHandler } from "express";
import type { Logger } from "pino";

// Process settings (glibc's malloc arenas and mmap threshold, V8's heap flags) are the launcher's
// (scripts/start.ts, ADR 042): they are read when a process starts, so this file only uses what it was given.

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
  /** The back office's realtime channel: WebSocket upgrades (server/realtime.ts). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
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

/**
 * Exits with a readable message; an invalid environment (EnvError), a database of a newer version or a busy data
 * folder are told as such, without a stack trace.
 */
function startupFailed(error: unknown): never {
  // The bundled class keeps its constructor name; its `name` property is the inherited "Error".
  if (error instanceof Error && error.name === "EnvError") {
    console.error(`\n${error.message}\n\nSee .env.example for every variable and its default.\n`);
  } else if (error instanceof Error && ["SchemaTooNewError", "DataDirBusyError"].includes(error.name)) {
    // A database migrated by a newer version, or a data folder another process holds: said without a stack.
    console.error(`\nStart-up refused: ${error.message}\n`);
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
  // A page cache hit that reaches Express (after its content version was read) is sent as the cache holds it: its
  // compressed copy, or plain until that copy is made (server/page-cache.ts), never compressed again per request.
  http.use(
    compression({ filter: (req, res) => res.getHeader("x-cache") !== "HIT" && compression.filter(req, res) }),
  );
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
// Production: the one fast path (mod.serveFromMemory: cache hits and verified content API reads) answers first;
// everything else goes through Express (ADR 041).
const server = createServer(
  isDev
    ? http
    : (req, res) => {
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
server.on("upgrade", (req, socket, head) => mod.handleUpgrade(req, socket, head));

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
  await mod.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

// `npm start`: builds if needed, then becomes the production server with the process settings it runs best with.
//
// Memory (ADR 024, ADR 025, ADR 042). These are read only when a process starts, so the launcher sets them and
// then replaces itself with the server (same pid: signals from a process manager reach the server):
// - glibc's malloc serves blocks of 128 KB and more with their own mappings, returned to the system when freed,
//   until the first such block is freed; then it raises that threshold and keeps later ones in its arenas, which
//   rarely shrink: a fixed threshold (MALLOC_MMAP_THRESHOLD_) keeps the first behaviour. It also gives each thread
//   that allocates (V8's helpers, libuv's pool: zlib, file reads) an arena of its own, each keeping what it once
//   held: two (MALLOC_ARENA_MAX) hold less after a load for no measurable cost on two cores. Other C libraries
//   ignore both variables.
// - V8 grows its young generation to 64 MB per semi-space under load and lets its old generation grow to four
//   times what is live before collecting it: 8 MB semi-spaces and a growth of 25 % keep a loaded server under
//   400 MB (docs/performance.md).
// A variable or flag you set yourself (in the environment or NODE_OPTIONS) is kept. The container image uses the
// same settings.
import "./check-node.ts";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.ts";

const SERVER_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=25"];
const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024), MALLOC_ARENA_MAX: "2" };

buildIfNeeded();
const server = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "server.ts");
const given = (process.env.NODE_OPTIONS ?? "").split(/\s+/).map((flag) => flag.replaceAll("_", "-"));
const flags = SERVER_FLAGS.filter((flag) => !given.some((g) => g.startsWith(flag.split("=")[0] as string)));
// Set before the app loads: server.ts picks the production build by it, and the app reads it once at start-up.
const env = { ...SERVER_ENV, ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" };
if (process.execve) {
  process.execve(process.execPath, [process.execPath, ...flags, server, ...process.argv.slice(2)], env);
} else {
  // Windows has no exec: the server runs in this process, with Node's defaults.
  process.env.NODE_ENV = env.NODE_ENV;
  await import("../server.ts");
}

// Memory of the production server on PGlite (ADR 025, 042): started by `npm start`'s launcher, the process runs
// with the heap settings and malloc threshold the launcher gives it, keeps an operator's own value, and a restart with its first page views stays within the budget
// (the first start copies an empty cluster made by the build instead of running initdb; V8 no longer optimises the database engine's WebAssembly, whose largest function took its compiler 600 MB).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import { type ServerProcess, startServer, stopServer } from "../e2e/support/server-process";

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
const environ = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
const vmHwmMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

/** A visitor's first look around the site: every public page answers. */
async function viewFirstPages(base: string) {
  for (const page of ["/pricing", "/blog", "/academy", "/contact", "/"]) {
    expect((await fetch(`${base}${page}`)).status).toBe(200);
  }
}

// Linux only, like the machines it runs on: the figures come from /proc.
describe("server memory", () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-memory-spec-"));
  });
  afterEach(async () => {
    if (server) await stopServer(server);
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the launcher gives the server bounded heap flags, the malloc threshold and two arenas, and keeps an operator's own", async () => {
    server = await startServer(await freePort(), { DATA_DIR: dataDir }, { launcher: true });
    const pid = server.proc.pid as number;
    expect(cmdline(pid)).toEqual(
      expect.arrayContaining(["--max-semi-space-size=8", "--heap-growing-percent=25"]),
    );
    expect(cmdline(pid).filter(Boolean).at(-1)).toMatch(/server\.ts$/);
    expect(environ(pid)).toContain("MALLOC_MMAP_THRESHOLD_=131072");
    expect(environ(pid)).toContain("MALLOC_ARENA_MAX=2");
    await stopServer(server);

    server = await startServer(
      await freePort(),
      {
        DATA_DIR: dataDir,
        NODE_OPTIONS: "--max-semi-space-size=16",
        MALLOC_MMAP_THRESHOLD_: "262144",
        MALLOC_ARENA_MAX: "4",
      },
      { launcher: true },
    );
    const own = server.proc.pid as number;
    expect(cmdline(own)).not.toContain("--max-semi-space-size=8");
    expect(cmdline(own)).toContain("--heap-growing-percent=25");
    expect(environ(own)).toContain("MALLOC_MMAP_THRESHOLD_=262144");
    expect(environ(own)).toContain("MALLOC_ARENA_MAX=4");
  });

  test("a first start on an empty data folder, with migrations and demo content, stays under 400 MB resident", {
    timeout: 120_000,
  }, async () => {
    // The build's empty cluster is copied in; PGlite's own initdb in the server peaked at ~670 MB.
    server = await startServer(
      await freePort(),
      { DATA_DIR: dataDir, SEED_DEMO: "true" },
      { readyPath: "/", launcher: true },
    );
    await viewFirstPages(server.base);
    expect(vmHwmMb(server.proc.pid as number)).toBeLessThan(400);
  });

  test("a restart and its first page views stay under 400 MB resident", { timeout: 120_000 }, async () => {
    server = await startServer(await freePort(), { DATA_DIR: dataDir, SEED_DEMO: "true" });
    await stopServer(server);
    server = await startServer(
      await freePort(),
      { DATA_DIR: dataDir, SEED_DEMO: "true" },
      { readyPath: "/", launcher: true },
    );
    await viewFirstPages(server.base);
    // V8 optimised the engine's hottest WebAssembly functions a few seconds after the first pages.
    await new Promise((r) => setTimeout(r, 8000));
    expect(vmHwmMb(server.proc.pid as number)).toBeLessThan(400);
  });
});

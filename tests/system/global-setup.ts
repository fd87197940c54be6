// The system project's two shared production servers, as Playwright's (playwright.config.ts): demo content, and
// empty. Specs that need a server of their own (crashes, restarts, PostgreSQL, other settings) start it themselves.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/free-port.ts";
import { sharedServerEnv, startServer, stopServer } from "../e2e/support/server-process.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared server with demo content. */
    baseURL: string;
    /** The shared server started with SEED_DEMO=false (empty states). */
    emptyURL: string;
  }
}

export default async function setup(project: TestProject) {
  // A no-op under `npm test`, which built before starting this project and Playwright side by side. In a process of
  // its own: Vitest's module runner lacks import.meta.resolve, which the build's PGlite template check uses.
  execFileSync(
    process.execPath,
    ["--input-type=module", "-e", 'import("./scripts/build-if-needed.ts").then((m) => m.buildIfNeeded())'],
    { cwd: root, stdio: "inherit" },
  );
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), "asimov-system-"));
  const [demo, empty] = await Promise.all([
    startServer(await freePort(), sharedServerEnv(path.join(dataRoot, "demo"), { seedDemo: true })),
    startServer(await freePort(), sharedServerEnv(path.join(dataRoot, "empty"), { seedDemo: false })),
  ]);
  project.provide("baseURL", demo.base);
  project.provide("emptyURL", empty.base);
  return async () => {
    await Promise.all([stopServer(demo), stopServer(empty)]);
    rmSync(dataRoot, { recursive: true, force: true });
  };
}

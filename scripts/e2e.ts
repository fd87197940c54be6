// `npm run test:e2e`: builds the production bundle if sources changed, picks free ports and a temporary data
// folder, then runs Playwright in Debian's Chromium against two production servers (demo content, and empty) and,
// beside it, the Vitest project "system" (tests/system: production servers over HTTP, no browser), each on one of
// the machine's two cores (docs/decisions/044-ci-layout.md). E2E_SYSTEM=after runs the system project once
// Playwright is done instead. Extra arguments go to `playwright test` alone, and then the system project does not
// run (e.g. `npm run test:e2e -- tests/e2e/layout.spec.ts`; the system project alone: `npm run test:system`).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import "./check-node.ts";
import { buildIfNeeded } from "./build-if-needed.ts";
import { freePort } from "./free-port.ts";
import { REPORTS, recordPhase } from "./slowest.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
  (p): p is string => Boolean(p),
);
const chromium = candidates.find((p) => existsSync(p));
if (!chromium) {
  console.error(
    "End-to-end tests need Chromium and none was found.\n" +
      "  Debian/Ubuntu: apt-get install -y chromium   (or run `bash .ci/run`, which installs it)\n" +
      "  Elsewhere: set CHROMIUM_PATH to a Chromium or Chrome executable.",
  );
  process.exit(1);
}

const buildStarted = performance.now();
buildIfNeeded();
recordPhase("build", performance.now() - buildStarted, true);

/** Runs a command to its end, recording its wall time as a phase of `npm test`; true when it passed. */
function run(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit", env });
    child.on("exit", (code) => {
      recordPhase(name, performance.now() - began, code === 0);
      resolve(code === 0);
    });
  });
}

const dataRoot = mkdtempSync(path.join(os.tmpdir(), "asimov-e2e-"));
const env = {
  ...process.env,
  CHROMIUM_PATH: chromium,
  E2E_PORT: String(process.env.E2E_PORT ?? (await freePort())),
  E2E_EMPTY_PORT: String(process.env.E2E_EMPTY_PORT ?? (await freePort())),
  E2E_DATA_ROOT: dataRoot,
};
const playwrightArgs = process.argv.slice(2);
const playwright = () =>
  run(
    "playwright",
    [path.join(root, "node_modules/@playwright/test/cli.js"), "test", ...playwrightArgs],
    env,
  );
const system = () =>
  run(
    "system (vitest)",
    [
      path.join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      "--project",
      "system",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${REPORTS.system}`,
    ],
    process.env,
  );
let passed: boolean[];
if (playwrightArgs.length > 0) passed = [await playwright()];
else if (process.env.E2E_SYSTEM === "after") passed = [await playwright(), await system()];
else passed = await Promise.all([playwright(), system()]);
rmSync(dataRoot, { recursive: true, force: true });
process.exit(passed.every(Boolean) ? 0 : 1);

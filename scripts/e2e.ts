// `npm run test:e2e`: builds the production bundle if sources changed, picks free ports and a temporary data
// folder, then runs Playwright in Debian's Chromium against two production servers (demo content, and empty).
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- tests/e2e/layout.spec.ts`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import "./check-node.ts";
import { buildIfNeeded } from "./build-if-needed.ts";
import { freePort } from "./free-port.ts";

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

buildIfNeeded();

const dataRoot = mkdtempSync(path.join(os.tmpdir(), "asimov-e2e-"));
const env = {
  ...process.env,
  CHROMIUM_PATH: chromium,
  E2E_PORT: String(process.env.E2E_PORT ?? (await freePort())),
  E2E_EMPTY_PORT: String(process.env.E2E_EMPTY_PORT ?? (await freePort())),
  E2E_DATA_ROOT: dataRoot,
};
const result = spawnSync(
  process.execPath,
  [path.join(root, "node_modules/@playwright/test/cli.js"), "test", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env },
);
rmSync(dataRoot, { recursive: true, force: true });
process.exit(result.status ?? 1);

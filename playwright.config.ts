// End-to-end tests in Debian's Chromium against production builds. Run through `npm run test:e2e`
// (scripts/e2e.ts), which supplies the browser path, free ports and a temporary data folder.
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath } from "./scripts/chromium.ts";
import { E2E_ADMIN, sharedServerEnv } from "./tests/e2e/support/server-process";

const port = Number(process.env.E2E_PORT ?? 3100);
const emptyPort = Number(process.env.E2E_EMPTY_PORT ?? 3101);
const dataRoot = process.env.E2E_DATA_ROOT ?? path.resolve("test-results/e2e-data");

function server(serverPort: number, dataDir: string, { seedDemo = true } = {}) {
  return {
    command: "node server.ts",
    url: `http://localhost:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      BASE_URL: `http://localhost:${serverPort}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...sharedServerEnv(path.join(dataRoot, dataDir), { seedDemo }),
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  // Two cores and one embedded database per server: tests run one at a time.
  workers: 1,
  fullyParallel: false,
  // One retry in CI absorbs timing flakes on a loaded two-core machine; a real failure fails twice. Playwright
  // reports retried tests as "flaky", so they stay visible.
  retries: process.env.CI ? 1 : 0,
  // Generous for a slow or shared two-core machine (a page and its hydration can take seconds there); a test that
  // passes is not slowed by it.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Also every test's duration (test-results/e2e-report.json), for the slowest tests `npm test` prints at its end.
  reporter: [[process.env.CI ? "line" : "list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records a screencast of every page, which costs the browser about a fifth of the run's time; only a
    // retried test records one (CI retries once), and `--trace on` records them all when wanted.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: [server(port, "demo"), server(emptyPort, "empty", { seedDemo: false })],
});

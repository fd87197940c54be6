import { defineConfig } from "vitest/config";

// Unit tests (*.test.ts) run once. Integration tests (*.int.test.ts) talk to a real database: PGlite always, and
// PostgreSQL too when TEST_DATABASE_URL is set (each file in its own database, a copy of a template migrated once
// per run: tests/support/db-template.ts).
const integration = ["app/**/*.int.test.ts", "server/**/*.int.test.ts", "tests/integration/**/*.int.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/*.test.ts"],
          exclude: integration,
        },
      },
      {
        extends: true,
        test: {
          name: "pglite",
          include: integration,
          globalSetup: ["tests/support/db-template.ts"],
          env: { TEST_DB: "pglite" },
        },
      },
      // Without a PostgreSQL server the project still runs, reporting every integration file as skipped.
      process.env.TEST_DATABASE_URL
        ? {
            extends: true,
            test: {
              name: "postgres",
              include: integration,
              globalSetup: ["tests/support/db-template.ts"],
              env: { TEST_DB: "postgres" },
            },
          }
        : { extends: true, test: { name: "postgres", include: ["tests/support/postgres-skipped.test.ts"] } },
      // The system specs (tests/system): production servers started as child processes and talked to over HTTP, no
      // browser. They need the production build (the global setup builds if sources changed) and run one file at a
      // time, as most start servers of their own. `npm test` runs them beside Playwright (scripts/e2e.ts).
      {
        extends: true,
        test: {
          name: "system",
          include: ["tests/system/**/*.system.test.ts"],
          globalSetup: ["tests/system/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

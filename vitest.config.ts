import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit tests (*.test.ts) run once. Integration tests (*.int.test.ts) talk to a real database: every one on PGlite,
// and those below on PostgreSQL too when TEST_DATABASE_URL is set (each file in its own database, cloned from a
// template migrated once: tests/support/db-template.ts).
const integration = ["app/**/*.int.test.ts", "server/**/*.int.test.ts", "tests/integration/**/*.int.test.ts"];

// The PostgreSQL pass: the files whose behaviour depends on the server (several connections, row and advisory
// locks, LISTEN/NOTIFY), which PGlite's single connection cannot show, plus a smoke set of the rest. A new file
// belongs here when it races clients, claims rows or listens; grep the tests for secondClient, testDatabaseKind,
// Promise.all, "for update", skip locked, advisory, listen and notify.
const onPostgres = [
  // LISTEN/NOTIFY between two clients: a content version bumped by one reaches the other.
  "app/lib/content-version.int.test.ts",
  // The page cache emptied by another instance's content version notification.
  "server/page-cache.int.test.ts",
  // Rate-limit counters under concurrent requests from two instances.
  "app/lib/rate-limit.int.test.ts",
  // 200 concurrent submissions stored exactly once; the per-address rate limits.
  "app/models/leads.int.test.ts",
  // Group commit: one transaction for many submissions, with PostgreSQL-only cases.
  "app/models/leads-group-commit.int.test.ts",
  // Group commit with hostile text: a refused row inside a shared commit.
  "app/models/leads-text.int.test.ts",
  // Concurrent rate-limit counting, and restores racing on one held submission (FOR UPDATE).
  "app/models/held-submissions.int.test.ts",
  // A built form's held submission released by two members at once (FOR UPDATE), and its per-form round-robin.
  "app/models/form-leads.int.test.ts",
  "app/models/form-routing.int.test.ts",
  // Group commit of built forms' submissions: a limited form's places counted under its row lock (FOR UPDATE).
  "app/models/form-group-commit.int.test.ts",
  // Round-robin turns taken by concurrent batches (FOR UPDATE).
  "app/models/lead-assignment.int.test.ts",
  // The outbox claim (FOR UPDATE SKIP LOCKED) by two instances.
  "app/models/outbox.int.test.ts",
  // The newsletter claim (FOR UPDATE SKIP LOCKED) by two instances.
  "app/models/newsletter-sending.int.test.ts",
  // Scheduled publishing claimed by two instances (SKIP LOCKED), with the content version.
  "app/models/publication-schedule.int.test.ts",
  // The subscriber import worker's claim (SKIP LOCKED).
  "app/models/subscriber-import.int.test.ts",
  // Redirect writes under an advisory lock; one case runs on PostgreSQL only.
  "app/models/redirects.int.test.ts",
  // Redirect edits under the same lock, with their row lock and version.
  "app/models/redirect-edits.int.test.ts",
  // Showcase writes under an advisory lock.
  "app/models/showcase-admin.int.test.ts",
  // Page saves (FOR UPDATE) and the content version they bump.
  "app/models/pages.int.test.ts",
  // The content API's per-key rate limit and its content-version ETags.
  "app/routes/api/content-api.int.test.ts",
  // The realtime channel: notices through LISTEN/NOTIFY on a connection of their own.
  "server/realtime.int.test.ts",
  // One item read with its ETag and updated with If-Match, checked under the row's lock (FOR UPDATE).
  "app/routes/api/content-api-items.int.test.ts",
  // Settings tabs saved at once by two members: the tab's version row locked (FOR UPDATE), one save refused.
  "app/models/settings-tabs.int.test.ts",
  // Readiness from drizzle's migrations table, and the outbox backlog read at scrape time (/metrics).
  "server/metrics.int.test.ts",
  // Migrations under their advisory lock on a real server.
  "app/db/db.int.test.ts",
  // The migration that hashes preview link tokens, with PostgreSQL's own sha256().
  "app/models/preview-links.int.test.ts",
  // Backups restored into a new PostgreSQL database (the one snapshot, the same rows read back on the server).
  "app/models/backups.int.test.ts",
  // Scheduled backups: the day's run claimed by one of two instances (a unique row), the lease of a stopped one.
  "app/models/backup-runs.int.test.ts",
  // Smoke set: sign-in and sessions, content, the admin authorization matrix and team roles on the real server.
  "app/auth/auth.int.test.ts",
  "app/models/blog.int.test.ts",
  "tests/integration/authz-matrix.int.test.ts",
  "tests/integration/team.int.test.ts",
  // Team changes racing each other (locked rows): invitations and their inviter's removal, two role changes on one
  // version; ownership handed over at start-up.
  "tests/integration/team-changes.int.test.ts",
  "tests/integration/team-ownership.int.test.ts",
  // Two first saves of a built-in form's texts at once (a row made and locked in each save's transaction).
  "tests/integration/builtin-forms.int.test.ts",
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Also every test's duration, for the slowest tests `npm test` prints at its end (scripts/slowest.ts). The
    // system run, beside Playwright, writes its own (scripts/e2e.ts).
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest-report.json" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits 1 s by default: on a loaded two-core machine a realtime join checked against PostgreSQL
    // took longer. A poll that holds returns at once, so the longer wait costs only a test that fails.
    expect: { poll: { timeout: 5_000 } },
    // Vitest's default is one worker fewer than the cores, one on a two-core machine; integration files wait on
    // their database as often as they compute, so one worker per core halves the run there.
    maxWorkers: Math.max(2, availableParallelism()),
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
              include: onPostgres,
              globalSetup: ["tests/support/db-template.ts"],
              env: { TEST_DB: "postgres" },
            },
          }
        : {
            extends: true,
            test: {
              name: "postgres",
              include: ["tests/support/postgres-skipped.test.ts"],
              provide: { onPostgres },
            },
          },
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

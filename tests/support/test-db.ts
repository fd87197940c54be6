// A real, freshly migrated database for one test file: PGlite in a folder of its own, or a new PostgreSQL database
// on TEST_DATABASE_URL's server, dropped afterwards. Both are copies of the template the project's global setup
// migrated once (tests/support/db-template.ts); without one (a file run from another configuration) the database is
// made empty and migrated here.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";

export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

async function createTestDatabase(): Promise<DatabaseHandle & { drop(): Promise<void>; url?: string }> {
  if (testDatabaseKind() === "pglite") {
    const template = inject("pgliteTemplate");
    if (!template) {
      const handle = openDatabase({ kind: "pglite" });
      await handle.migrate();
      return { ...handle, drop: () => handle.close() };
    }
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-test-db-"));
    cpSync(template, dataDir, { recursive: true });
    const handle = openDatabase({ kind: "pglite", dataDir });
    return {
      ...handle,
      async drop() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for PostgreSQL tests");
  const template = inject("postgresTemplate");
  const name = `asimov_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: "postgres", url: url.toString(), max: 5 });
  if (!template) await handle.migrate();
  return {
    ...handle,
    // A second client on the same database (tests of two instances racing).
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Opens a test database for the current file and makes it the app's database. */
export function setupTestDatabase(): { handle: () => DatabaseHandle & { url?: string } } {
  let current: (DatabaseHandle & { drop(): Promise<void>; url?: string }) | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
    setDatabase(current);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await current?.drop();
  });
  return {
    handle: () => {
      if (!current) throw new Error("test database not open");
      return current;
    },
  };
}

/**
 * Another client on the test database, as a second app instance would have: a new connection pool on PostgreSQL;
 * on PGlite (one connection per process) the same handle, so the test still runs its claimers concurrently.
 */
export function secondClient(handle: DatabaseHandle & { url?: string }): DatabaseHandle {
  return testDatabaseKind() === "postgres" && handle.url
    ? openDatabase({ kind: "postgres", url: handle.url, max: 5 })
    : { ...handle, close: async () => {} };
}

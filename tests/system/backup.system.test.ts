// Backups end to end, through the administrator CLI against production servers of this build:
// - a backup taken while the embedded site runs (the server writes it), verified, restored into a new data folder:
//   a server there answers the same public pages, the same inbox export and the same upload bytes;
// - a copy with one byte changed fails verification;
// - move-to-postgres from the embedded site: a server on DATABASE_URL answers the same pages and back-office export;
// - an upgrade: a pending migration makes the start back up first; a database migrated by a newer version (a
//   migration this build does not know) is refused, naming both versions.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, rowsOf } from "~/db/client.server";
import { freePort } from "../../scripts/free-port.ts";
import {
  adminCookie,
  type ServerProcess,
  scratchDatabase,
  startServer,
  stopServer,
} from "../e2e/support/server-process";
import { postgresUrl } from "./support";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const PAGES = ["/", "/pricing", "/blog", "/academy", "/contact"];
const LEAD_EMAIL = "backup-lead@example.com";

/** `npm run admin -- …` with `env`: its exit status and output. */
async function admin(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, "scripts/admin.ts"), ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "error", ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/** What visitors see and what the inbox export holds, with an upload's bytes. */
async function snapshotOf(base: string, upload: string) {
  const pages: Record<string, string> = {};
  // Each server has its own port, so its own canonical URLs: the address is left out of the comparison.
  for (const page of PAGES)
    pages[page] = (await (await fetch(`${base}${page}`)).text()).replaceAll(base, "BASE");
  const cookie = await adminCookie(base);
  const inbox = await (await fetch(`${base}/admin/contacts/export/contacts`, { headers: { cookie } })).text();
  const bytes = Buffer.from(await (await fetch(`${base}${upload}`)).arrayBuffer()).toString("base64");
  return { pages, inbox, bytes };
}

/** A server started on `env` answers the same pages, inbox export and upload bytes as the original did. */
async function expectSameSite(env: Record<string, string>) {
  const copy = await startServer(await freePort(), { ...env, SEED_DEMO: "true" });
  try {
    const after = await snapshotOf(copy.base, upload);
    expect(after.inbox).toBe(before.inbox);
    expect(after.bytes).toBe(before.bytes);
    for (const page of PAGES) expect(after.pages[page], page).toBe(before.pages[page]);
  } finally {
    await stopServer(copy);
  }
}

let work: string;
let original: string;
let server: ServerProcess;
let upload: string;
let archive: string;
let before: Awaited<ReturnType<typeof snapshotOf>>;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "asimov-backup-"));
  original = path.join(work, "original");
  server = await startServer(await freePort(), { DATA_DIR: original, SEED_DEMO: "true" });
  const lead = await fetch(`${server.base}/contact`, {
    method: "POST",
    headers: { Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "Backup Lead",
      email: LEAD_EMAIL,
      interest: "consulting",
      message: "Hi",
    }),
  });
  expect(lead.status).toBe(200);
  const images = readdirSync(path.join(original, "uploads", "images"));
  upload = `/uploads/images/${images[0]}`;
  before = await snapshotOf(server.base, upload);
  expect(before.inbox).toContain(LEAD_EMAIL);
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore through the CLI", { timeout: 180_000 }, () => {
  test("a running embedded site is backed up by its server, verified, and restored into a new folder", async () => {
    const backup = await admin(
      { DATA_DIR: original },
      "backup",
      "--to",
      path.join(work, "archives"),
      "--verify",
    );
    expect(backup.output).toContain("Backup written by the running server");
    expect(backup.output).toContain("Verified");
    expect(backup.code).toBe(0);
    [archive = ""] = readdirSync(path.join(work, "archives")).map((f) => path.join(work, "archives", f));

    const busy = await admin({ DATA_DIR: original }, "restore", archive);
    expect(busy.code).toBe(1);
    expect(busy.output).toMatch(/in use by process \d+\. Stop that server first/);

    const restoredDir = path.join(work, "restored");
    const restore = await admin({ DATA_DIR: restoredDir }, "restore", archive);
    expect(restore.code).toBe(0);
    const again = await admin({ DATA_DIR: restoredDir }, "restore", archive);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty: it holds .*add --force/);

    await expectSameSite({ DATA_DIR: restoredDir });
  });

  test("a copy with one byte changed fails verification", async () => {
    const bytes = readFileSync(archive);
    const at = Math.floor(bytes.length / 3);
    bytes.writeUInt8(bytes.readUInt8(at) ^ 0x20, at);
    const damaged = path.join(work, "damaged.tar.gz");
    writeFileSync(damaged, bytes);
    const verify = await admin({ DATA_DIR: original }, "backup", "--verify", damaged);
    expect(verify.code).toBe(1);
    expect(verify.output).toMatch(/backup failed: .*(damaged|checksum)/);
  });
});

describe("moving to PostgreSQL", { timeout: 180_000 }, () => {
  test("move-to-postgres gives the same public pages and back-office export", async ({ skip }) => {
    const database = await scratchDatabase(postgresUrl(skip), "backup_move");
    await stopServer(server);
    try {
      const running = await admin({ DATA_DIR: original }, "move-to-postgres", database.url.toString());
      expect(running.output).toContain("Moved to PostgreSQL");
      expect(running.code).toBe(0);
      const twice = await admin({ DATA_DIR: original }, "move-to-postgres", database.url.toString());
      expect(twice.code).toBe(1);
      expect(twice.output).toContain("is not empty");
      await expectSameSite({ DATA_DIR: original, DATABASE_URL: database.url.toString() });
    } finally {
      server = await startServer(Number(new URL(server.base).port), {
        DATA_DIR: original,
        SEED_DEMO: "true",
      });
      await database.drop();
    }
  });
});

describe("upgrades", { timeout: 180_000 }, () => {
  test("a pending migration is preceded by a backup; a newer database is refused with both versions", async () => {
    const dataDir = path.join(work, "upgrade");
    expect((await admin({ DATA_DIR: dataDir }, "restore", archive)).code).toBe(0);
    // As an older build left it: the newest migration not applied yet (the tables and columns it adds dropped, its
    // row gone).
    const journal = JSON.parse(readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    const newest = readFileSync(path.join(root, `drizzle/${journal.entries.at(-1)?.tag}.sql`), "utf8");
    const older = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    for (const [, table] of newest.matchAll(/CREATE TABLE "(\w+)"/g)) {
      await older.db.execute(sql.raw(`drop table "${table}"`));
    }
    // Columns it adds go too (with the constraints and indexes on them).
    for (const [, table, column] of newest.matchAll(/ALTER TABLE "(\w+)" ADD COLUMN "(\w+)"/g)) {
      await older.db.execute(sql.raw(`alter table "${table}" drop column "${column}"`));
    }
    await older.db.execute(sql`delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await older.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    await older.close();

    const port = await freePort();
    const upgraded = await startServer(port, { DATA_DIR: dataDir });
    await stopServer(upgraded);
    const backups = readdirSync(path.join(dataDir, "backups"));
    expect(backups).toEqual([expect.stringMatching(new RegExp(`before-schema-${n + 1}\\.tar\\.gz$`))]);
    const check = await admin(
      { DATA_DIR: dataDir },
      "backup",
      "--verify",
      path.join(dataDir, "backups", backups[0] ?? ""),
    );
    expect(check.code).toBe(0);

    // A newer version applied a migration this build does not know.
    const newer = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    await newer.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 4102444800000)`,
    );
    await newer.db.execute(sql`insert into schema_versions (schema, product) values (${n + 2}, '99.0.0')`);
    await newer.close();
    const refused = await run(process.execPath, [path.join(root, "server.ts")], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
      },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? "" }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `The database has schema ${n + 2} (version 99.0.0), newer than this build knows: schema ${n + 1} (version`,
    );
  });
});

// Preview link tokens at rest (PGlite, and PostgreSQL with TEST_DATABASE_URL): the table keeps only each token's
// SHA-256, the raw token exists only in the link handed out at creation, and links made before tokens were hashed
// keep working after the migration that hashes them.
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { blogInput } from "../../tests/support/content-input";
import { setupTestDatabase, testDatabaseKind } from "../../tests/support/test-db";
import { type DatabaseHandle, migrationsFolder, openDatabase, rowsOf } from "../db/client.server";
import { createPost } from "./blog-admin.server";
import { createPreviewLink, listActivePreviewLinks, openPreview } from "./preview-links.server";

const test = setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.5", userAgent: "vitest" };
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

async function storedRows(handle: DatabaseHandle) {
  return rowsOf<Record<string, unknown>>(await handle.db.execute(sql`select * from preview_links`));
}

describe("preview link tokens at rest", () => {
  it("are stored as their SHA-256 only; the link opens by it and the stored value opens nothing", async () => {
    const post = await createPost(blogInput({ title: "Hashed draft", slug: "hashed-draft" }), who);
    const link = await createPreviewLink("blog", post.id, who);
    if (!link) throw new Error("no link");
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await storedRows(test.handle());
    expect(JSON.stringify(rows)).not.toContain(link.token);
    expect(rows).toEqual([expect.objectContaining({ id: link.id, token_hash: sha256(link.token) })]);
    // What the back office lists later has no token either.
    const listed = await listActivePreviewLinks("blog", post.id);
    expect(listed.map((l) => l.id)).toEqual([link.id]);
    expect(JSON.stringify(listed)).not.toContain(link.token);
    expect(JSON.stringify(listed)).not.toContain(sha256(link.token));

    expect((await openPreview("blog", link.token, "198.51.100.1")).state).toBe("ok");
    // A copy of the table is no key: its value (or a token shaped like one) opens nothing.
    expect((await openPreview("blog", sha256(link.token), "198.51.100.1")).state).toBe("unknown");
    const hashAsToken = createHash("sha256").update(link.token).digest("base64url");
    expect((await openPreview("blog", hashAsToken, "198.51.100.1")).state).toBe("unknown");
  });
});

/**
 * A database migrated up to just before the migration that hashes preview tokens: the migrations folder copied with
 * its journal cut there.
 */
function foldersAroundHashing(): { before: string; dir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "asimov-migrations-"));
  const before = path.join(dir, "drizzle");
  cpSync(migrationsFolder(), before, { recursive: true });
  const journalPath = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith("_preview_token_hash"));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { before, dir };
}

describe("the migration that hashes preview tokens", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function scratchDatabase(): Promise<DatabaseHandle> {
    if (testDatabaseKind() === "pglite") {
      const handle = openDatabase({ kind: "pglite" });
      cleanups.push(() => handle.close());
      return handle;
    }
    const adminUrl = process.env.TEST_DATABASE_URL ?? "";
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const name = `asimov_migration_${randomBytes(6).toString("hex")}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = openDatabase({ kind: "postgres", url: url.toString(), max: 2 });
    cleanups.push(async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    });
    return handle;
  }

  it("hashes the tokens stored before, so links already handed out keep working", {
    timeout: 60_000,
  }, async () => {
    const { before, dir } = foldersAroundHashing();
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const handle = await scratchDatabase();
    const migrate = (handle.kind === "pglite" ? migratePglite : migratePostgres) as (
      db: unknown,
      config: { migrationsFolder: string },
    ) => Promise<void>;
    await migrate(handle.db, { migrationsFolder: before });
    const token = randomBytes(32).toString("base64url");
    await handle.db.execute(sql`
      insert into preview_links (kind, item_id, token, expires_at)
      values ('blog', gen_random_uuid(), ${token}, now() + interval '1 day')`);

    await handle.migrate();
    const rows = await storedRows(handle);
    expect(rows).toEqual([expect.objectContaining({ token_hash: sha256(token) })]);
    expect(JSON.stringify(rows)).not.toContain(token);
    // Still one hash per link.
    await expect(
      handle.db.execute(sql`
        insert into preview_links (kind, item_id, token_hash, expires_at)
        values ('blog', gen_random_uuid(), ${sha256(token)}, now() + interval '1 day')`),
    ).rejects.toThrow();
  });
});

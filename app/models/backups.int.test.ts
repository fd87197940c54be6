// Backups on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL) with a real object store on disk:
// demo content, a lead and an upload are backed up, restored into a new database of the same kind, and read back
// through the models; a changed byte fails verification; a newer archive is refused; an older one is migrated
// forward; a target with data is refused unless forced.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { count, getTableName, sql } from "drizzle-orm";
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, rowsOf, setDatabase } from "~/db/client.server";
import { blogPosts, contactRequests, media } from "~/db/schema";
import { knownMigrations } from "~/db/schema-version.server";
import { seedDemoContent } from "~/db/seed.server";
import { submitLead } from "~/routes/support/lead-submission.server";
import { localStore } from "~/storage/local-disk.server";
import type { ObjectStore } from "~/storage/object-store.server";
import { acceptUpload } from "~/storage/uploads.server";
import { setupTestDatabase, testDatabaseKind } from "../../tests/support/test-db";
import {
  ArchiveError,
  createBackup,
  RestoreRefusedError,
  type RestoreTarget,
  restoreBackup,
  SchemaTooNewError,
  verifyBackup,
} from "./backups.server";
import { listPublishedPosts } from "./blog.server";
import { listContactRequests } from "./contacts-admin.server";
import { ensureBuiltInPages, getPublishedPage, listPublishedPagePaths } from "./pages.server";

const test = setupTestDatabase();

let dir: string;
let store: ObjectStore;
let uploadKey: string;
let archive: string;
const dropAfter: Array<() => Promise<void>> = [];

/** A new, empty database of the kind under test, dropped after the file. */
async function newTarget(): Promise<{ target: RestoreTarget; open: () => DatabaseHandle }> {
  if (testDatabaseKind() === "pglite") {
    const dataDir = path.join(dir, `restored-${randomBytes(4).toString("hex")}`, "pglite");
    return { target: { kind: "pglite", dataDir }, open: () => openDatabase({ kind: "pglite", dataDir }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `backup_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  dropAfter.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const target = { kind: "postgres" as const, url: url.toString() };
  return { target, open: () => openDatabase({ kind: "postgres", url: target.url, max: 2 }) };
}

/** What visitors and the inbox see, read through the models from the app's database. */
async function siteView() {
  return {
    posts: await listPublishedPosts(),
    landing: await getPublishedPage("/"),
    paths: await listPublishedPagePaths(),
    inbox: (await listContactRequests()).map((r) => ({ ...r })),
  };
}

/** `view` read from `handle` as the app's database, the test's database put back afterwards. */
async function readFrom<T>(handle: DatabaseHandle, view: () => Promise<T>): Promise<T> {
  setDatabase(handle);
  try {
    return await view();
  } finally {
    setDatabase(test.handle());
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "asimov-backup-test-"));
  store = localStore(path.join(dir, "uploads"));
  const db = test.handle().db;
  await ensureBuiltInPages(db);
  await seedDemoContent(db, new Date(), store);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: "Ada Lovelace",
    email: "ada@example.com",
    organization: "Analytical Engines",
    interest: "sales-automation",
    message: "Back me up, please.",
    source_page: "/contact",
    source_section: "contact_page",
  }))
    form.set(k, v);
  const origin = "http://localhost:3000";
  const lead = await submitLead(
    "contact",
    new Request(`${origin}/contact`, { method: "POST", headers: { referer: `${origin}/contact` } }),
    form,
    "192.0.2.40",
  );
  expect(lead.status).toBeLessThan(400);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0ffee" } })
    .png()
    .toBuffer();
  const upload = new FormData();
  upload.set("file", new File([png], "proof.png", { type: "image/png" }));
  const request = new Request("http://localhost/api/uploads?bucket=images", { method: "POST", body: upload });
  const accepted = await acceptUpload(request, "images", store);
  uploadKey = accepted.key;
  archive = (await createBackup({ to: path.join(dir, "archives"), handle: test.handle(), store })).file;
});

afterAll(async () => {
  for (const drop of dropAfter) await drop();
  await rm(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("writes one archive whose manifest counts every table and upload", async () => {
    const { manifest } = await verifyBackup(archive);
    const [leads] = await test.handle().db.select({ n: count() }).from(contactRequests);
    expect(manifest.tables[getTableName(contactRequests)]?.rows).toBe(leads?.n);
    expect(manifest.tables[getTableName(contactRequests)]?.rows).toBeGreaterThan(0);
    expect(manifest.tables[getTableName(blogPosts)]?.rows).toBeGreaterThan(0);
    expect(manifest.schema.version).toBe(knownMigrations().length);
    expect(manifest.entries[`uploads/${uploadKey}`]).toBeDefined();
    expect(manifest.uploads.files).toBeGreaterThan(1);
  });

  it("restores into a new database: same pages, same inbox, same upload bytes", async () => {
    const before = await siteView();
    const { target, open } = await newTarget();
    const restoredUploads = localStore(path.join(dir, `uploads-${randomBytes(4).toString("hex")}`));
    const result = await restoreBackup(archive, { target, store: restoredUploads });
    expect(result.replaced).toEqual({});
    const handle = open();
    try {
      const after = await readFrom(handle, siteView);
      expect(after).toEqual(before);
      expect(after.inbox.some((r) => r.email === "ada@example.com")).toBe(true);
      const [mediaRows] = await handle.db.select({ n: count() }).from(media);
      const [originalMedia] = await test.handle().db.select({ n: count() }).from(media);
      expect(mediaRows?.n).toBe(originalMedia?.n);
    } finally {
      await handle.close();
    }
    const original = await store.get(uploadKey);
    const restored = await restoredUploads.get(uploadKey);
    expect(restored).toBeDefined();
    const bytes = async (o: typeof original) => Buffer.from(await new Response(o?.body).arrayBuffer());
    expect((await bytes(restored)).equals(await bytes(original))).toBe(true);
  });

  it("refuses a target that holds data, and replaces it with force after saying what it holds", async () => {
    const { target, open } = await newTarget();
    await restoreBackup(archive, { target, store: null });
    await expect(restoreBackup(archive, { target, store: null })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(archive, { target, store: null })).rejects.toThrow(/atlas_contact_requests/);
    const told: string[] = [];
    await restoreBackup(archive, { target, store: null, force: true, onReplace: (d) => void told.push(d) });
    expect(told[0]).toMatch(/will be replaced/);
    const handle = open();
    try {
      const [leads] = await handle.db.select({ n: count() }).from(contactRequests);
      expect(leads?.n).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
});

describe("a damaged or foreign archive", () => {
  it("fails verification when one byte of the file changes", async () => {
    const bytes = await readFile(archive);
    const at = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(at) ^ 0x01, at);
    const damaged = path.join(dir, "damaged.tar.gz");
    await writeFile(damaged, bytes);
    await expect(verifyBackup(damaged)).rejects.toThrow(ArchiveError);
  });

  it("fails verification, naming the entry, when one byte of a table's rows changes", async () => {
    const tarBytes = gunzipSync(await readFile(archive));
    const at = tarBytes.indexOf(Buffer.from("Back me up, please."));
    expect(at).toBeGreaterThan(0);
    tarBytes[at] = "b".charCodeAt(0);
    const altered = path.join(dir, "altered.tar.gz");
    await writeFile(altered, gzipSync(tarBytes));
    await expect(verifyBackup(altered)).rejects.toThrow(
      /atlas_contact_requests\.jsonl does not match its checksum/,
    );
  });

  it("refuses an archive from a newer schema, naming both versions", async () => {
    const tarBytes = gunzipSync(await readFile(archive));
    const text = tarBytes.toString("latin1");
    const version = knownMigrations().length;
    const edited = text.replace(`"version": ${version},`, `"version": ${version + 3},`);
    expect(edited).not.toBe(text);
    const newer = path.join(dir, "newer.tar.gz");
    await writeFile(newer, gzipSync(Buffer.from(edited, "latin1")));
    const { target } = await newTarget();
    const refusal = restoreBackup(newer, { target, store: null });
    await expect(refusal).rejects.toThrow(SchemaTooNewError);
    await expect(restoreBackup(newer, { target, store: null })).rejects.toThrow(
      new RegExp(`schema ${version + 3} .*newer than this build knows: schema ${version} `),
    );
  });
});

describe("an archive from an older schema", () => {
  it("restores and is migrated forward", async () => {
    // A database at the schema before the last migration, with a lead, backed up by this build.
    const older = openDatabase({ kind: "pglite", dataDir: path.join(dir, "older", "pglite") });
    const known = knownMigrations();
    let oldArchive: string;
    try {
      await older.db.transaction(async (tx) => {
        const { applyMigrations } = await import("~/db/schema-version.server");
        await applyMigrations(tx, known.length - 1);
      });
      await older.db.execute(
        sql`insert into atlas_contact_requests (name, email, interest, message) values ('Old', 'old@example.com', 'other', 'hello')`,
      );
      oldArchive = (await createBackup({ to: path.join(dir, "archives"), handle: older, store: null })).file;
    } finally {
      await older.close();
    }
    const { target, open } = await newTarget();
    const result = await restoreBackup(oldArchive, { target, store: null });
    expect(result.manifest.schema.version).toBe(known.length - 1);
    expect(result.schema).toBe(known.length);
    const handle = open();
    try {
      const applied = rowsOf<{ n: string | number }>(
        await handle.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`),
      );
      expect(Number(applied[0]?.n)).toBe(known.length);
      const leads = rowsOf<{ email: string }>(
        await handle.db.execute(sql`select email from atlas_contact_requests`),
      );
      expect(leads.map((l) => l.email)).toEqual(["old@example.com"]);
    } finally {
      await handle.close();
    }
  });
});

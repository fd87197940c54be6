// Backups that restore (docs/decisions/050-backup-archives.md): one archive file per backup — every table's rows
// read in one snapshot, the uploads, a manifest with versions, counts, digests and checksums — restored into an
// empty database (PGlite or PostgreSQL) in one transaction that also checks the rows it loaded against the
// manifest. Verifying is restoring into a scratch PGlite; moving to PostgreSQL is a backup without uploads restored
// there. The CLI (`npm run admin -- backup|restore|move-to-postgres`), the upgrade backup at start-up and, later,
// a scheduled job call these functions.
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { database } from "~/db/client.server";
import {
  type DatabaseHandle,
  dropEverything,
  inLoadTransaction,
  inSnapshot,
  insertRows,
  listTables,
  openOtherDatabase,
  resetSequences,
  type Transaction,
  tableRows,
  tablesWithRows,
} from "~/db/dump.server";
import {
  applyMigrations,
  isKnownSchema,
  knownMigrations,
  productVersion,
  recordSchemaVersion,
  SchemaTooNewError,
  schemaStatus,
  tooNewMessage,
} from "~/db/schema-version.server";
import {
  ARCHIVE_FORMAT,
  ArchiveError,
  ArchiveWriter,
  isEntryName,
  type Manifest,
  RowDigest,
  unpackArchive,
} from "~/infra/backup-archive.server";
import { logger } from "~/infra/logger.server";
import { objectStore } from "~/storage/configured-store.server";
import { localStore } from "~/storage/local-disk.server";
import { contentTypeForKey, type ObjectStore } from "~/storage/object-store.server";

export { SchemaTooNewError } from "~/db/schema-version.server";
export { ArchiveError, type Manifest } from "~/infra/backup-archive.server";

/** Where a restore writes: an embedded database folder (DATA_DIR/pglite) or a PostgreSQL database. */
export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/** A restore refused before anything was written (a target that is not empty). */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

/** Rows restored from an archive that do not match its manifest (counts or content). */
export class BackupMismatchError extends Error {
  override name = "BackupMismatchError";
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  phases: Phases;
}

export interface BackupOptions {
  /** The folder the archive is written to (made when missing). */
  to: string;
  /** The database to read; the app's by default. */
  handle?: DatabaseHandle;
  /** The uploads to copy; the configured store by default, null for none (the move to PostgreSQL). */
  store?: ObjectStore | null;
  /** Added to the file name, e.g. "before-schema-17". */
  label?: string;
}

/** Milliseconds per phase of a backup, restore or verification (logged, and printed by the benchmark). */
export type Phases = Record<string, number>;

function phaseTimer(): { phases: Phases; mark(name: string): void } {
  const phases: Phases = {};
  let last = performance.now();
  return {
    phases,
    mark(name) {
      const now = performance.now();
      phases[name] = Math.round(now - last);
      last = now;
    },
  };
}

const tempFolder = (prefix: string) => mkdtemp(path.join(os.tmpdir(), `asimov-${prefix}-`));

function archiveName(label?: string): string {
  const stamp = new Date().toISOString().replaceAll(":", "-").replace(".", "-");
  return `backup-${stamp}${label ? `-${label}` : ""}.tar.gz`;
}

/**
 * Writes one archive of the database and the uploads into `to`, while the site keeps serving: the tables are read
 * in one snapshot into temporary files, then packed with the uploads (files are named by their content, so a copy
 * taken after the snapshot is the same bytes). The archive appears under its name only once complete.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const handle = options.handle ?? database();
  const store = options.store === undefined ? objectStore() : options.store;
  await mkdir(options.to, { recursive: true });
  const file = path.join(path.resolve(options.to), archiveName(options.label));
  const work = await tempFolder("backup");
  const writer = new ArchiveWriter(file);
  const timer = phaseTimer();
  try {
    const snapshot = await inSnapshot(handle.db, async (tx) => {
      const status = await schemaStatus(tx);
      const tables: Manifest["tables"] = {};
      for (const { name } of await listTables(tx)) tables[name] = await dumpTable(tx, name, work);
      return { status, tables };
    });
    timer.mark("snapshot");
    for (const name of Object.keys(snapshot.tables)) {
      const source = path.join(work, `${name}.jsonl`);
      await writer.addFile(`db/${name}.jsonl`, source, (await stat(source)).size);
    }
    const uploads = { files: 0, bytes: 0 };
    for await (const { key } of store?.list() ?? []) {
      if (!isEntryName(`uploads/${key}`)) {
        logger.warn({ key }, "backup: a stored file with an unexpected name was left out");
        continue;
      }
      const object = await store?.get(key);
      if (!object) continue; // deleted since it was listed
      await writer.add(`uploads/${key}`, object.size, object.body as unknown as AsyncIterable<Uint8Array>);
      uploads.files++;
      uploads.bytes += object.size;
    }
    timer.mark("pack");
    const manifest = await writer.finish({
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      product: productVersion(),
      schema: { version: snapshot.status.applied, last: snapshot.status.lastMigration },
      database: handle.kind,
      tables: snapshot.tables,
      uploads,
    });
    timer.mark("finish");
    return { file, manifest, phases: timer.phases };
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Writes `table`'s rows to `<work>/<table>.jsonl`, one per line; answers their count and digest. */
async function dumpTable(tx: Transaction, table: string, work: string) {
  const digest = new RowDigest();
  const out = createWriteStream(path.join(work, `${table}.jsonl`), { mode: 0o600 });
  for await (const page of tableRows(tx, table)) {
    for (const row of page) digest.add(row);
    if (!out.write(`${page.join("\n")}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "close");
  return { rows: digest.rows, digest: digest.digest() };
}

/** Refuses an archive whose schema this build does not ship (a newer version wrote it). */
function assertArchiveSchemaKnown(file: string, manifest: Manifest) {
  if (!isKnownSchema(manifest.schema.version, manifest.schema.last)) {
    throw new SchemaTooNewError(
      tooNewMessage(
        `The archive ${path.basename(file)}`,
        manifest.schema.version,
        manifest.product,
        `Restore it with version ${manifest.product} or later.`,
      ),
    );
  }
}

/**
 * In one transaction: empties the database when it has tables (`reset`), builds the archive's schema, loads every
 * table, and reads them back to compare with the manifest. Any difference rolls everything back.
 */
async function loadArchive(handle: DatabaseHandle, dir: string, manifest: Manifest, reset: boolean) {
  await inLoadTransaction(handle.db, async (tx) => {
    if (reset) await dropEverything(tx);
    await applyMigrations(tx, manifest.schema.version);
    const tables = await listTables(tx);
    const expected = Object.keys(manifest.tables).sort().join(", ");
    if (
      tables
        .map((t) => t.name)
        .sort()
        .join(", ") !== expected
    ) {
      throw new ArchiveError(
        `The archive's tables do not match its schema ${manifest.schema.version}: it holds ${expected}.`,
      );
    }
    for (const table of tables) {
      let rows: string[] = [];
      const lines = createInterface({ input: createReadStream(path.join(dir, "db", `${table.name}.jsonl`)) });
      for await (const line of lines) {
        if (line) rows.push(line);
        if (rows.length >= 5000 && !table.selfReferencing) {
          await insertRows(tx, table, rows);
          rows = [];
        }
      }
      await insertRows(tx, table, rows);
    }
    await resetSequences(tx);
    const differences = await compareTables(tx, manifest);
    if (differences.length > 0) {
      throw new BackupMismatchError(
        `The restored rows differ from the archive's manifest: ${differences.join("; ")}. Nothing was changed.`,
      );
    }
  });
}

/** Each table's rows read back, compared by count and digest with the manifest: the differences, in words. */
async function compareTables(tx: Transaction, manifest: Manifest): Promise<string[]> {
  const differences: string[] = [];
  for (const { name } of await listTables(tx)) {
    const digest = new RowDigest();
    for await (const page of tableRows(tx, name)) for (const row of page) digest.add(row);
    const expected = manifest.tables[name];
    if (!expected) differences.push(`${name} is not in the archive`);
    else if (expected.rows !== digest.rows) {
      differences.push(`${name} has ${digest.rows} rows, the archive ${expected.rows}`);
    } else if (expected.digest !== digest.digest()) differences.push(`${name}'s rows differ in content`);
  }
  return differences;
}

/** What a target holds, in words: "12 leads, 40 pages, …". */
function describeRows(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, rows]) => `${rows} ${table}`)
    .join(", ");
}

function describeTarget(target: RestoreTarget): string {
  if (target.kind === "pglite") return `The embedded database in ${target.dataDir}`;
  const url = new URL(target.url);
  return `The PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`;
}

function openTarget(target: RestoreTarget): DatabaseHandle {
  return target.kind === "postgres"
    ? openOtherDatabase({ kind: "postgres", url: target.url, max: 2 })
    : openOtherDatabase({ kind: "pglite", dataDir: target.dataDir });
}

export interface RestoreOptions {
  target: RestoreTarget;
  /** Replace a target that holds rows (onReplace is told what first). */
  force?: boolean;
  /** Called before anything is replaced, with what the target holds. */
  onReplace?: (description: string) => void | Promise<void>;
  /** Where the archive's uploads go; the configured store by default, null to leave them out. */
  store?: ObjectStore | null;
  /** What a refusal of a target with data advises (default: --force). */
  notEmptyAdvice?: string;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows per table the target held before (empty unless forced). */
  replaced: Record<string, number>;
  /** The schema after the restore (the archive's, migrated forward to this build's). */
  schema: number;
  phases: Phases;
}

/**
 * Restores `file` into an empty database, or with `force` into one that holds data (replaced in the same
 * transaction that loads the archive, so a failed restore leaves it as it was). Checks every checksum first, and
 * refuses an archive from a newer schema; one from an older schema is restored, then migrated forward.
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreResult> {
  const store = options.store === undefined ? objectStore() : options.store;
  const dir = await tempFolder("restore");
  const timer = phaseTimer();
  try {
    const manifest = await unpackChecked(file, dir);
    timer.mark("unpack");
    const handle = openTarget(options.target);
    try {
      const replaced = await tablesWithRows(handle.db);
      if (Object.keys(replaced).length > 0) {
        const what = `${describeTarget(options.target)} is not empty: it holds ${describeRows(replaced)}.`;
        if (!options.force)
          throw new RestoreRefusedError(`${what} Nothing was changed; add --force to replace it.`);
        await options.onReplace?.(`${what} All of it will be replaced by the archive.`);
      }
      timer.mark("open");
      if (store) await putUploads(store, dir);
      timer.mark("uploads");
      const status = await schemaStatus(handle.db);
      await loadArchive(handle, dir, manifest, !status.empty);
      timer.mark("load");
      await handle.migrate();
      await recordSchemaVersion(handle.db);
      timer.mark("migrate");
      return { manifest, replaced, schema: knownMigrations().length, phases: timer.phases };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function unpackChecked(file: string, dir: string): Promise<Manifest> {
  const manifest = await unpackArchive(file, dir);
  assertArchiveSchemaKnown(file, manifest);
  return manifest;
}

/** Puts every upload of an unpacked archive into the store (files named by content: existing ones are the same). */
async function putUploads(store: ObjectStore, dir: string): Promise<void> {
  const root = path.join(dir, "uploads");
  for await (const { key } of localStore(root).list()) {
    await store.put(key, await readFile(path.join(root, ...key.split("/"))), contentTypeForKey(key));
  }
}

export interface VerifyResult {
  manifest: Manifest;
  tables: number;
  rows: number;
  phases: Phases;
}

/**
 * Verifies an archive the way that counts: every checksum, then a restore into a scratch embedded database whose
 * tables are read back and compared, table by table, by count and content digest. Nothing else is touched.
 */
export async function verifyBackup(file: string): Promise<VerifyResult> {
  const dir = await tempFolder("verify");
  const timer = phaseTimer();
  try {
    const manifest = await unpackChecked(file, dir);
    timer.mark("unpack");
    const handle = openOtherDatabase({ kind: "pglite", dataDir: path.join(dir, "scratch") });
    try {
      await handle.ping();
      timer.mark("open");
      await loadArchive(handle, dir, manifest, false);
      timer.mark("load");
    } finally {
      await handle.close();
    }
    const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    return { manifest, tables: Object.keys(manifest.tables).length, rows, phases: timer.phases };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Copies the embedded database (`source`, the app's by default) into an empty PostgreSQL database and checks it
 * like a restore does; uploads stay where they are. Refuses a PostgreSQL database that holds data.
 */
export async function moveToPostgres(
  url: string,
  source: DatabaseHandle = database(),
): Promise<RestoreResult & { ms: number }> {
  const started = performance.now();
  const work = await tempFolder("move");
  try {
    const { file } = await createBackup({ to: work, handle: source, store: null, label: "move" });
    const result = await restoreBackup(file, {
      target: { kind: "postgres", url },
      store: null,
      notEmptyAdvice: "move into a new, empty database (createdb).",
    });
    return { ...result, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

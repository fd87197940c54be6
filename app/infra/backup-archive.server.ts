// The backup archive: one gzip-compressed tar file holding `db/<table>.jsonl` (one JSON object per row, as
// PostgreSQL renders it), `uploads/<key>` (the stored files) and, last, `manifest.json` (versions, counts, the
// content digest of every table and the sha256 of every entry). Reading one checks every entry against the
// manifest before anything is used (docs/decisions/050-backup-archives.md).
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";

export const MANIFEST = "manifest.json";
export const ARCHIVE_FORMAT = 1;

export interface Manifest {
  format: number;
  createdAt: string;
  /** The product version that wrote the archive. */
  product: string;
  /** The schema: migrations applied (its number) and the last one's timestamp (drizzle's `created_at`). */
  schema: { version: number; last: number | null };
  database: "pglite" | "postgres";
  /** Tables in load order (each after those it references): rows and the order-free digest of their rows. */
  tables: Record<string, { rows: number; digest: string }>;
  uploads: { files: number; bytes: number };
  /** Every other entry of the archive: its size and sha256. */
  entries: Record<string, { size: number; sha256: string }>;
}

/** An archive that cannot be used: damaged, altered, or not a backup at all. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}

/**
 * The digest of a table's rows that does not depend on their order: the sha256 of the sorted sha256s of its rows
 * (as JSON text), so a table dumped from PGlite and the same rows read back from PostgreSQL compare equal.
 */
export class RowDigest {
  private readonly hashes: Buffer[] = [];
  add(row: string) {
    this.hashes.push(createHash("sha256").update(row).digest());
  }
  get rows() {
    return this.hashes.length;
  }
  digest(): string {
    const all = createHash("sha256");
    for (const h of this.hashes.sort(Buffer.compare)) all.update(h);
    return all.digest("hex");
  }
}

/** Entry names a backup may hold: its tables' rows, its uploads (a store key), and the manifest. */
export function isEntryName(name: string): boolean {
  return (
    name === MANIFEST ||
    /^db\/[a-z_][a-z0-9_]*\.jsonl$/.test(name) ||
    /^uploads\/[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(name)
  );
}

/** Writes an archive to `<file>.partial`, renamed to `file` (readable by its owner only) once complete. */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly done: Promise<void>;
  private readonly entries: Manifest["entries"] = {};

  constructor(readonly file: string) {
    this.done = pipeline(
      this.pack,
      createGzip({ level: 6 }),
      createWriteStream(this.partial, { mode: 0o600 }),
    );
    // Surfaced by finish() or abort(); never an unhandled rejection meanwhile.
    this.done.catch(() => {});
  }

  private get partial() {
    return `${this.file}.partial`;
  }

  /** Adds an entry of `size` bytes read from `source`. */
  async add(name: string, size: number, source: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    if (!isEntryName(name)) throw new ArchiveError(`Not a name a backup may hold: ${name}`);
    const hash = createHash("sha256");
    let written = 0;
    let entry!: ReturnType<tar.Pack["entry"]>;
    const finished = new Promise<void>((resolve, reject) => {
      entry = this.pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    for await (const chunk of source) {
      hash.update(chunk);
      written += chunk.length;
      if (!entry.write(chunk)) await once(entry, "drain");
    }
    if (written !== size)
      throw new ArchiveError(`${name} changed while it was copied (${written} of ${size} bytes).`);
    entry.end(undefined);
    await finished;
    this.entries[name] = { size, sha256: hash.digest("hex") };
  }

  /** Adds the file at `source` under `name`. */
  async addFile(name: string, source: string, size: number): Promise<void> {
    await this.add(name, size, createReadStream(source));
  }

  /** Writes the manifest last, with the checksums of every entry, and makes the archive whole. */
  async finish(manifest: Omit<Manifest, "entries">): Promise<Manifest> {
    const full: Manifest = { ...manifest, entries: this.entries };
    const body = Buffer.from(`${JSON.stringify(full, null, 2)}\n`);
    this.pack.entry({ name: MANIFEST, size: body.length, mode: 0o600, mtime: new Date() }, body);
    this.pack.finalize();
    await this.done;
    await chmod(this.partial, 0o600);
    await rename(this.partial, this.file);
    return full;
  }

  async abort(): Promise<void> {
    this.pack.destroy();
    await this.done.catch(() => {});
    await rm(this.partial, { force: true });
  }
}

/**
 * Unpacks `file` into the folder `into`, checking every entry against the manifest's sha256 and size, and returns
 * the manifest. Throws ArchiveError naming the first problem: not a gzip tar, an unexpected entry, an entry that
 * does not match its checksum, or one the manifest lists that is missing.
 */
export async function unpackArchive(file: string, into: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  // Awaited below; a failure meanwhile (a damaged stream) ends the loop and is reported from there.
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== "file" || !isEntryName(name) || seen.has(name)) {
        throw new ArchiveError(`The archive holds an entry a backup never has: ${name}`);
      }
      const target = path.join(into, ...name.split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      const hash = createHash("sha256");
      let size = 0;
      const out = createWriteStream(target, { mode: 0o600 });
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        if (!out.write(chunk)) await once(out, "drain");
      }
      out.end();
      await once(out, "close");
      seen.set(name, { size, sha256: hash.digest("hex") });
    }
    await reading;
  } catch (error) {
    await reading.catch(() => {});
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(
      `${path.basename(file)} is damaged or not a backup archive (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (!seen.has(MANIFEST))
    throw new ArchiveError(`${path.basename(file)} has no ${MANIFEST}: not a backup archive.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(into, MANIFEST), "utf8")) as Manifest;
  } catch {
    throw new ArchiveError(
      `The ${MANIFEST} of ${path.basename(file)} cannot be read: the archive is damaged.`,
    );
  }
  if (manifest.format !== ARCHIVE_FORMAT || !manifest.entries || !manifest.tables || !manifest.schema) {
    throw new ArchiveError(`${path.basename(file)} is not a backup archive this version can read.`);
  }
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const found = seen.get(name);
    if (!found) throw new ArchiveError(`The archive is incomplete: ${name} is missing.`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256) {
      throw new ArchiveError(
        `The archive is damaged: ${name} does not match its checksum ` +
          `(expected sha256 ${expected.sha256.slice(0, 12)}…, found ${found.sha256.slice(0, 12)}…).`,
      );
    }
  }
  for (const name of seen.keys()) {
    if (name !== MANIFEST && !manifest.entries[name]) {
      throw new ArchiveError(`The archive holds ${name}, which its manifest does not list.`);
    }
  }
  return manifest;
}

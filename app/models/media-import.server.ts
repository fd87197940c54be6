// Files uploaded before the media library existed (or by an older instance during a rolling deploy) are in the
// object store but not in the `media` table. At start-up (until one run found them all) they are recorded (docs/decisions/019-media-library.md):
// the candidates are the uploads the audit log recorded (`upload.create`, with who and when) and the upload URLs the
// site's content refers to; each is read from the store to learn its type, size and, for images, its dimensions
// and copies. Idempotent: an entry already in the table is skipped, and two instances importing at once insert each
// file once. Once a start-up run has found everything, later start-ups skip the scan (importExistingUploadsAtStartup).
import { eq, sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
import { appMeta, auditLog, media } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { KIND_OF_BUCKET, MEDIA_TITLE_MAX, type MediaVariant, stemOfKey } from "~/lib/media";
import { safeText } from "~/lib/safe-text";
import { BUCKETS, type BucketName, IMAGE_FORMATS, isBucketName, variantUrl } from "~/lib/uploads";
import { publicContentChanged } from "~/models/audit.server";
import { referencedUploadUrls } from "~/models/media-usage.server";
import { objectStore } from "~/storage/configured-store.server";
import { copyWidths, imageFacts, imageVariants } from "~/storage/image-variants.server";
import { contentTypeForKey, isSafeKey, type ObjectStore } from "~/storage/object-store.server";

interface Candidate {
  key: string;
  createdAt?: Date;
  createdBy?: string | null;
}

/** Uploads the audit log recorded, first record first, whose entries are not in the library yet. */
async function auditedUploads(): Promise<Candidate[]> {
  const rows = rowsOf<{ url: string; actor: string | null; at: Date | string }>(
    await db().execute(sql`
      select distinct on (a.entity_id) a.entity_id as url, a.actor, a.at
      from ${auditLog} a
      where a.action = 'upload.create' and a.entity_id like '/uploads/%'
      order by a.entity_id, a.at asc`),
  );
  return rows.map((r) => ({
    key: r.url.slice("/uploads/".length),
    createdAt: new Date(r.at),
    createdBy: r.actor,
  }));
}

/** Reads a whole object (at most `max` bytes), or undefined when it is missing or larger. */
async function readObject(store: ObjectStore, key: string, max: number): Promise<Uint8Array | undefined> {
  const object = await store.get(key);
  if (!object) return undefined;
  if (object.size > max) {
    await object.body.cancel();
    return undefined;
  }
  return new Uint8Array(await new Response(object.body).arrayBuffer());
}

/** The size of a stored object without reading it, or undefined when it is missing. */
async function storedSize(store: ObjectStore, key: string): Promise<number | undefined> {
  const object = await store.get(key);
  if (!object) return undefined;
  await object.body.cancel();
  return object.size;
}

/**
 * An image's copies as stored. Images uploaded before the library had every copy made (named by the widths of
 * IMAGE_WIDTHS); any missing copy is made again, so the entry is always complete.
 */
async function imageCopies(
  store: ObjectStore,
  key: string,
  bytes: Uint8Array,
  width: number,
  height: number,
): Promise<MediaVariant[]> {
  const url = `/uploads/${key}`;
  const expected: MediaVariant[] = [];
  for (const nominal of copyWidths(width)) {
    const w = Math.min(nominal, width);
    for (const format of IMAGE_FORMATS) {
      const variantKey = variantUrl(url, nominal, format).slice("/uploads/".length);
      const size = await storedSize(store, variantKey);
      if (size === undefined) return remakeCopies(store, url, bytes);
      expected.push({ key: variantKey, width: w, height: Math.round((height * w) / width), format, size });
    }
  }
  return expected;
}

async function remakeCopies(store: ObjectStore, url: string, bytes: Uint8Array): Promise<MediaVariant[]> {
  const made = await imageVariants(bytes, url);
  const variants: MediaVariant[] = [];
  for (const v of made?.variants ?? []) {
    const key = v.url.slice("/uploads/".length);
    await store.put(key, v.body, v.contentType);
    variants.push({ key, width: v.width, height: v.height, format: v.format, size: v.body.byteLength });
  }
  return variants;
}

/** Records one stored file; false when it is not in the store (or not a readable file of its bucket). */
async function importOne(store: ObjectStore, candidate: Candidate): Promise<boolean> {
  const { key } = candidate;
  const bucket = key.split("/")[0] ?? "";
  if (!isSafeKey(key) || !isBucketName(bucket) || /-\d+w\.[a-z]+$/.test(key)) return false;
  const bytes = await readObject(store, key, BUCKETS[bucket as BucketName].fileSizeLimit);
  if (!bytes) return false;
  const kind = KIND_OF_BUCKET[bucket as BucketName];
  const { fileTypeFromBuffer } = await import("file-type");
  const mimeType = (await fileTypeFromBuffer(bytes))?.mime ?? contentTypeForKey(key);
  let width: number | null = null;
  let height: number | null = null;
  let variants: MediaVariant[] = [];
  if (kind === "image") {
    const facts = await imageFacts(bytes);
    if (!facts?.width || !facts.height) return false;
    width = facts.width;
    height = facts.height;
    if (!facts.animated) variants = await imageCopies(store, key, bytes, width, height);
  }
  const now = new Date();
  const inserted = await db()
    .insert(media)
    .values({
      key,
      kind,
      mimeType,
      sizeBytes: bytes.byteLength,
      width,
      height,
      title: safeText(key.split("/")[1] ?? key, MEDIA_TITLE_MAX),
      variants,
      createdAt: candidate.createdAt ?? now,
      createdBy: candidate.createdBy ?? null,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: media.key })
    .returning({ id: media.id });
  return inserted.length > 0;
}

/**
 * Records every upload the store holds that the library does not know yet (see the top of this file). Answers how
 * many were recorded. A file that cannot be read is logged and skipped; the next run tries again.
 */
export async function importExistingUploads(store: ObjectStore = objectStore()): Promise<number> {
  return (await importRun(store)).imported;
}

async function importRun(store: ObjectStore): Promise<{ imported: number; failed: number }> {
  const known = new Set((await db().select({ key: media.key }).from(media)).map((r) => stemOfKey(r.key)));
  const candidates = new Map<string, Candidate>();
  for (const c of await auditedUploads()) candidates.set(c.key, c);
  for (const url of await referencedUploadUrls()) {
    const key = url.slice("/uploads/".length);
    if (!candidates.has(key)) candidates.set(key, { key });
  }
  let imported = 0;
  let failed = 0;
  for (const candidate of candidates.values()) {
    if (known.has(stemOfKey(candidate.key))) continue;
    try {
      if (await importOne(store, candidate)) imported++;
    } catch (error) {
      failed++;
      logger.warn(
        { err: error, key: candidate.key },
        "an existing upload could not be added to the media library",
      );
    }
  }
  // Pages that show these files now draw them from their copies, with their size: cached pages render again.
  if (imported > 0) {
    await publicContentChanged(
      { actor: "system" },
      { action: "media.import", entity: "media", details: { count: imported } },
    );
  }
  return { imported, failed };
}

/** Set once a start-up import has found every earlier upload: later start-ups skip the scan. */
const IMPORT_DONE_KEY = "media_import_done";

/**
 * The start-up import: runs until one run has recorded (or found recorded) every earlier upload, then never again
 * for this database, so a server that restarts does not scan the content and the audit log each time. Uploads an
 * older instance takes during a rolling deploy are caught by the library itself (importMissedUploadsOnce).
 */
export async function importExistingUploadsAtStartup(store: ObjectStore = objectStore()): Promise<number> {
  const [done] = await db()
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(eq(appMeta.key, IMPORT_DONE_KEY));
  if (done) return 0;
  const { imported, failed } = await importRun(store);
  if (failed === 0) await markUploadsImported();
  return imported;
}

/** Start-ups need not look for earlier uploads any more (all found, or a database that never had any). */
export async function markUploadsImported(): Promise<number> {
  await db().insert(appMeta).values({ key: IMPORT_DONE_KEY, value: "1" }).onConflictDoNothing();
  return 0;
}

let listedOnce: Promise<unknown> | undefined;

/**
 * The first time this process lists the library, uploads it does not know yet are recorded first (an older
 * instance's uploads during a rolling deploy, a file the start-up import could not read). Never fails the list.
 */
export function importMissedUploadsOnce(store: ObjectStore = objectStore()): Promise<unknown> {
  listedOnce ??= importRun(store).catch((error) =>
    logger.error({ err: error }, "importing existing uploads into the media library failed"),
  );
  return listedOnce;
}

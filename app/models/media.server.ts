// The media library (docs/decisions/019-media-library.md): one row per uploaded file, its alt text and title, where
// it is used, and the rules that keep public pages whole: alt text may not be removed from an image in use, a file
// in use may not be deleted, and a save that would put a library image without alt text on the site is refused.
// Each write records its own audit entry, and bumps the content version when visitors see the change.
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { media } from "~/db/schema";
import { containsPattern } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";
import type { EditVersion } from "~/lib/edit-conflict";
import type { FieldErrors } from "~/lib/forms";
import {
  ALT_TEXT_MAX,
  KIND_OF_BUCKET,
  MEDIA_MESSAGES,
  MEDIA_TITLE_MAX,
  type MediaKind,
  type MediaUsage,
  type MediaVariant,
  type MediaView,
  type PublicImage,
  publicImageOf,
  stemOfKey,
  uploadKey,
  uploadStem,
  uploadUrlOfKey,
} from "~/lib/media";
import { safeText } from "~/lib/safe-text";
import { type BucketName, IMAGE_FORMATS, IMAGE_WIDTHS, variantUrl } from "~/lib/uploads";
import { type AuditContext, auditAs, memberOf, publicContentChanged } from "~/models/audit.server";
import { versionOf } from "~/models/edit-conflicts.server";
import { importMissedUploadsOnce } from "~/models/media-import.server";
import { usageByStem } from "~/models/media-usage.server";
import { type EditOutcome, refusalFor } from "~/models/versioned-edits.server";
import { objectStore } from "~/storage/configured-store.server";
import type { ObjectStore } from "~/storage/object-store.server";

export type MediaEntry = typeof media.$inferSelect;

/** The bucket-and-hash part of a key, as SQL ("images/<hash>.jpg" → "images/<hash>"); indexed. */
const stemOf = sql<string>`split_part(${media.key}, '.', 1)`;

/** An accepted upload, as the storage module describes it (its UploadResult adds the URLs). */
export interface UploadedFile {
  /** Its object store key, e.g. images/3f2a….jpg */
  key: string;
  bucket: BucketName;
  /** The name the file had on the uploader's computer (without any folder). */
  fileName: string;
  mimeType: string;
  size: number;
  width?: number;
  height?: number;
  variants: MediaVariant[];
}

const variantsOf = (variants: readonly MediaVariant[]): MediaVariant[] =>
  variants.map(({ key, width, height, format, size }) => ({ key, width, height, format, size }));

/**
 * Records an accepted upload in the library (and its `upload.create` audit entry). The same bytes uploaded again
 * are the same file (the key is their hash): the existing entry, with its alt text, is kept and returned.
 */
export async function recordUpload(
  file: UploadedFile,
  who: AuditContext,
  now = new Date(),
): Promise<MediaEntry> {
  const [inserted] = await db()
    .insert(media)
    .values({
      key: file.key,
      kind: KIND_OF_BUCKET[file.bucket],
      mimeType: file.mimeType,
      sizeBytes: file.size,
      width: file.width ?? null,
      height: file.height ?? null,
      title: safeText(file.fileName, MEDIA_TITLE_MAX),
      variants: variantsOf(file.variants),
      createdAt: now,
      updatedAt: now,
      createdBy: who.actor ?? null,
    })
    .onConflictDoNothing({ target: media.key })
    .returning();
  const entry = inserted ?? (await db().select().from(media).where(eq(media.key, file.key)))[0];
  if (!entry) throw new Error(`media row for ${file.key} is missing`);
  await auditAs(who, {
    action: "upload.create",
    entity: "upload",
    entityId: uploadUrlOfKey(file.key),
    details: {
      bucket: file.bucket,
      mimeType: file.mimeType,
      size: file.size,
      mediaId: entry.id,
      ...(inserted ? {} : { existing: true }),
    },
  });
  return entry;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------------

export interface MediaFilter {
  kind?: MediaKind;
  /** Part of the title (the original file name until renamed), any case. */
  q?: string;
  /** Only images without alt text. */
  missingAlt?: boolean;
  /** Only the entry this URL (of the file or one of its copies) names. */
  url?: string;
}

export const MEDIA_LIST_LIMIT = 500;

/** The thumbnail of an entry: its smallest WebP copy, the original for an image without copies, else null. */
function thumbnailOf(entry: MediaEntry): string | null {
  if (entry.kind !== "image") return null;
  const smallest = entry.variants.filter((v) => v.format === "webp").sort((a, b) => a.width - b.width)[0];
  return uploadUrlOfKey(smallest?.key ?? entry.key);
}

export function mediaView(entry: MediaEntry, usage: MediaUsage[] = []): MediaView {
  return {
    id: entry.id,
    url: uploadUrlOfKey(entry.key),
    kind: entry.kind,
    mimeType: entry.mimeType,
    sizeBytes: entry.sizeBytes,
    width: entry.width,
    height: entry.height,
    altText: entry.altText,
    title: entry.title,
    thumbnailUrl: thumbnailOf(entry),
    createdAt: entry.createdAt.toISOString(),
    createdBy: entry.createdBy,
    version: versionOf(entry),
    usage,
  };
}

function filterCondition(filter: MediaFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(media.kind, filter.kind));
  const q = safeText(filter.q?.trim() ?? "", 100);
  if (q) conditions.push(ilike(media.title, containsPattern(q)));
  if (filter.missingAlt) conditions.push(and(eq(media.kind, "image"), eq(media.altText, "")) as SQL);
  if (filter.url !== undefined) conditions.push(eq(stemOf, uploadStem(filter.url) ?? ""));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The library, newest first (at most MEDIA_LIST_LIMIT entries), with where each file is used; the number of entries
 * the filter matches; and how many files of each kind there are in all.
 */
export async function listMedia(filter: MediaFilter = {}) {
  await importMissedUploadsOnce();
  const where = filterCondition(filter);
  const [rows, [matched], kinds, usage] = await Promise.all([
    db()
      .select()
      .from(media)
      .where(where)
      .orderBy(desc(media.createdAt), asc(media.key))
      .limit(MEDIA_LIST_LIMIT),
    db().select({ n: count() }).from(media).where(where),
    db().select({ kind: media.kind, n: count() }).from(media).groupBy(media.kind),
    usageByStem(),
  ]);
  const counts: Record<MediaKind, number> = { image: 0, video: 0, audio: 0 };
  for (const k of kinds) counts[k.kind] = Number(k.n);
  return {
    items: rows.map((row) => mediaView(row, usage.get(stemOfKey(row.key)) ?? [])),
    total: Number(matched?.n ?? 0),
    counts,
  };
}

export async function getMedia(id: string): Promise<MediaEntry | undefined> {
  const [entry] = await db().select().from(media).where(eq(media.id, id)).limit(1);
  return entry;
}

/** Where one entry is used. */
export async function usageOf(entry: Pick<MediaEntry, "key">): Promise<MediaUsage[]> {
  return (await usageByStem()).get(stemOfKey(entry.key)) ?? [];
}

/** The library entries these URLs name, by stem. */
async function entriesByStem(
  urls: ReadonlyArray<string | null | undefined>,
): Promise<Map<string, MediaEntry>> {
  const stems = [...new Set(urls.map(uploadStem).filter((s): s is string => Boolean(s)))];
  if (stems.length === 0) return new Map();
  const rows = await db().select().from(media).where(inArray(stemOf, stems));
  return new Map(rows.map((row) => [stemOfKey(row.key), row]));
}

/**
 * The URLs among these that name a file of this site that is gone: no library entry and nothing in the store, as
 * after a delete in the media library. External URLs, and files still stored that the library has not imported
 * yet, are not gone.
 */
export async function deletedUploads(
  urls: ReadonlyArray<string | null | undefined>,
  store: ObjectStore = objectStore(),
): Promise<Set<string>> {
  const ours = [...new Set(urls)].filter((url): url is string => Boolean(url?.startsWith("/uploads/")));
  const entries = await entriesByStem(ours);
  const gone = new Set<string>();
  for (const url of ours) {
    const stem = uploadStem(url);
    const key = uploadKey(url);
    if (!stem || !key || entries.has(stem)) continue;
    const stored = await store.get(key);
    if (stored) await stored.body.cancel();
    else gone.add(url);
  }
  return gone;
}

// ---------------------------------------------------------------------------------------------------------------
// Public pages
// ---------------------------------------------------------------------------------------------------------------

/** The public view (copies, size, alt text) of each URL that names a library image; other URLs are left out. */
export async function publicImages(
  urls: ReadonlyArray<string | null | undefined>,
): Promise<Map<string, PublicImage>> {
  const entries = await entriesByStem(urls);
  const images = new Map<string, PublicImage>();
  for (const url of urls) {
    const entry = url ? entries.get(uploadStem(url) ?? "") : undefined;
    if (url && entry?.kind === "image") images.set(url, publicImageOf(entry));
  }
  return images;
}

/** Rows with `image`: the library's public view of the image URL `pick` names, or null (none, or external). */
export async function withImages<T>(
  rows: T[],
  pick: (row: T) => string | null | undefined,
): Promise<Array<T & { image: PublicImage | null }>> {
  const images = await publicImages(rows.map(pick));
  return rows.map((row) => ({ ...row, image: images.get(pick(row) ?? "") ?? null }));
}

// ---------------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------------

/**
 * The errors of a save that would use library images without alt text: one per form field whose URL names such an
 * image (docs/product.md, Media library). External URLs, and uploads the library does not know, pass.
 */
export async function missingAltText(
  fields: Record<string, string | null | undefined>,
): Promise<FieldErrors> {
  const entries = await entriesByStem(Object.values(fields));
  const errors: FieldErrors = {};
  for (const [field, url] of Object.entries(fields)) {
    const entry = url ? entries.get(uploadStem(url) ?? "") : undefined;
    if (entry?.kind === "image" && !entry.altText.trim()) errors[field] = MEDIA_MESSAGES.altMissing;
  }
  return errors;
}

export interface MediaDetails {
  altText: string;
  title: string;
}

export type MediaDetailsResult = EditOutcome<MediaEntry> | { status: "alt-required"; usage: MediaUsage[] };

/**
 * Saves an entry's alt text and title. Alt text may not be emptied while the image is used anywhere. When the alt
 * text of an image visitors see changes, the content version moves, so cached pages show the new text at once. With
 * `base`, the version the details form loaded, an entry saved since is not written over: the outcome is the
 * conflict, and nothing changes (the picker's "Add alt text" loads none: it fills in what was empty).
 */
export async function updateMediaDetails(
  id: string,
  details: MediaDetails,
  who: AuditContext,
  { base }: { base?: EditVersion } = {},
): Promise<MediaDetailsResult> {
  const read = await getMedia(id);
  const early = refusalFor(read, base);
  if (early || !read) return early ?? { status: "gone" };
  const altText = safeText(details.altText.trim(), ALT_TEXT_MAX);
  const title = safeText(details.title.trim(), MEDIA_TITLE_MAX) || read.title;
  const altChanged = altText !== read.altText;
  const usage = altChanged ? await usageOf(read) : [];
  if (read.kind === "image" && altChanged && !altText && usage.length > 0) {
    return { status: "alt-required", usage };
  }
  const outcome = await db().transaction(async (tx): Promise<EditOutcome<MediaEntry>> => {
    // Checked again under the row's lock: a save between the read above and here is a conflict too.
    const [before] = await tx.select().from(media).where(eq(media.id, id)).for("update");
    const refused = refusalFor(before, base);
    if (refused || !before) return refused ?? { status: "gone" };
    const [row] = await tx
      .update(media)
      .set({ altText, title, updatedAt: new Date(), updatedBy: memberOf(who) })
      .where(eq(media.id, id))
      .returning();
    return row ? { status: "saved", row, before } : { status: "gone" };
  });
  if (outcome.status !== "saved") return outcome;
  await publicContentChanged(
    who,
    {
      action: "media.update",
      entity: "media",
      entityId: id,
      details: { title, altText, ...(altChanged ? { altTextFrom: read.altText } : {}) },
    },
    altChanged && usage.some((u) => u.public),
  );
  return outcome;
}

export type MediaDeleteResult =
  | { status: "deleted"; entry: MediaEntry }
  | { status: "gone" }
  | { status: "in-use"; usage: MediaUsage[] };

/** Every key an entry may have in the store: the original, its recorded copies and every copy name ever made. */
function storedKeys(entry: MediaEntry): string[] {
  const keys = new Set([entry.key, ...entry.variants.map((v) => v.key)]);
  if (entry.kind === "image") {
    const url = uploadUrlOfKey(entry.key);
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) keys.add(variantUrl(url, width, format).slice("/uploads/".length));
    }
  }
  return [...keys];
}

/**
 * Deletes a file that nothing uses: its library entry, then the original and its copies in the store. A file in
 * use is refused with the places using it (replace it there first). Nothing visitors see changes.
 */
export async function deleteMedia(
  id: string,
  who: AuditContext,
  store: ObjectStore = objectStore(),
): Promise<MediaDeleteResult> {
  const entry = await getMedia(id);
  if (!entry) return { status: "gone" };
  const usage = await usageOf(entry);
  if (usage.length > 0) return { status: "in-use", usage };
  const [deleted] = await db().delete(media).where(eq(media.id, id)).returning();
  if (!deleted) return { status: "gone" };
  // The entry goes first: a file left behind by a failed store call is only an orphan, never a broken entry.
  const results = await Promise.allSettled(storedKeys(deleted).map((key) => store.delete(key)));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length)
    logger.error({ err: failed[0]?.reason, key: deleted.key }, "deleting stored media files failed");
  await auditAs(who, {
    action: "media.delete",
    entity: "media",
    entityId: id,
    details: { key: deleted.key, title: deleted.title, kind: deleted.kind },
  });
  return { status: "deleted", entry: deleted };
}

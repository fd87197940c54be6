// One item of the content API by id, whatever its status, and its update (PATCH): the fields sent laid over the
// stored ones and saved through the back office's own update, so the save keeps its revision, audit entry, content
// version bump, webhooks and the redirects of a changed slug. The version the client read (its If-Match) is checked
// under the row's lock, like an editor's (app/models/edit-conflicts.server.ts); without one, the fields the client
// did not send still never go back to an older value: the update starts again from the row a teammate just saved.
import { BRAND_SUFFIX } from "~/lib/brand";
import { parseTags, slugify, toRichBlocks } from "~/lib/content";
import type { AcademyUpdateInput, BlogUpdateInput, ContentCollection } from "~/lib/content-api-schemas";
import { DEFAULT_BLOG_AUTHOR } from "~/lib/content-schemas";
import type { EditVersion } from "~/lib/edit-conflict";
import { snapshotOf } from "~/lib/revision-fields";
import {
  type AcademyWrite,
  type AdminAcademyItem,
  fromRevision as academyWriteOf,
  getAcademyById,
  updateAcademyItem,
} from "~/models/academy-admin.server";
import type { AuditContext } from "~/models/audit.server";
import {
  type AdminBlogPost,
  type BlogPostWrite,
  fromRevision as blogWriteOf,
  getPostById,
  updatePost,
} from "~/models/blog-admin.server";
import { academyToJson, blogToJson, type ContentItemJson } from "~/models/content-api.server";
import { SlugTakenError } from "~/models/content-writes.server";
import { conflictWith, StaleEditError, versionOf } from "~/models/edit-conflicts.server";

/** An item as the API answers it, with the version its ETag names. */
export interface ItemRead {
  item: ContentItemJson;
  version: EditVersion;
}

export type UpdateResult =
  | ({ ok: true } & ItemRead)
  | { ok: false; reason: "gone" }
  | { ok: false; reason: "stale"; version: EditVersion; savedBy: string | null }
  | { ok: false; reason: "slug-taken"; slug: string }
  | { ok: false; reason: "invalid"; fields: Record<string, string[]> };

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The stored row of one item, by id. */
async function rowOf(collection: ContentCollection, id: string) {
  if (!isUuid(id)) return undefined;
  return collection === "blog" ? getPostById(id) : getAcademyById(id);
}

/** One blog post or academy item by id, published or not (the key that may update it may read it). */
export async function getContentItem(
  collection: ContentCollection,
  id: string,
): Promise<ItemRead | undefined> {
  if (!isUuid(id)) return undefined;
  if (collection === "blog") {
    const row = await getPostById(id);
    return row && { item: blogToJson(row), version: versionOf(row) };
  }
  const row = await getAcademyById(id);
  return row && { item: academyToJson(row), version: versionOf(row) };
}

/** The item's version and who saved it last: what a refusal of a stale update tells. */
export async function lastSave(
  collection: ContentCollection,
  id: string,
): Promise<{ version: EditVersion; savedBy: string | null } | undefined> {
  const row = await rowOf(collection, id);
  return row && conflictWith(row);
}

const ONLY_PUBLISHED = 'Only a published item takes published_at: set "status": "published" or leave it out';
const NO_SLUG = "The slug needs at least one letter or digit";

type Merged<W> = { ok: true; write: W } | { ok: false; fields: Record<string, string[]> };

/** The rules both kinds share: a slug normalised like a created one, published_at only for what stays published. */
function checked<W extends { slug: string; status: string; publishAt?: Date | null }>(
  write: W,
  input: { slug?: string; published_at?: Date },
): Merged<W> {
  if (input.slug !== undefined) write.slug = slugify(input.slug);
  if (!write.slug) return { ok: false, fields: { slug: [NO_SLUG] } };
  if (input.published_at) {
    if (write.status !== "published") return { ok: false, fields: { published_at: [ONLY_PUBLISHED] } };
    write.publishAt = input.published_at;
  }
  return { ok: true, write };
}

/** A post with the fields sent laid over it (the API's names mapped to the admin's, as the create maps them). */
function mergedPost(row: AdminBlogPost, input: BlogUpdateInput): Merged<BlogPostWrite> {
  const write = blogWriteOf(snapshotOf(row), row);
  if (input.title !== undefined) write.title = input.title;
  if (input.description !== undefined) write.excerpt = input.description;
  // The body as stored (an older post's body may be its excerpt alone: it stays so), or the one sent.
  write.body = input.content ?? toRichBlocks(row.richContent);
  if (input.author !== undefined) write.author = input.author || DEFAULT_BLOG_AUTHOR;
  if (input.category !== undefined) write.category = input.category;
  if (input.tags !== undefined) write.tags = parseTags(input.tags);
  if (input.featured_image !== undefined) write.featuredImage = input.featured_image || null;
  if (input.status !== undefined) write.status = input.status;
  if (input.meta_title !== undefined) write.metaTitle = input.meta_title || `${write.title}${BRAND_SUFFIX}`;
  if (input.meta_description !== undefined) write.metaDescription = input.meta_description;
  return checked(write, input);
}

/** An academy item with the fields sent laid over it. */
function mergedItem(row: AdminAcademyItem, input: AcademyUpdateInput): Merged<AcademyWrite> {
  const write = academyWriteOf(snapshotOf(row), row);
  if (input.title !== undefined) write.title = input.title;
  if (input.description !== undefined) write.description = input.description;
  if (input.summary !== undefined) write.summary = input.summary;
  if (input.category !== undefined) write.category = input.category;
  if (input.tags !== undefined) write.tags = parseTags(input.tags);
  if (input.difficulty_level !== undefined) write.difficulty = input.difficulty_level;
  if (input.duration_minutes !== undefined) write.duration = input.duration_minutes;
  if (input.thumbnail_url !== undefined) write.thumbnailUrl = input.thumbnail_url || null;
  if (input.video_url !== undefined) write.videoUrl = input.video_url || null;
  if (input.audio_url !== undefined) write.audioUrl = input.audio_url || null;
  if (input.is_featured !== undefined) write.featured = input.is_featured;
  if (input.author !== undefined) write.author = input.author || null;
  if (input.content !== undefined) write.blocks = input.content;
  if (input.rich_content !== undefined) write.richContent = input.rich_content;
  if (input.status !== undefined) write.status = input.status;
  return checked(write, input);
}

/** Attempts of an update without If-Match whose row a teammate saves meanwhile, before answering stale anyway. */
const ATTEMPTS = 3;

/**
 * The update of one item, with `base` the version its If-Match named (undefined: none, or "*"). Stale when the item
 * was saved since `base`; nothing is written then.
 */
export async function updateContentItemFromApi(
  collection: ContentCollection,
  id: string,
  input: BlogUpdateInput | AcademyUpdateInput,
  who: AuditContext,
  base?: EditVersion,
): Promise<UpdateResult> {
  for (let attempt = 1; ; attempt++) {
    const row = await rowOf(collection, id);
    if (!row) return { ok: false, reason: "gone" };
    if (base !== undefined && versionOf(row) !== base) return stale(row);
    try {
      if (collection === "blog") {
        const post = row as AdminBlogPost;
        return await saveMerged(
          post,
          mergedPost(post, input as BlogUpdateInput),
          updatePost,
          blogToJson,
          who,
        );
      }
      const item = row as AdminAcademyItem;
      return await saveMerged(
        item,
        mergedItem(item, input as AcademyUpdateInput),
        updateAcademyItem,
        academyToJson,
        who,
      );
    } catch (error) {
      if (error instanceof SlugTakenError)
        return { ok: false, reason: "slug-taken", slug: slugOf(input, row) };
      if (!(error instanceof StaleEditError)) throw error;
      if (base !== undefined || attempt >= ATTEMPTS) return stale(error.current);
    }
  }
}

const slugOf = (input: { slug?: string }, row: { slug: string }) =>
  input.slug !== undefined ? slugify(input.slug) : row.slug;

async function stale(row: { updatedAt: Date; updatedBy: string | null }): Promise<UpdateResult> {
  const { version, savedBy } = await conflictWith(row);
  return { ok: false, reason: "stale", version, savedBy };
}

/**
 * Saves a merged write through the back office's update, with the row's own version as the base: a save made since
 * the merge read the row is never undone (StaleEditError, and the caller reads it again).
 */
async function saveMerged<Row extends { id: string; updatedAt: Date }, W>(
  row: Row,
  merged: Merged<W>,
  update: (
    id: string,
    write: W,
    who: AuditContext,
    now: Date,
    revision: { action: "update" },
    base: EditVersion,
  ) => Promise<{ after: Row } | undefined>,
  toJson: (row: Row) => ContentItemJson,
  who: AuditContext,
): Promise<UpdateResult> {
  if (!merged.ok) return { ok: false, reason: "invalid", fields: merged.fields };
  const updated = await update(row.id, merged.write, who, new Date(), { action: "update" }, versionOf(row));
  if (!updated) return { ok: false, reason: "gone" };
  return { ok: true, item: toJson(updated.after), version: versionOf(updated.after) };
}

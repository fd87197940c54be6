// Academy content for the back office: every item whatever its status, and the writes. Public reads stay in
// academy.server.ts. Every write records its audit entry and bumps the content version itself (after the
// commit), whoever calls it: the admin form and the content API share these functions.
import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { academyContent, type ContentStatus, DIFFICULTY_LEVELS } from "~/db/schema";
import { type AcademyBlock, academyBlocks, type RichBlock, toRichBlocks } from "~/lib/content";
import type { AcademyInput } from "~/lib/content-schemas";
import { snapshotTags, snapshotText, snapshotTextOrNull } from "~/lib/revision-fields";
import type { AuditContext } from "~/models/audit.server";
import { contentWrites } from "~/models/content-writes.server";

export type AdminAcademyItem = typeof academyContent.$inferSelect;
export const ADMIN_LIST_LIMIT = 500;

export async function listAllAcademy(limit = ADMIN_LIST_LIMIT): Promise<AdminAcademyItem[]> {
  return db().select().from(academyContent).orderBy(desc(academyContent.createdAt)).limit(limit);
}

export async function getAcademyById(id: string): Promise<AdminAcademyItem | undefined> {
  const [item] = await db().select().from(academyContent).where(eq(academyContent.id, id)).limit(1);
  return item;
}

/**
 * An item to write. The admin form leaves `blocks`, `richContent` and `author` out (an update keeps what is
 * stored); the content API may give them.
 */
export type AcademyWrite = Omit<AcademyInput, "publishAt"> & {
  blocks?: AcademyBlock[];
  richContent?: RichBlock[];
  author?: string | null;
  /** A publication time (a future one schedules the item). */
  publishAt?: Date | null;
};

function columns(input: AcademyWrite) {
  return {
    title: input.title,
    slug: input.slug,
    description: input.description || null,
    summary: input.summary || null,
    // docs/product.md, Academy CMS: the block list is built from the description plus optional video and
    // audio blocks.
    content: input.blocks?.length
      ? input.blocks
      : academyBlocks(input.description, input.videoUrl, input.audioUrl),
    ...(input.richContent ? { richContent: input.richContent.length ? input.richContent : null } : {}),
    ...(input.author !== undefined ? { author: input.author || null } : {}),
    category: input.category,
    tags: input.tags,
    difficultyLevel: input.difficulty,
    durationMinutes: input.duration,
    thumbnailUrl: input.thumbnailUrl,
    videoUrl: input.videoUrl,
    audioUrl: input.audioUrl,
    isFeatured: input.featured,
    status: input.status,
  };
}

/** A revision's fields (or the item's own snapshot) as a write, keeping its current status and publication time. */
export function fromRevision(snapshot: Record<string, unknown>, current: AdminAcademyItem): AcademyWrite {
  const level = DIFFICULTY_LEVELS.find((d) => d === snapshot.difficultyLevel) ?? current.difficultyLevel;
  return {
    title: snapshotText(snapshot.title),
    slug: snapshotText(snapshot.slug),
    category: snapshotText(snapshot.category) || current.category,
    difficulty: level,
    duration: Number.isInteger(snapshot.durationMinutes) ? Number(snapshot.durationMinutes) : 0,
    tags: snapshotTags(snapshot),
    featured: snapshot.isFeatured === true,
    thumbnailUrl: snapshotTextOrNull(snapshot.thumbnailUrl),
    videoUrl: snapshotTextOrNull(snapshot.videoUrl),
    audioUrl: snapshotTextOrNull(snapshot.audioUrl),
    description: snapshotText(snapshot.description),
    summary: snapshotText(snapshot.summary),
    status: current.status,
    // The same time keeps a scheduled item scheduled and a live one's date (publishedAtAfter).
    publishAt: current.publishedAt,
    blocks: Array.isArray(snapshot.content) ? (snapshot.content as AcademyBlock[]) : [],
    richContent: toRichBlocks(snapshot.richContent),
    author: snapshotTextOrNull(snapshot.author),
  };
}

const writes = contentWrites(academyContent, "academy", "academy_content", columns, fromRevision);

export const createAcademyItem = writes.create;

/** Updates an item (stamping updated_at); undefined when it no longer exists. */
export const updateAcademyItem = writes.update;

/** The list toggle: published → draft, draft or archived → published (docs/product.md, Content statuses). */
export async function toggleAcademyStatus(
  id: string,
  who: AuditContext,
  now = new Date(),
): Promise<{ item: AdminAcademyItem; from: ContentStatus } | undefined> {
  const toggled = await writes.toggle(id, who, now);
  return toggled ? { item: toggled.row, from: toggled.from } : undefined;
}

export const deleteAcademyItem = writes.remove;

/** Brings back a revision's fields (a new revision itself); undefined when the item or revision is gone. */
export const restoreAcademyRevision = writes.restore;

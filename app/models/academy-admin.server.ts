// Academy content for the back office: every item whatever its status, and the writes. Public reads stay in
// academy.server.ts. Every write records its audit entry and bumps the content version itself (after the
// commit), whoever calls it: the admin form and the content API share these functions.
import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { academyContent, type ContentStatus } from "~/db/schema";
import { type AcademyBlock, academyBlocks, type RichBlock } from "~/lib/content";
import type { AcademyInput } from "~/lib/content-schemas";
import { publishedAtAfter, toggledStatus } from "~/lib/content-status";
import type { AuditContext } from "~/models/audit.server";
import { contentChanges } from "~/models/content-changes.server";

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
export type AcademyWrite = AcademyInput & {
  blocks?: AcademyBlock[];
  richContent?: RichBlock[];
  author?: string | null;
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

const changes = contentChanges("academy", "academy_content");

export async function createAcademyItem(
  input: AcademyWrite,
  who: AuditContext,
  now = new Date(),
  details: Record<string, unknown> = {},
): Promise<AdminAcademyItem> {
  const [item] = await db()
    .insert(academyContent)
    .values({
      ...columns(input),
      publishedAt: publishedAtAfter(null, input.status, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!item) throw new Error("insert returned no row");
  await changes.created(who, item, details);
  return item;
}

export async function updateAcademyItem(
  id: string,
  input: AcademyWrite,
  who: AuditContext,
  now = new Date(),
): Promise<{ before: AdminAcademyItem; after: AdminAcademyItem } | undefined> {
  const updated = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(academyContent).where(eq(academyContent.id, id)).for("update");
    if (!before) return undefined;
    const [after] = await tx
      .update(academyContent)
      .set({ ...columns(input), publishedAt: publishedAtAfter(before, input.status, now), updatedAt: now })
      .where(eq(academyContent.id, id))
      .returning();
    return after ? { before, after } : undefined;
  });
  if (updated) await changes.updated(who, updated);
  return updated;
}

/** The list toggle: published → draft, draft or archived → published (docs/product.md, Content statuses). */
export async function toggleAcademyStatus(
  id: string,
  who: AuditContext,
  now = new Date(),
): Promise<{ item: AdminAcademyItem; from: ContentStatus } | undefined> {
  const toggled = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(academyContent).where(eq(academyContent.id, id)).for("update");
    if (!before) return undefined;
    const status = toggledStatus(before.status);
    const [item] = await tx
      .update(academyContent)
      .set({ status, publishedAt: publishedAtAfter(before, status, now), updatedAt: now })
      .where(eq(academyContent.id, id))
      .returning();
    return item ? { item, from: before.status } : undefined;
  });
  if (toggled) await changes.toggled(who, toggled.item, toggled.from);
  return toggled;
}

export async function deleteAcademyItem(
  id: string,
  who: AuditContext,
): Promise<AdminAcademyItem | undefined> {
  const [item] = await db().delete(academyContent).where(eq(academyContent.id, id)).returning();
  if (item) await changes.deleted(who, item);
  return item;
}

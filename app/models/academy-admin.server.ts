// Academy content for the back office: every item whatever its status, and the writes. Public reads stay in
// academy.server.ts.
import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { academyContent, type ContentStatus } from "~/db/schema";
import { type AcademyInput, publishedAtAfter, toggledStatus } from "~/lib/cms";
import { academyBlocks } from "~/lib/content";

export type AdminAcademyItem = typeof academyContent.$inferSelect;
export const ADMIN_LIST_LIMIT = 500;

export async function listAllAcademy(limit = ADMIN_LIST_LIMIT): Promise<AdminAcademyItem[]> {
  return db().select().from(academyContent).orderBy(desc(academyContent.createdAt)).limit(limit);
}

export async function getAcademyById(id: string): Promise<AdminAcademyItem | undefined> {
  const [item] = await db().select().from(academyContent).where(eq(academyContent.id, id)).limit(1);
  return item;
}

function columns(input: AcademyInput) {
  return {
    title: input.title,
    slug: input.slug,
    description: input.description || null,
    summary: input.summary || null,
    // docs/product.md, Academy CMS: the block list is built from the description plus optional video and
    // audio blocks.
    content: academyBlocks(input.description, input.videoUrl, input.audioUrl),
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

export async function createAcademyItem(input: AcademyInput, now = new Date()): Promise<AdminAcademyItem> {
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
  return item;
}

export async function updateAcademyItem(
  id: string,
  input: AcademyInput,
  now = new Date(),
): Promise<{ before: AdminAcademyItem; after: AdminAcademyItem } | undefined> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(academyContent).where(eq(academyContent.id, id)).for("update");
    if (!before) return undefined;
    const [after] = await tx
      .update(academyContent)
      .set({ ...columns(input), publishedAt: publishedAtAfter(before, input.status, now), updatedAt: now })
      .where(eq(academyContent.id, id))
      .returning();
    return after ? { before, after } : undefined;
  });
}

/** The list toggle: published → draft, draft or archived → published (docs/product.md, Content statuses). */
export async function toggleAcademyStatus(
  id: string,
  now = new Date(),
): Promise<{ item: AdminAcademyItem; from: ContentStatus } | undefined> {
  return db().transaction(async (tx) => {
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
}

export async function deleteAcademyItem(id: string): Promise<AdminAcademyItem | undefined> {
  const [item] = await db().delete(academyContent).where(eq(academyContent.id, id)).returning();
  return item;
}

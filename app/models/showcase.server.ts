// Showcase media for the landing hero. Public reads return active items only, by display_order
// (docs/product.md, Showcase carousel).
import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { showcaseMedia } from "~/db/schema";
import { logger } from "~/lib/logger.server";

export type ShowcaseItem = Pick<
  typeof showcaseMedia.$inferSelect,
  "id" | "title" | "description" | "mediaType" | "mediaUrl" | "displayOrder"
>;

/**
 * Active items in display order. A load error is only logged (docs/product.md, Showcase carousel): the hero
 * then shows its empty state.
 */
export async function listActiveShowcase(): Promise<ShowcaseItem[]> {
  try {
    return await db()
      .select({
        id: showcaseMedia.id,
        title: showcaseMedia.title,
        description: showcaseMedia.description,
        mediaType: showcaseMedia.mediaType,
        mediaUrl: showcaseMedia.mediaUrl,
        displayOrder: showcaseMedia.displayOrder,
      })
      .from(showcaseMedia)
      .where(eq(showcaseMedia.isActive, true))
      .orderBy(asc(showcaseMedia.displayOrder), asc(showcaseMedia.createdAt));
  } catch (error) {
    logger.error({ err: error }, "failed to load showcase media");
    return [];
  }
}

// Showcase media for the landing hero. Public reads return active items only, by display_order
// (docs/product.md, Showcase carousel).
import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { showcaseMedia } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import type { PublicImage } from "~/lib/media";
import { withImages } from "~/models/media.server";

export type ShowcaseItem = Pick<
  typeof showcaseMedia.$inferSelect,
  "id" | "title" | "description" | "mediaType" | "mediaUrl" | "displayOrder"
> & {
  /** An image slide's responsive copies and alt text, when it is a library image. */
  image: PublicImage | null;
};

/**
 * Active items in display order. A load error is only logged (docs/product.md, Showcase carousel): the hero
 * then shows its empty state.
 */
export async function listActiveShowcase(): Promise<ShowcaseItem[]> {
  try {
    const rows = await db()
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
    return await withImages(rows, (row) => (row.mediaType === "image" ? row.mediaUrl : null));
  } catch (error) {
    logger.error({ err: error }, "failed to load showcase media");
    return [];
  }
}

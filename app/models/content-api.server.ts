// Reads and writes of the content API (/functions/v1/content-api/*). Public reads filter status = 'published'
// here; creations derive the slug, default the fields the admin forms default, and stamp published_at.
import { and, count, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { academyContent, blogPosts } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql-helpers.server";
import type {
  AcademyCreateInput,
  AcademyItemJson,
  BlogCreateInput,
  BlogPostJson,
  ContentCollection,
} from "~/lib/api-schemas";
import { academyBlocks, parseTags, slugify } from "~/lib/content";

type BlogRow = typeof blogPosts.$inferSelect;
type AcademyRow = typeof academyContent.$inferSelect;
export type ContentItemJson = BlogPostJson | AcademyItemJson;

/**
 * Suffix of a new blog post's default meta title (the title plus a brand suffix; docs/product.md, Meta
 * guidance and AI Optimize).
 */
export const META_TITLE_SUFFIX = " | Asimov";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function blogToJson(row: BlogRow): BlogPostJson {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content ?? null,
    rich_content: row.richContent ?? null,
    author: row.author,
    category: row.category,
    tags: row.tags,
    status: row.status,
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    featured_image: row.featuredImage,
  };
}

export function academyToJson(row: AcademyRow): AcademyItemJson {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    summary: row.summary,
    content: row.content ?? null,
    rich_content: row.richContent ?? null,
    category: row.category,
    tags: row.tags,
    difficulty_level: row.difficultyLevel,
    duration_minutes: row.durationMinutes,
    thumbnail_url: row.thumbnailUrl,
    video_url: row.videoUrl,
    audio_url: row.audioUrl,
    is_featured: row.isFeatured,
    status: row.status,
    view_count: row.viewCount,
    author: row.author,
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of published items, newest first, with the total number of published items. */
export async function listPublishedContent(
  collection: ContentCollection,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: ContentItemJson[]; total: number }> {
  if (collection === "blog") {
    const where = eq(blogPosts.status, "published");
    const [rows, [totals]] = await Promise.all([
      db()
        .select()
        .from(blogPosts)
        .where(where)
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt), desc(blogPosts.id))
        .limit(limit)
        .offset(offset),
      db().select({ n: count() }).from(blogPosts).where(where),
    ]);
    return { items: rows.map(blogToJson), total: Number(totals?.n ?? 0) };
  }
  const where = eq(academyContent.status, "published");
  const [rows, [totals]] = await Promise.all([
    db()
      .select()
      .from(academyContent)
      .where(where)
      .orderBy(desc(academyContent.publishedAt), desc(academyContent.createdAt), desc(academyContent.id))
      .limit(limit)
      .offset(offset),
    db().select({ n: count() }).from(academyContent).where(where),
  ]);
  return { items: rows.map(academyToJson), total: Number(totals?.n ?? 0) };
}

export async function getPublishedContent(
  collection: ContentCollection,
  slug: string,
): Promise<ContentItemJson | undefined> {
  if (collection === "blog") {
    const [row] = await db()
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.status, "published"), eq(blogPosts.slug, slug)))
      .limit(1);
    return row ? blogToJson(row) : undefined;
  }
  const [row] = await db()
    .select()
    .from(academyContent)
    .where(and(eq(academyContent.status, "published"), eq(academyContent.slug, slug)))
    .limit(1);
  return row ? academyToJson(row) : undefined;
}

export type CreateResult<T> =
  | { ok: true; item: T }
  | { ok: false; reason: "conflict"; slug: string }
  | { ok: false; reason: "invalid-slug" };

function slugFor(input: { slug?: string; title: string }): string {
  return slugify(input.slug?.trim() ? input.slug : input.title);
}

export async function createBlogPostFromApi(input: BlogCreateInput): Promise<CreateResult<BlogPostJson>> {
  const slug = slugFor(input);
  if (!slug) return { ok: false, reason: "invalid-slug" };
  const now = new Date();
  try {
    const [row] = await db()
      .insert(blogPosts)
      .values({
        title: input.title,
        slug,
        excerpt: input.description || null,
        // As the admin form stores it: the excerpt as the plain body, the blocks as rich content (rendered first).
        content: input.description ? { text: input.description } : null,
        richContent: input.content?.length ? input.content : null,
        author: input.author || "Admin",
        category: input.category || null,
        tags: parseTags(input.tags),
        status: input.status,
        publishedAt: input.status === "published" ? now : null,
        metaTitle: input.meta_title || `${input.title}${META_TITLE_SUFFIX}`,
        metaDescription: input.meta_description || input.description || null,
        featuredImage: input.featured_image || null,
      })
      .returning();
    if (!row) throw new Error("blog insert returned no row");
    return { ok: true, item: blogToJson(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "conflict", slug };
    throw error;
  }
}

export async function createAcademyItemFromApi(
  input: AcademyCreateInput,
): Promise<CreateResult<AcademyItemJson>> {
  const slug = slugFor(input);
  if (!slug) return { ok: false, reason: "invalid-slug" };
  const now = new Date();
  try {
    const [row] = await db()
      .insert(academyContent)
      .values({
        title: input.title,
        slug,
        description: input.description || null,
        summary: input.summary || null,
        content: input.content?.length
          ? input.content
          : academyBlocks(input.description ?? null, input.video_url ?? null, input.audio_url ?? null),
        richContent: input.rich_content?.length ? input.rich_content : null,
        category: input.category,
        tags: parseTags(input.tags),
        difficultyLevel: input.difficulty_level,
        durationMinutes: input.duration_minutes,
        thumbnailUrl: input.thumbnail_url || null,
        videoUrl: input.video_url || null,
        audioUrl: input.audio_url || null,
        isFeatured: input.is_featured,
        status: input.status,
        author: input.author || null,
        publishedAt: input.status === "published" ? now : null,
      })
      .returning();
    if (!row) throw new Error("academy insert returned no row");
    return { ok: true, item: academyToJson(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "conflict", slug };
    throw error;
  }
}

// Reads and writes of the content API (/functions/v1/content-api/*). Public reads filter on publishedIn
// (published.server.ts); creations derive the slug and the API's defaults, then go through the admin's own create
// functions, so both store one shape and audit and bump the content version the same way.
import { and, count, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { academyContent, blogPosts } from "~/db/schema";
import { BRAND_SUFFIX } from "~/lib/brand";
import { parseTags, slugify } from "~/lib/content";
import type {
  AcademyCreateInput,
  AcademyItemJson,
  BlogCreateInput,
  BlogPostJson,
  ContentCollection,
} from "~/lib/content-api-schemas";
import { DEFAULT_BLOG_AUTHOR } from "~/lib/content-schemas";
import { createAcademyItem } from "~/models/academy-admin.server";
import type { ApiKeySummary } from "~/models/api-keys.server";
import type { AuditContext } from "~/models/audit.server";
import { createPost } from "~/models/blog-admin.server";
import { SlugTakenError } from "~/models/content-writes.server";
import { publishedIn } from "~/models/published.server";

type BlogRow = typeof blogPosts.$inferSelect;
type AcademyRow = typeof academyContent.$inferSelect;
export type ContentItemJson = BlogPostJson | AcademyItemJson;

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
    const where = publishedIn(blogPosts);
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
  const where = publishedIn(academyContent);
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
      .where(and(publishedIn(blogPosts), eq(blogPosts.slug, slug)))
      .limit(1);
    return row ? blogToJson(row) : undefined;
  }
  const [row] = await db()
    .select()
    .from(academyContent)
    .where(and(publishedIn(academyContent), eq(academyContent.slug, slug)))
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

/** The admin's create, with the API's answers for a slug that cannot be made or is taken. */
async function createWith<Row, T>(
  input: { slug?: string; title: string },
  create: (slug: string) => Promise<Row>,
  toJson: (row: Row) => T,
): Promise<CreateResult<T>> {
  const slug = slugFor(input);
  if (!slug) return { ok: false, reason: "invalid-slug" };
  try {
    return { ok: true, item: toJson(await create(slug)) };
  } catch (error) {
    if (error instanceof SlugTakenError) return { ok: false, reason: "conflict", slug };
    throw error;
  }
}

/** What the audit entry adds for a creation through the API: which key did it. */
const viaKey = (key: Pick<ApiKeySummary, "id" | "keyName">) => ({
  via: "content-api",
  apiKeyId: key.id,
  apiKeyName: key.keyName,
});

/**
 * Creates a blog post through the admin's own createPost, so it is stored in the same shape, audited and made
 * visible the same way. The API's defaults (author, meta title and description) are filled in here.
 */
export async function createBlogPostFromApi(
  input: BlogCreateInput,
  key: Pick<ApiKeySummary, "id" | "keyName">,
  who: AuditContext,
): Promise<CreateResult<BlogPostJson>> {
  return createWith(
    input,
    (slug) =>
      createPost(
        {
          title: input.title,
          slug,
          excerpt: input.description ?? "",
          body: input.content ?? [],
          author: input.author || DEFAULT_BLOG_AUTHOR,
          category: input.category ?? "",
          tags: parseTags(input.tags),
          featuredImage: input.featured_image || null,
          status: input.status,
          metaTitle: input.meta_title || `${input.title}${BRAND_SUFFIX}`,
          metaDescription: input.meta_description || input.description || "",
          publishAt: input.published_at ?? null,
        },
        who,
        new Date(),
        viaKey(key),
      ),
    blogToJson,
  );
}

/** Creates an academy item through the admin's own createAcademyItem (see createBlogPostFromApi). */
export async function createAcademyItemFromApi(
  input: AcademyCreateInput,
  key: Pick<ApiKeySummary, "id" | "keyName">,
  who: AuditContext,
): Promise<CreateResult<AcademyItemJson>> {
  return createWith(
    input,
    (slug) =>
      createAcademyItem(
        {
          title: input.title,
          slug,
          description: input.description ?? "",
          summary: input.summary ?? "",
          blocks: input.content,
          richContent: input.rich_content ?? [],
          category: input.category,
          tags: parseTags(input.tags),
          difficulty: input.difficulty_level,
          duration: input.duration_minutes,
          thumbnailUrl: input.thumbnail_url || null,
          videoUrl: input.video_url || null,
          audioUrl: input.audio_url || null,
          featured: input.is_featured,
          status: input.status,
          author: input.author || null,
          publishAt: input.published_at ?? null,
        },
        who,
        new Date(),
        viaKey(key),
      ),
    academyToJson,
  );
}

// Blog posts for the back office: every post whatever its status, and the writes. Public reads stay in
// blog.server.ts. Every write records its audit entry and bumps the content version itself (after the commit),
// whoever calls it: the admin form and the content API share these functions and the stored shape.
import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPosts, type ContentStatus } from "~/db/schema";
import { parseBody } from "~/lib/blocks";
import type { RichBlock } from "~/lib/content";
import type { BlogPostInput } from "~/lib/content-schemas";
import { publishedAtAfter, toggledStatus } from "~/lib/content-status";
import type { AuditContext } from "~/models/audit.server";
import { contentChanges } from "~/models/content-changes.server";

export type AdminBlogPost = typeof blogPosts.$inferSelect;
export const ADMIN_LIST_LIMIT = 500;

/** All posts, newest first (by created_at; docs/product.md, Blog CMS). */
export async function listAllPosts(limit = ADMIN_LIST_LIMIT): Promise<AdminBlogPost[]> {
  return db().select().from(blogPosts).orderBy(desc(blogPosts.createdAt)).limit(limit);
}

export async function getPostById(id: string): Promise<AdminBlogPost | undefined> {
  const [post] = await db().select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return post;
}

/**
 * A post to write. The body is the admin form's text (JSON blocks or the plain-text syntax) or blocks already
 * parsed (the content API).
 */
export type BlogPostWrite = Omit<BlogPostInput, "body"> & { body: string | RichBlock[] };

/**
 * The one stored shape: rich_content holds the body's blocks; content holds `{blocks}` with one paragraph from
 * the excerpt. Older rows may hold `{text}` in content: the readers (toRichBlocks) accept both.
 */
function bodyColumns(input: BlogPostWrite) {
  const blocks = typeof input.body === "string" ? parseBody(input.body) : input.body;
  return {
    richContent: blocks.length ? blocks : null,
    content: input.excerpt ? { blocks: [{ type: "paragraph", data: { text: input.excerpt } }] } : null,
  };
}

function columns(input: BlogPostWrite) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt || null,
    ...bodyColumns(input),
    author: input.author,
    category: input.category || null,
    tags: input.tags,
    featuredImage: input.featuredImage,
    status: input.status,
    metaTitle: input.metaTitle || null,
    metaDescription: input.metaDescription || null,
  };
}

const changes = contentChanges("blog", "blog_post");

export async function createPost(
  input: BlogPostWrite,
  who: AuditContext,
  now = new Date(),
  details: Record<string, unknown> = {},
): Promise<AdminBlogPost> {
  const [post] = await db()
    .insert(blogPosts)
    .values({
      ...columns(input),
      publishedAt: publishedAtAfter(null, input.status, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!post) throw new Error("insert returned no row");
  await changes.created(who, post, details);
  return post;
}

/** Updates a post (stamping updated_at); undefined when it no longer exists. */
export async function updatePost(
  id: string,
  input: BlogPostWrite,
  who: AuditContext,
  now = new Date(),
): Promise<{ before: AdminBlogPost; after: AdminBlogPost } | undefined> {
  const updated = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!before) return undefined;
    const [after] = await tx
      .update(blogPosts)
      .set({ ...columns(input), publishedAt: publishedAtAfter(before, input.status, now), updatedAt: now })
      .where(eq(blogPosts.id, id))
      .returning();
    return after ? { before, after } : undefined;
  });
  if (updated) await changes.updated(who, updated);
  return updated;
}

/** The eye button: published ⇄ draft, published_at set to now or cleared. */
export async function togglePostStatus(
  id: string,
  who: AuditContext,
  now = new Date(),
): Promise<{ post: AdminBlogPost; from: ContentStatus } | undefined> {
  const toggled = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!before) return undefined;
    const status = toggledStatus(before.status);
    const [post] = await tx
      .update(blogPosts)
      .set({ status, publishedAt: publishedAtAfter(before, status, now), updatedAt: now })
      .where(eq(blogPosts.id, id))
      .returning();
    return post ? { post, from: before.status } : undefined;
  });
  if (toggled) await changes.toggled(who, toggled.post, toggled.from);
  return toggled;
}

export async function deletePost(id: string, who: AuditContext): Promise<AdminBlogPost | undefined> {
  const [post] = await db().delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  if (post) await changes.deleted(who, post);
  return post;
}

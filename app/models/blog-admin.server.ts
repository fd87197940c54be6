// Blog posts for the back office: every post whatever its status, and the writes. Public reads stay in
// blog.server.ts. Each write returns the row so the route can audit it and bump the content version.
import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPosts, type ContentStatus } from "~/db/schema";
import { type BlogPostInput, parseBody, publishedAtAfter, toggledStatus } from "~/lib/cms";

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

/** rich_content holds the editor's blocks; content keeps its original shape: one paragraph block from the excerpt. */
function bodyColumns(input: BlogPostInput) {
  const blocks = parseBody(input.body);
  return {
    richContent: blocks.length ? blocks : null,
    content: input.excerpt ? { blocks: [{ type: "paragraph", data: { text: input.excerpt } }] } : null,
  };
}

function columns(input: BlogPostInput) {
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

export async function createPost(input: BlogPostInput, now = new Date()): Promise<AdminBlogPost> {
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
  return post;
}

/** Updates a post (stamping updated_at); undefined when it no longer exists. */
export async function updatePost(
  id: string,
  input: BlogPostInput,
  now = new Date(),
): Promise<{ before: AdminBlogPost; after: AdminBlogPost } | undefined> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!before) return undefined;
    const [after] = await tx
      .update(blogPosts)
      .set({ ...columns(input), publishedAt: publishedAtAfter(before, input.status, now), updatedAt: now })
      .where(eq(blogPosts.id, id))
      .returning();
    return after ? { before, after } : undefined;
  });
}

/** The eye button: published ⇄ draft, published_at set to now or cleared. */
export async function togglePostStatus(
  id: string,
  now = new Date(),
): Promise<{ post: AdminBlogPost; from: ContentStatus } | undefined> {
  return db().transaction(async (tx) => {
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
}

export async function deletePost(id: string): Promise<AdminBlogPost | undefined> {
  const [post] = await db().delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return post;
}

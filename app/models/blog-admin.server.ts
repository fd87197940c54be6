// Blog posts for the back office: every post whatever its status, and the writes. Public reads stay in
// blog.server.ts. Every write records its audit entry and bumps the content version itself (after the commit),
// whoever calls it: the admin form and the content API share these functions and the stored shape.
import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPosts, type ContentStatus } from "~/db/schema";
import { parseBody } from "~/lib/blocks";
import { bodyBlocks, type RichBlock } from "~/lib/content";
import type { BlogPostInput } from "~/lib/content-schemas";
import { snapshotTags, snapshotText, snapshotTextOrNull } from "~/lib/revision-fields";
import type { AuditContext } from "~/models/audit.server";
import { contentWrites } from "~/models/content-writes.server";

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
 * parsed (the content API). `publishAt` asks for a publication time (a future one schedules the post).
 */
export type BlogPostWrite = Omit<BlogPostInput, "body" | "publishAt"> & {
  body: string | RichBlock[];
  publishAt?: Date | null;
};

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

/** A revision's fields (or the post's own snapshot) as a write, keeping its current status and publication time. */
export function fromRevision(snapshot: Record<string, unknown>, current: AdminBlogPost): BlogPostWrite {
  return {
    title: snapshotText(snapshot.title),
    slug: snapshotText(snapshot.slug),
    excerpt: snapshotText(snapshot.excerpt),
    body: bodyBlocks(snapshot.richContent, snapshot.content),
    author: snapshotText(snapshot.author) || current.author,
    category: snapshotText(snapshot.category),
    tags: snapshotTags(snapshot),
    featuredImage: snapshotTextOrNull(snapshot.featuredImage),
    status: current.status,
    // The same time keeps a scheduled item scheduled and a live one's date (publishedAtAfter).
    publishAt: current.publishedAt,
    metaTitle: snapshotText(snapshot.metaTitle),
    metaDescription: snapshotText(snapshot.metaDescription),
  };
}

const writes = contentWrites(blogPosts, "blog", "blog_post", columns, fromRevision);

export const createPost = writes.create;

/** Updates a post (stamping updated_at); undefined when it no longer exists. */
export const updatePost = writes.update;

/** The eye button: published → draft, draft or archived → published (docs/product.md, Content statuses). */
export async function togglePostStatus(
  id: string,
  who: AuditContext,
  now = new Date(),
): Promise<{ post: AdminBlogPost; from: ContentStatus } | undefined> {
  const toggled = await writes.toggle(id, who, now);
  return toggled ? { post: toggled.row, from: toggled.from } : undefined;
}

export const deletePost = writes.remove;

/** Brings back a revision's fields (a new revision itself); undefined when the post or revision is gone. */
export const restorePostRevision = writes.restore;

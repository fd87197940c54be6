// Blog posts. Public reads filter on publishedIn (published.server.ts) here, so no route can forget it.
import { and, desc, eq, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPosts } from "~/db/schema";
import { isPossibleSlug } from "~/lib/slug-param";
import { publishedIn } from "~/models/published.server";
import { getSettings } from "./settings.server";

export type BlogPost = typeof blogPosts.$inferSelect;
export const RELATED_LIMIT = 3;

const published = publishedIn(blogPosts);

/** The blog can be switched off in the settings; its pages, feed and sitemap entries then disappear. */
export async function isBlogEnabled(): Promise<boolean> {
  return (await getSettings()).blogEnabled;
}

export async function listPublishedPosts({ limit = 100, offset = 0 } = {}): Promise<BlogPost[]> {
  return db()
    .select()
    .from(blogPosts)
    .where(published)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt))
    .limit(limit)
    .offset(offset);
}

export async function getPublishedPost(slug: string): Promise<BlogPost | undefined> {
  // A slug the database cannot even hold (NUL) is simply not found, never a 500.
  if (!isPossibleSlug(slug)) return undefined;
  const [post] = await db()
    .select()
    .from(blogPosts)
    .where(and(published, eq(blogPosts.slug, slug)))
    .limit(1);
  return post;
}

export async function listRelatedPosts(post: Pick<BlogPost, "id" | "category">): Promise<BlogPost[]> {
  if (!post.category) return [];
  return db()
    .select()
    .from(blogPosts)
    .where(and(published, eq(blogPosts.category, post.category), ne(blogPosts.id, post.id)))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt))
    .limit(RELATED_LIMIT);
}

export interface PostEntry {
  slug: string;
  title: string;
  excerpt: string | null;
  author: string;
  category: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
}

/** The light columns of every published post, newest first: for the sitemap and the RSS feed. */
export async function listPublishedPostEntries({ limit = 5000 } = {}): Promise<PostEntry[]> {
  return db()
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      author: blogPosts.author,
      category: blogPosts.category,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(published)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt))
    .limit(limit);
}

// --- admin writes below ---

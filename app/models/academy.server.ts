// Academy content. Public reads filter on publishedIn (published.server.ts) here, so no route can forget it.
import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { academyContent } from "~/db/schema";
import { containsPattern } from "~/db/sql-helpers.server";
import { type AcademyFilter, isDifficulty, SEARCH_MAX_LENGTH } from "~/lib/academy-filter";
import { safeText } from "~/lib/safe-text";
import { isPossibleSlug } from "~/lib/slug-param";
import { publishedIn } from "~/models/published.server";

export type AcademyItem = typeof academyContent.$inferSelect;
export const RELATED_LIMIT = 3;
export const FEATURED_LIMIT = 3;

const published = publishedIn(academyContent);
const newestFirst = [desc(academyContent.publishedAt), desc(academyContent.createdAt)] as const;

export async function listPublishedAcademy({ limit = 200, offset = 0 } = {}): Promise<AcademyItem[]> {
  return db()
    .select()
    .from(academyContent)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

/**
 * Published academy content matching the filter (docs/product.md, Academy): the search matches title,
 * description or tags, case-insensitively, and is combined by AND with the category and difficulty filters.
 * Done in SQL so the page stays fast however much content there is.
 */
export async function searchPublishedAcademy(
  filter: Partial<AcademyFilter> = {},
  { limit = 200, offset = 0 } = {},
): Promise<AcademyItem[]> {
  const conditions: SQL[] = [published];
  const search = safeText(filter.q?.trim() ?? "", SEARCH_MAX_LENGTH);
  if (search) {
    const pattern = containsPattern(search);
    const matches = or(
      ilike(academyContent.title, pattern),
      ilike(academyContent.description, pattern),
      sql`exists (select 1 from unnest(${academyContent.tags}) as tag where tag ilike ${pattern})`,
    );
    if (matches) conditions.push(matches);
  }
  const category = filter.category?.replaceAll("\0", "").trim();
  if (category) conditions.push(eq(academyContent.category, category));
  if (isDifficulty(filter.difficulty)) conditions.push(eq(academyContent.difficultyLevel, filter.difficulty));
  return db()
    .select()
    .from(academyContent)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

/** Up to three published items marked featured, newest first. */
export async function listFeaturedAcademy(limit = FEATURED_LIMIT): Promise<AcademyItem[]> {
  return db()
    .select()
    .from(academyContent)
    .where(and(published, eq(academyContent.isFeatured, true)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The categories that have published content, alphabetically (the category filter's options). */
export async function listAcademyCategories(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ category: academyContent.category })
    .from(academyContent)
    .where(published)
    .orderBy(asc(academyContent.category));
  return rows.map((r) => r.category);
}

export async function getPublishedAcademyItem(slug: string): Promise<AcademyItem | undefined> {
  if (!isPossibleSlug(slug)) return undefined;
  const [item] = await db()
    .select()
    .from(academyContent)
    .where(and(published, eq(academyContent.slug, slug)))
    .limit(1);
  return item;
}

export async function listRelatedAcademy(item: Pick<AcademyItem, "id" | "category">): Promise<AcademyItem[]> {
  return db()
    .select()
    .from(academyContent)
    .where(and(published, eq(academyContent.category, item.category), ne(academyContent.id, item.id)))
    .orderBy(...newestFirst)
    .limit(RELATED_LIMIT);
}

export interface AcademyEntry {
  slug: string;
  updatedAt: Date;
  publishedAt: Date | null;
}

/** The slug and dates of every published item: for the sitemap. */
export async function listPublishedAcademyEntries({ limit = 5000 } = {}): Promise<AcademyEntry[]> {
  return db()
    .select({
      slug: academyContent.slug,
      updatedAt: academyContent.updatedAt,
      publishedAt: academyContent.publishedAt,
    })
    .from(academyContent)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
}

// --- admin writes below ---

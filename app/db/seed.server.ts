// Demo content for a first start: a believable site to look at and to test against. It runs once per database
// (a marker row in app_meta) and never writes over data: a table that already has rows is left alone.
import { count, eq, sql } from "drizzle-orm";
import { academyBlocks } from "~/lib/content";
import type { ContentStatus } from "~/lib/content-enums";
import { encodeSetting, SETTING_DEFAULTS, SETTING_KEYS, settingType } from "~/lib/settings";
import type { Database } from "./client.server";
import { academyContent, appMeta, blogPosts, showcaseMedia, socialLinks, websiteSettings } from "./schema";
import { demoAcademyItems, demoBlogPosts, demoShowcase, demoSocialLinks } from "./seed-content";

const DAY = 24 * 60 * 60 * 1000;
const MARKER = "demo_seeded_at";

export interface SeedResult {
  seeded: boolean;
  counts?: { blogPosts: number; academyContent: number; showcase: number; socialLinks: number };
}

export async function seedDemoContent(database: Database, now = new Date()): Promise<SeedResult> {
  return database.transaction(async (tx) => {
    // Serialise concurrent first starts (several instances on one PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const marked = await tx
      .insert(appMeta)
      .values({ key: MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return { seeded: false };

    const isEmpty = async (table: typeof blogPosts | typeof academyContent | typeof showcaseMedia) => {
      const [row] = await tx.select({ n: count() }).from(table);
      return (row?.n ?? 0) === 0;
    };
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    // A demo item was written the day before it went out, and last changed when it went out.
    const timestamps = (status: ContentStatus, daysAgo: number) => ({
      publishedAt: status === "published" ? ago(daysAgo) : null,
      createdAt: ago(daysAgo + 1),
      updatedAt: ago(daysAgo),
    });
    const counts = { blogPosts: 0, academyContent: 0, showcase: 0, socialLinks: 0 };

    await tx
      .insert(websiteSettings)
      .values(
        SETTING_KEYS.map((key) => ({
          settingKey: key,
          settingValue: encodeSetting(key, SETTING_DEFAULTS[key]),
          settingType: settingType(key),
        })),
      )
      .onConflictDoNothing();

    if (await isEmpty(blogPosts)) {
      const rows = demoBlogPosts.map((p) => ({
        title: p.title,
        slug: p.slug,
        excerpt: p.excerpt,
        content: { text: p.excerpt },
        richContent: p.blocks,
        author: p.author,
        category: p.category,
        tags: p.tags,
        status: p.status,
        ...timestamps(p.status, p.daysAgo),
        metaTitle: p.metaTitle,
        metaDescription: p.metaDescription,
        featuredImage: p.featuredImage,
      }));
      await tx.insert(blogPosts).values(rows);
      counts.blogPosts = rows.length;
    }

    if (await isEmpty(academyContent)) {
      const rows = demoAcademyItems.map((a) => ({
        title: a.title,
        slug: a.slug,
        description: a.description,
        summary: a.summary,
        content: academyBlocks(a.description, a.videoUrl, a.audioUrl),
        category: a.category,
        tags: a.tags,
        difficultyLevel: a.difficulty,
        durationMinutes: a.durationMinutes,
        thumbnailUrl: a.thumbnailUrl,
        videoUrl: a.videoUrl,
        audioUrl: a.audioUrl,
        isFeatured: a.isFeatured,
        status: a.status,
        viewCount: a.viewCount,
        author: a.author,
        ...timestamps(a.status, a.daysAgo),
      }));
      await tx.insert(academyContent).values(rows);
      counts.academyContent = rows.length;
    }

    if (await isEmpty(showcaseMedia)) {
      await tx.insert(showcaseMedia).values(demoShowcase.map((s) => ({ ...s, isActive: true })));
      counts.showcase = demoShowcase.length;
    }

    const inserted = await tx
      .insert(socialLinks)
      .values(demoSocialLinks.map((s) => ({ ...s, isActive: true })))
      .onConflictDoNothing()
      .returning({ id: socialLinks.id });
    counts.socialLinks = inserted.length;

    return { seeded: true, counts };
  });
}

/** Whether the demo seed has run on this database (for tests and the start-up log). */
export async function demoSeededAt(database: Database): Promise<string | undefined> {
  const [row] = await database.select().from(appMeta).where(eq(appMeta.key, MARKER));
  return row?.value;
}

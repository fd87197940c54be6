// Demo content for a first start: a believable site to look at and to test against. It runs once per database
// (a marker row in app_meta) and never writes over data: a table that already has rows is left alone. The demo's
// pictures go into the media library (with alt text), so the Media screen shows what the posts show.
import { count, sql } from "drizzle-orm";
import { academyBlocks } from "~/lib/content";
import type { ContentStatus } from "~/lib/content-enums";
import { uploadUrlOfKey } from "~/lib/media";
import { encodeSetting, SETTING_DEFAULTS, SETTING_KEYS, settingType } from "~/lib/settings";
import { objectStore } from "~/storage/configured-store.server";
import { contentKey, type ObjectStore } from "~/storage/object-store.server";
import type { Database } from "./client.server";
import {
  academyContent,
  appMeta,
  blogPosts,
  media,
  showcaseMedia,
  socialLinks,
  websiteSettings,
} from "./schema";
import { demoAcademyItems, demoBlogPosts, demoPictures, demoShowcase, demoSocialLinks } from "./seed-content";

/** The demo's SVG pictures as text, bundled with the server (about 50 KB). */
const DEMO_SVGS = import.meta.glob<string>("../../public/demo/*.svg", {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * The seeded rows' picture URLs: the first time a row uses a demo picture, its file is put in the store (named by
 * its content, like an upload) and recorded in the media library with its title and alt text; every row using it
 * gets its library URL. An SVG needs no decoding and no responsive copies, so this costs a few small writes. Other
 * paths (the demo video and audio, external URLs) are kept as they are.
 */
function demoPictureUrls(tx: Pick<Database, "insert">, store: ObjectStore, now: Date) {
  const urls = new Map<string, string>();
  return async (path: string | null): Promise<string | null> => {
    const picture = demoPictures.find((p) => p.path === path);
    const svg = picture && DEMO_SVGS[`../../public${picture.path}`];
    if (!picture || svg === undefined) return path;
    const known = urls.get(picture.path);
    if (known) return known;
    const bytes = new TextEncoder().encode(svg);
    const key = contentKey("images", bytes, "svg");
    await store.put(key, bytes, "image/svg+xml");
    const size = /<svg\b[^>]*?\swidth="(\d+)"[^>]*?\sheight="(\d+)"/.exec(svg);
    await tx
      .insert(media)
      .values({
        key,
        kind: "image",
        mimeType: "image/svg+xml",
        sizeBytes: bytes.byteLength,
        width: size ? Number(size[1]) : null,
        height: size ? Number(size[2]) : null,
        altText: picture.alt,
        title: picture.title,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: media.key });
    const url = uploadUrlOfKey(key);
    urls.set(picture.path, url);
    return url;
  };
}

const DAY = 24 * 60 * 60 * 1000;
const MARKER = "demo_seeded_at";

export interface SeedResult {
  seeded: boolean;
  counts?: { blogPosts: number; academyContent: number; showcase: number; socialLinks: number };
}

export async function seedDemoContent(
  database: Database,
  now = new Date(),
  store: ObjectStore = objectStore(),
): Promise<SeedResult> {
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
    const picture = demoPictureUrls(tx, store, now);

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
      const rows = [];
      for (const p of demoBlogPosts) {
        rows.push({
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
          featuredImage: await picture(p.featuredImage),
        });
      }
      await tx.insert(blogPosts).values(rows);
      counts.blogPosts = rows.length;
    }

    if (await isEmpty(academyContent)) {
      const rows = [];
      for (const a of demoAcademyItems) {
        rows.push({
          title: a.title,
          slug: a.slug,
          description: a.description,
          summary: a.summary,
          content: academyBlocks(a.description, a.videoUrl, a.audioUrl),
          category: a.category,
          tags: a.tags,
          difficultyLevel: a.difficulty,
          durationMinutes: a.durationMinutes,
          thumbnailUrl: await picture(a.thumbnailUrl),
          videoUrl: a.videoUrl,
          audioUrl: a.audioUrl,
          isFeatured: a.isFeatured,
          status: a.status,
          viewCount: a.viewCount,
          author: a.author,
          ...timestamps(a.status, a.daysAgo),
        });
      }
      await tx.insert(academyContent).values(rows);
      counts.academyContent = rows.length;
    }

    if (await isEmpty(showcaseMedia)) {
      const rows = [];
      for (const s of demoShowcase) {
        rows.push({ ...s, mediaUrl: (await picture(s.mediaUrl)) ?? s.mediaUrl, isActive: true });
      }
      await tx.insert(showcaseMedia).values(rows);
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

// Where library files are used: blog posts (featured image, body), academy items (thumbnail, video, audio, body),
// showcase entries and the Open Graph image setting. A file counts as used wherever its URL, or the URL of one of
// its responsive copies, appears (on this site or as an absolute URL), in drafts too: deleting it would break them
// once published. Only rows that mention /uploads/ at all are read, and bodies only when they do.
import { like, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { academyContent, blogPosts, showcaseMedia, websiteSettings } from "~/db/schema";
import { type MediaUsage, mentionedStems } from "~/lib/media";
import { isPublished } from "~/models/published.server";

const MENTIONS_UPLOAD = "%/uploads/%";

/** The JSON body columns as one text, only where they mention an upload (else null: long bodies stay unread). */
function bodyText(...columns: AnyPgColumn[]): SQL<string | null> {
  const joined = sql.join(
    columns.map((c) => sql`coalesce(${c}::text, '')`),
    sql` || ' ' || `,
  );
  return sql<string | null>`case when (${joined}) like ${MENTIONS_UPLOAD} then (${joined}) end`;
}

function bodyMentions(...columns: AnyPgColumn[]): SQL {
  return sql`(${sql.join(
    columns.map((c) => sql`${c}::text like ${MENTIONS_UPLOAD}`),
    sql` or `,
  )})`;
}

/** One place that mentions uploads, with the text of each of its fields that may hold a library URL. */
interface Place {
  usage: Omit<MediaUsage, "field">;
  fields: Array<[field: string, text: string | null]>;
}

async function places(): Promise<Place[]> {
  const [posts, items, showcase, settings] = await Promise.all([
    db()
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        slug: blogPosts.slug,
        status: blogPosts.status,
        publishedAt: blogPosts.publishedAt,
        featuredImage: blogPosts.featuredImage,
        body: bodyText(blogPosts.richContent, blogPosts.content),
      })
      .from(blogPosts)
      .where(
        or(
          like(blogPosts.featuredImage, MENTIONS_UPLOAD),
          bodyMentions(blogPosts.richContent, blogPosts.content),
        ),
      ),
    db()
      .select({
        id: academyContent.id,
        title: academyContent.title,
        slug: academyContent.slug,
        status: academyContent.status,
        publishedAt: academyContent.publishedAt,
        thumbnailUrl: academyContent.thumbnailUrl,
        videoUrl: academyContent.videoUrl,
        audioUrl: academyContent.audioUrl,
        body: bodyText(academyContent.content, academyContent.richContent),
      })
      .from(academyContent)
      .where(
        or(
          like(academyContent.thumbnailUrl, MENTIONS_UPLOAD),
          like(academyContent.videoUrl, MENTIONS_UPLOAD),
          like(academyContent.audioUrl, MENTIONS_UPLOAD),
          bodyMentions(academyContent.content, academyContent.richContent),
        ),
      ),
    db()
      .select({
        id: showcaseMedia.id,
        title: showcaseMedia.title,
        isActive: showcaseMedia.isActive,
        mediaUrl: showcaseMedia.mediaUrl,
      })
      .from(showcaseMedia)
      .where(like(showcaseMedia.mediaUrl, MENTIONS_UPLOAD)),
    db()
      .select({ key: websiteSettings.settingKey, value: websiteSettings.settingValue })
      .from(websiteSettings)
      .where(
        sql`${websiteSettings.settingKey} = 'ogImage' and ${websiteSettings.settingValue} like ${MENTIONS_UPLOAD}`,
      ),
  ]);
  return [
    ...posts.map((p) => {
      const visible = isPublished(p);
      return {
        usage: {
          kind: "blog" as const,
          id: p.id,
          label: p.title,
          public: visible,
          adminHref: "/admin/blog",
          publicHref: visible ? `/blog/${p.slug}` : undefined,
        },
        fields: [
          ["Featured image", p.featuredImage],
          ["Body", p.body],
        ] as Place["fields"],
      };
    }),
    ...items.map((i) => {
      const visible = isPublished(i);
      return {
        usage: {
          kind: "academy" as const,
          id: i.id,
          label: i.title,
          public: visible,
          adminHref: "/admin/academy",
          publicHref: visible ? `/academy/${i.slug}` : undefined,
        },
        fields: [
          ["Thumbnail", i.thumbnailUrl],
          ["Video", i.videoUrl],
          ["Audio", i.audioUrl],
          ["Body", i.body],
        ] as Place["fields"],
      };
    }),
    ...showcase.map((s) => ({
      usage: {
        kind: "showcase" as const,
        id: s.id,
        label: s.title,
        public: s.isActive,
        adminHref: "/admin/settings",
        publicHref: s.isActive ? "/" : undefined,
      },
      fields: [["Showcase media", s.mediaUrl]] as Place["fields"],
    })),
    ...settings.map((s) => ({
      usage: {
        kind: "setting" as const,
        id: s.key,
        label: "Site settings",
        public: true,
        adminHref: "/admin/settings",
      },
      fields: [["Open Graph image", s.value]] as Place["fields"],
    })),
  ];
}

/**
 * Every use of every library file, by stem ("images/<hash>"). A body's own video or audio block that repeats the
 * item's video or audio URL (academy items store both) is one use, under the field.
 */
export async function usageByStem(): Promise<Map<string, MediaUsage[]>> {
  const byStem = new Map<string, MediaUsage[]>();
  for (const place of await places()) {
    const seen = new Set<string>();
    for (const [field, text] of place.fields) {
      for (const stem of mentionedStems(text)) {
        if (seen.has(stem)) continue;
        seen.add(stem);
        const list = byStem.get(stem) ?? [];
        list.push({ ...place.usage, field });
        byStem.set(stem, list);
      }
    }
  }
  return byStem;
}

/** The original files' URLs the site's content refers to (not their copies): the start-up import's second source. */
export async function referencedUploadUrls(): Promise<string[]> {
  const urls = new Set<string>();
  const original = /\/uploads\/((?:images|videos|audio)\/[a-f0-9]{16,64}\.[a-z0-9]{2,5})/g;
  for (const place of await places()) {
    for (const [, text] of place.fields) {
      for (const m of (text ?? "").matchAll(original)) urls.add(`/uploads/${m[1]}`);
    }
  }
  return [...urls];
}

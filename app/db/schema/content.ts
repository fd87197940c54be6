// Content: the blog, the academy, their revisions and preview links, and the landing page's showcase.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CONTENT_KINDS,
  CONTENT_STATUSES,
  type ContentKind,
  type ContentStatus,
  DIFFICULTY_LEVELS,
  type DifficultyLevel,
  ITEM_KINDS,
  type ItemKind,
  REVISION_KINDS,
  type RevisionKind,
} from "~/lib/content-enums";
import { authUsers } from "./auth";
import { createdAt, inList, updatedAt } from "./columns";

/** The member who created the item; null for items from before the team (they count as the owner's). */
const createdBy = () => uuid("created_by").references(() => authUsers.id, { onDelete: "set null" });

// Re-exported so data-access code keeps reading the content model's types from the schema.
export {
  CONTENT_KINDS,
  CONTENT_STATUSES,
  type ContentKind,
  type ContentStatus,
  DIFFICULTY_LEVELS,
  type DifficultyLevel,
  ITEM_KINDS,
  type ItemKind,
  REVISION_KINDS,
  type RevisionKind,
};
export const MEDIA_TYPES = ["video", "image"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const showcaseMedia = pgTable(
  "asimov_showcase_media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    mediaType: text("media_type").$type<MediaType>().notNull(),
    mediaUrl: text("media_url").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(1),
    createdAt: createdAt(),
    /** The last save of the item's details (its edit form's version); the switch and the order leave it. */
    updatedAt: updatedAt(),
    /** The member who saved the details last (null before members were recorded, or once removed). */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    check("asimov_showcase_media_type_check", inList("media_type", MEDIA_TYPES)),
    check("asimov_showcase_media_order_check", sql`${t.displayOrder} >= 0`),
    index("asimov_showcase_media_active_order_idx").on(t.isActive, t.displayOrder),
  ],
);

export const blogPosts = pgTable(
  "asimov_blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt"),
    /** Text, or an object with `text` or `blocks` (docs/product.md, Rich blocks). */
    content: jsonb("content").$type<unknown>(),
    /** The block list written in the block editor. */
    richContent: jsonb("rich_content").$type<unknown>(),
    author: text("author").notNull().default("Admin"),
    category: text("category"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The member who saved it last (null as for created_by). */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    featuredImage: text("featured_image"),
    /**
     * True while a scheduled publication (status published, published_at in the future) has not gone live yet: the
     * went-live step claims it once, across instances (docs/decisions/023-scheduling-previews-revisions.md).
     */
    publicationPending: boolean("publication_pending").notNull().default(false),
  },
  (t) => [
    uniqueIndex("asimov_blog_posts_slug_key").on(t.slug),
    check("asimov_blog_posts_status_check", inList("status", CONTENT_STATUSES)),
    index("asimov_blog_posts_status_published_idx").on(t.status, t.publishedAt.desc()),
    index("asimov_blog_posts_category_idx").on(t.category, t.status),
    index("asimov_blog_posts_created_idx").on(t.createdAt.desc()),
    index("asimov_blog_posts_pending_idx").on(t.publishedAt).where(sql`${t.publicationPending}`),
  ],
);

export const academyContent = pgTable(
  "asimov_academy_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    summary: text("summary"),
    /** Typed blocks: paragraph {text}, video {url}, audio {url}. */
    content: jsonb("content").$type<unknown>(),
    richContent: jsonb("rich_content").$type<unknown>(),
    category: text("category").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    difficultyLevel: text("difficulty_level").$type<DifficultyLevel>().notNull().default("beginner"),
    durationMinutes: integer("duration_minutes").notNull().default(0),
    thumbnailUrl: text("thumbnail_url"),
    videoUrl: text("video_url"),
    audioUrl: text("audio_url"),
    isFeatured: boolean("is_featured").notNull().default(false),
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    viewCount: integer("view_count").notNull().default(0),
    author: text("author"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The member who saved it last (null as for created_by). */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
    /**
     * True while a scheduled publication (status published, published_at in the future) has not gone live yet: the
     * went-live step claims it once, across instances (docs/decisions/023-scheduling-previews-revisions.md).
     */
    publicationPending: boolean("publication_pending").notNull().default(false),
  },
  (t) => [
    uniqueIndex("asimov_academy_content_slug_key").on(t.slug),
    check("asimov_academy_content_status_check", inList("status", CONTENT_STATUSES)),
    check("asimov_academy_content_difficulty_check", inList("difficulty_level", DIFFICULTY_LEVELS)),
    check("asimov_academy_content_duration_check", sql`${t.durationMinutes} >= 0`),
    check("asimov_academy_content_views_check", sql`${t.viewCount} >= 0`),
    index("asimov_academy_content_status_published_idx").on(t.status, t.publishedAt.desc()),
    index("asimov_academy_content_category_idx").on(t.category, t.status),
    index("asimov_academy_content_created_idx").on(t.createdAt.desc()),
    index("asimov_academy_content_pending_idx").on(t.publishedAt).where(sql`${t.publicationPending}`),
  ],
);

/**
 * Every save of a blog post, academy item or page (create, update, status toggle, restore, API create), of a
 * newsletter draft, of a settings tab (item_id: the tab's fixed id, SETTINGS_TAB_IDS) and of a built form: the full
 * snapshot of its editable fields and which of them changed, written in the save's transaction. The last 50 per item
 * are kept. `id` orders them: it is drawn inside the transaction that holds the item's row lock (a settings tab's:
 * its edit stamp).
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<RevisionKind>().notNull(),
    itemId: uuid("item_id").notNull(),
    /** baseline, create, update, publish, draft, restore. */
    action: text("action").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    /** The snapshot's fields that differ from the revision before (all set fields for a create). */
    changed: text("changed").array().notNull().default(sql`'{}'::text[]`),
    actor: text("actor"),
    /** The revision a restore brought back. */
    restoredFrom: bigint("restored_from", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("content_revisions_kind_check", inList("kind", REVISION_KINDS)),
    index("content_revisions_item_idx").on(t.kind, t.itemId, t.id.desc()),
  ],
);

/**
 * Links that show a draft or scheduled item (post, academy item or page) to someone without an account, until they
 * expire or are revoked. The token is 256 random bits; only its SHA-256 (hex) is kept, so the link can be shown only
 * when it is made (docs/decisions/048-inbound-secrets.md).
 */
export const previewLinks = pgTable(
  "preview_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<ItemKind>().notNull(),
    itemId: uuid("item_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    check("preview_links_kind_check", inList("kind", ITEM_KINDS)),
    uniqueIndex("preview_links_token_hash_key").on(t.tokenHash),
    index("preview_links_item_idx").on(t.kind, t.itemId),
  ],
);

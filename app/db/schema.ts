// The whole database schema. Table and column names follow the original product's database so its data maps
// one to one; tables the product adds (auth, audit, rate limits, app metadata) get plain names.
// Longer than our usual file size on purpose: drizzle-kit reads this one file to generate migrations, and one
// place shows every table, constraint and index together.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
} from "~/lib/content-enums";
import {
  LEAD_FORMS,
  LEAD_KINDS,
  LEAD_STATUSES,
  type LeadForm,
  type LeadKind,
  type LeadStatus,
  SPAM_REASONS,
  type SpamReason,
} from "~/lib/lead-status";
import { MEDIA_KINDS, type MediaKind, type MediaVariant } from "~/lib/media";
import { REDIRECT_SOURCES, type RedirectSource, type RedirectStatus } from "~/lib/redirect-paths";

// Re-exported so data-access code keeps reading the content model's types from the schema.
export {
  CONTENT_KINDS,
  CONTENT_STATUSES,
  type ContentKind,
  type ContentStatus,
  DIFFICULTY_LEVELS,
  type DifficultyLevel,
};
export const MEDIA_TYPES = ["video", "image"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const leadStatus = () => text("status").$type<LeadStatus>().notNull().default("new");
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** Where a lead came from: captured at the visitor's first page view and at submission. */
const attribution = () => ({
  sourcePage: text("source_page"),
  sourceSection: text("source_section"),
  referrer: text("referrer"),
  landingPage: text("landing_page"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
});

// ---------------------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------------------

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
    updatedAt: updatedAt(),
  },
  (t) => [
    check("asimov_showcase_media_type_check", inList("media_type", MEDIA_TYPES)),
    check("asimov_showcase_media_order_check", sql`${t.displayOrder} >= 0`),
    index("asimov_showcase_media_active_order_idx").on(t.isActive, t.displayOrder),
  ],
);

/**
 * The media library: one row per uploaded file (docs/decisions/019-media-library.md). `key` is the file's place in
 * the object store (`images/<content hash>.jpg`, served at /uploads/<key>); the same bytes uploaded twice are one
 * row. Images record their displayed size (EXIF orientation applied) and their AVIF/WebP copies.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    kind: text("kind").$type<MediaKind>().notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Required before an image is used on the site; empty until the administrator writes it. */
    altText: text("alt_text").notNull().default(""),
    /** The original file name until renamed. */
    title: text("title").notNull().default(""),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    /** The uploader's e-mail (null when imported without a record of who uploaded it). */
    createdBy: text("created_by"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("media_key_key").on(t.key),
    check("media_kind_check", inList("kind", MEDIA_KINDS)),
    check("media_size_check", sql`${t.sizeBytes} >= 0`),
    index("media_created_idx").on(t.createdAt.desc()),
    // Any URL of a file or of one of its copies names it by bucket and hash: "images/<hash>".
    index("media_stem_idx").on(sql`split_part(${t.key}, '.', 1)`),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
 * Every save of a blog post or academy item (create, update, status toggle, restore, API create): the full snapshot
 * of its editable fields and which of them changed, written in the save's transaction. The last 50 per item are
 * kept. `id` orders them: it is drawn inside the transaction that holds the item's row lock.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<ContentKind>().notNull(),
    itemId: uuid("item_id").notNull(),
    /** create, update, publish, draft, restore. */
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
    check("content_revisions_kind_check", inList("kind", CONTENT_KINDS)),
    index("content_revisions_item_idx").on(t.kind, t.itemId, t.id.desc()),
  ],
);

/**
 * Links that show a draft or scheduled item to someone without an account, until they expire or are revoked. The
 * token is 256 random bits (docs/decisions/023-scheduling-previews-revisions.md says why it is stored as is).
 */
export const previewLinks = pgTable(
  "preview_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<ContentKind>().notNull(),
    itemId: uuid("item_id").notNull(),
    token: text("token").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    check("preview_links_kind_check", inList("kind", CONTENT_KINDS)),
    uniqueIndex("preview_links_token_key").on(t.token),
    index("preview_links_item_idx").on(t.kind, t.itemId),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------------------

export const contactRequests = pgTable(
  "atlas_contact_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    organization: text("organization"),
    interest: text("interest").notNull(),
    message: text("message").notNull(),
    status: leadStatus(),
    ...attribution(),
    createdAt: createdAt(),
  },
  (t) => [
    check("atlas_contact_requests_status_check", inList("status", LEAD_STATUSES)),
    index("atlas_contact_requests_created_idx").on(t.createdAt.desc()),
    index("atlas_contact_requests_status_idx").on(t.status),
    index("atlas_contact_requests_email_idx").on(sql`lower(${t.email})`),
  ],
);

export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; one row per address. */
    email: text("email").notNull(),
    purpose: text("purpose"),
    status: leadStatus(),
    ...attribution(),
    createdAt: createdAt(),
  },
  (t) => [
    check("subscribers_status_check", inList("status", LEAD_STATUSES)),
    uniqueIndex("subscribers_email_key").on(t.email),
    index("subscribers_created_idx").on(t.createdAt.desc()),
  ],
);

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name"),
    purpose: text("purpose"),
    message: text("message"),
    subject: text("subject").notNull(),
    status: leadStatus(),
    ...attribution(),
    createdAt: createdAt(),
  },
  (t) => [
    check("form_submissions_status_check", inList("status", LEAD_STATUSES)),
    index("form_submissions_created_idx").on(t.createdAt.desc()),
    index("form_submissions_email_idx").on(sql`lower(${t.email})`),
  ],
);

/**
 * Submissions held as suspected spam (honeypot filled, sent too fast): never counted, alerted, announced or
 * exported, because they are not in the lead tables at all. `payload` is the validated input and its attribution;
 * "Not spam" stores it as a lead through the normal lead write and deletes the row in the same transaction.
 * `email` is the payload's address lower-cased (listing, erasure); `source_hash` a hash of the client address.
 * Rows older than 30 days are deleted by the periodic pruning.
 */
export const heldSubmissions = pgTable(
  "held_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<LeadForm>().notNull(),
    email: text("email").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    reason: text("reason").$type<SpamReason>().notNull(),
    /** For "too-fast": the milliseconds the browser measured between the form becoming usable and its submit. */
    elapsedMs: integer("elapsed_ms"),
    sourceHash: text("source_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("held_submissions_kind_check", inList("kind", LEAD_FORMS)),
    check("held_submissions_reason_check", inList("reason", SPAM_REASONS)),
    index("held_submissions_created_idx").on(t.createdAt.desc()),
    index("held_submissions_email_idx").on(t.email),
  ],
);

/**
 * Each status change of a lead: who, when, from, to. `email` is the lead's address lower-cased, so the person
 * view finds the history after the lead row itself is deleted, and erasure removes it with the person.
 */
export const leadStatusChanges = pgTable(
  "lead_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    leadKind: text("lead_kind").$type<LeadKind>().notNull(),
    leadId: uuid("lead_id").notNull(),
    fromStatus: text("from_status").$type<LeadStatus>().notNull(),
    toStatus: text("to_status").$type<LeadStatus>().notNull(),
    actor: text("actor"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_status_changes_kind_check", inList("lead_kind", LEAD_KINDS)),
    index("lead_status_changes_email_idx").on(t.email),
  ],
);

/** Internal notes about a person (by lower-cased e-mail); never shown outside the admin. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    body: text("body").notNull(),
    author: text("author"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("lead_notes_email_idx").on(t.email)],
);

// ---------------------------------------------------------------------------------------------------------
// Site configuration
// ---------------------------------------------------------------------------------------------------------

export const websiteSettings = pgTable(
  "asimov_website_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    settingKey: text("setting_key").notNull(),
    settingValue: text("setting_value").notNull().default(""),
    settingType: text("setting_type").$type<"boolean" | "text">().notNull().default("text"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("asimov_website_settings_key").on(t.settingKey),
    check("asimov_website_settings_type_check", inList("setting_type", ["boolean", "text"])),
  ],
);

export const socialLinks = pgTable(
  "asimov_social_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platform: text("platform").notNull(),
    url: text("url").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("asimov_social_links_platform_key").on(t.platform),
    index("asimov_social_links_order_idx").on(t.displayOrder),
  ],
);

/** Content API keys. Only a SHA-256 hash of the key is kept, plus what the masked display needs. */
export const apiKeys = pgTable(
  "asimov_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    keyName: text("key_name").notNull(),
    keyHash: text("api_key_hash").notNull(),
    keyPrefix: text("api_key_prefix").notNull(),
    keyLast4: text("api_key_last4").notNull(),
    permissions: text("permissions").array().notNull().default(sql`'{content_management}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("asimov_api_keys_hash_key").on(t.keyHash),
    index("asimov_api_keys_created_idx").on(t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Authentication (better-auth's tables, with snake_case columns) and the admin record
// ---------------------------------------------------------------------------------------------------------

export const authUsers = pgTable("auth_user", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  "auth_session",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
  },
  (t) => [index("auth_session_user_idx").on(t.userId)],
);

export const authAccounts = pgTable(
  "auth_account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_account_user_idx").on(t.userId)],
);

export const authVerifications = pgTable(
  "auth_verification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_verification_identifier_idx").on(t.identifier)],
);

export const authTwoFactors = pgTable(
  "auth_two_factor",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("auth_two_factor_secret_idx").on(t.secret), index("auth_two_factor_user_idx").on(t.userId)],
);

export const authRateLimits = pgTable("auth_rate_limit", {
  id: uuid("id").primaryKey().defaultRandom(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const adminUsers = pgTable(
  "admin_users",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("admin"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  () => [check("admin_users_role_check", inList("role", ["admin"]))],
);

// ---------------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------------

/** Who did what and when: content, settings and lead changes, sign-ins and sign-outs. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor"),
    action: text("action").notNull(),
    entity: text("entity"),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc())],
);

/** Fixed-window counters for public writes, shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Small key/value facts about this installation (e.g. the generated auth secret). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------------------
// Lead delivery: the outbox and webhook endpoints (docs/decisions/014-outbox.md)
// ---------------------------------------------------------------------------------------------------------

export const OUTBOX_KINDS = ["email", "webhook"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export const OUTBOX_STATUSES = ["pending", "delivering", "delivered", "retrying", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * One row per delivery (one mail recipient, one webhook endpoint), written in the transaction of the change it
 * reports. The row is also the delivery log: the last attempt's HTTP status, duration and response excerpt.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<OutboxKind>().notNull(),
    /** A mail recipient, or a webhook endpoint's id. */
    target: text("target").notNull(),
    event: text("event").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    lastHttpStatus: integer("last_http_status"),
    lastDurationMs: integer("last_duration_ms"),
    responseExcerpt: text("response_excerpt"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The claimer's lease: past it, a crashed claimer's row is due again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    claimedBy: text("claimed_by"),
    /** The visitor's address (lower-cased) when the row reports a lead, so erasing the person erases it too. */
    leadEmail: text("lead_email"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    check("outbox_kind_check", inList("kind", OUTBOX_KINDS)),
    check("outbox_status_check", inList("status", OUTBOX_STATUSES)),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_target_idx").on(t.target, t.createdAt.desc()),
    index("outbox_lead_email_idx").on(t.leadEmail),
  ],
);

/** Where webhooks go. The secret (whsec_…) is shown once at creation and on rotation. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    /** Event names (WEBHOOK_EVENTS in app/lib/notification-settings.ts). */
    events: text("events").array().$type<string[]>().notNull(),
    active: boolean("active").notNull().default(true),
    secret: text("secret").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_created_idx").on(t.createdAt.desc())],
);

// --- First-party analytics (docs/decisions/015-analytics.md) ---
// Days are UTC calendar days ("2026-11-23"). A visitor id is a hash of that day's salt, the client's address key
// and user agent: it identifies nobody, and once the salt is deleted (the day after) it cannot be recomputed.

/** Where a visit came from and on what: the roll-ups' shared columns, plus the views they add up. */
const visitDimensions = () => ({
  source: text("source").notNull().default(""),
  medium: text("medium").notNull().default(""),
  campaign: text("campaign").notNull().default(""),
  referrerHost: text("referrer_host").notNull().default(""),
  device: text("device").notNull(),
  views: integer("views").notNull(),
});

/** One random salt per day, shared by every instance; deleted once its day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Raw page views, kept for ANALYTICS_RETENTION_DAYS; the roll-ups below outlive them. The views of one visitor to
 * one page with the same attribution within one batch (a second) share a row, with their number in `views`.
 */
export const analyticsPageViews = pgTable(
  "analytics_page_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitorId: text("visitor_id").notNull(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").notNull(),
    views: integer("views").notNull().default(1),
  },
  (t) => [index("analytics_page_views_at_idx").on(t.at)],
);

/**
 * Views per day and dimension (path, source, medium, campaign, referrer host, device), added to at every batch
 * write. An absent dimension is stored as "" so the unique key can be upserted.
 */
export const analyticsDailyViews = pgTable(
  "analytics_daily_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    ...visitDimensions(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.source, t.medium, t.campaign, t.referrerHost, t.device] })],
);

/**
 * One row per visitor and day, with the first page of their day and where they came from then (what a lead's
 * attribution records too): unique visitors, and conversions per source and landing page, are counted here.
 */
export const analyticsDailyVisitors = pgTable(
  "analytics_daily_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitorId: text("visitor_id").notNull(),
    landingPath: text("landing_path").notNull(),
    ...visitDimensions(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorId] }), index("analytics_daily_visitors_day_idx").on(t.day)],
);

// ---------------------------------------------------------------------------------------------------------
// Redirects and the 404 monitor (docs/decisions/018-redirects-and-404-monitor.md)
// ---------------------------------------------------------------------------------------------------------

/**
 * Site paths answered with a redirect before the page cache and routing. `from_key` and `to_key` are the paths
 * in the form they are compared (pathKey in app/lib/redirect-paths.ts: decoded, lower-cased, no trailing slash):
 * one redirect per path whatever its letter case, and chains found by key. Hits are counted in memory and added
 * about once a second.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** As entered (or made by a slug change), without query string or trailing slash. */
    fromPath: text("from_path").notNull(),
    fromKey: text("from_key").notNull(),
    /** A site path (with an optional query string and fragment) or an absolute http(s) URL. */
    toUrl: text("to_url").notNull(),
    /** The target's key when it is a path of this site; null for an absolute URL. */
    toKey: text("to_key"),
    statusCode: integer("status_code").$type<RedirectStatus>().notNull().default(301),
    source: text("source").$type<RedirectSource>().notNull().default("manual"),
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** The administrator's e-mail, or "api-key:<start>" for a slug change made through the content API. */
    createdBy: text("created_by"),
  },
  (t) => [
    uniqueIndex("redirects_from_key").on(t.fromKey),
    index("redirects_to_key_idx").on(t.toKey),
    index("redirects_created_idx").on(t.createdAt.desc()),
    check("redirects_status_check", sql`${t.statusCode} in (301, 302)`),
    check("redirects_source_check", inList("source", REDIRECT_SOURCES)),
  ],
);

/**
 * Public paths that answered 404 to a person's browser (bots excluded), by key, with how often, since when, until
 * when and the last referrer. Counted in memory and added about once a second; at most NOT_FOUND_MAX_PATHS rows.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    path: text("path").primaryKey(),
    hits: integer("hits").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    lastReferrer: text("last_referrer"),
  },
  (t) => [index("not_found_paths_hits_idx").on(t.hits.desc(), t.lastSeenAt.desc())],
);

// The media library.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MEDIA_KINDS, type MediaKind, type MediaVariant } from "~/lib/media";
import { authUsers } from "./auth";
import { createdAt, inList, updatedAt } from "./columns";

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
    /** The last save of its alt text and title (the details form's version). */
    updatedAt: updatedAt(),
    /** The member who saved them last (null when none did, or once removed). */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
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

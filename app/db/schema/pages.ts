// Marketing pages built from blocks: the landing page, pricing and campaign pages (ADR 033).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CONTENT_STATUSES, type ContentStatus } from "~/lib/content-enums";
import { authUsers } from "./auth";
import { createdAt, inList, updatedAt } from "./columns";

export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower case, starts with "/", no trailing slash (except "/" itself): what the router matches. */
    path: text("path").notNull(),
    title: text("title").notNull(),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    socialImage: text("social_image"),
    noindex: boolean("noindex").notNull().default(false),
    canonical: text("canonical"),
    /** The ordered blocks, each valid for its type's schema when written (app/blocks/registry.ts). */
    blocks: jsonb("blocks").$type<unknown>().notNull().default(sql`'[]'::jsonb`),
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The member who saved it last; null for the built-in pages as added at start-up, an API key, a removed member. */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
    /** True while a scheduled publication has not gone live: the went-live step claims it once (ADR 023). */
    publicationPending: boolean("publication_pending").notNull().default(false),
  },
  (t) => [
    uniqueIndex("pages_path_key").on(t.path),
    check("pages_status_check", inList("status", CONTENT_STATUSES)),
    check("pages_path_check", sql`${t.path} like '/%'`),
    index("pages_updated_idx").on(t.updatedAt.desc()),
    index("pages_pending_idx").on(t.publishedAt).where(sql`${t.publicationPending}`),
  ],
);

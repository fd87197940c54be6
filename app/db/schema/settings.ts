// Site configuration: settings, social links and content API keys.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, inList, updatedAt } from "./columns";

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

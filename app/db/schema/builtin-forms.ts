// The texts of the site's own forms (the contact form, the contact and demo dialog, the newsletter sign-up) as the
// team changed them: one row per form once it has been saved, holding only the texts that differ from their default
// (app/lib/builtin-forms.ts). Their fields and rules are the product's and are not stored.
import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { BUILTIN_FORM_KEYS, type BuiltinFormKey } from "~/lib/builtin-forms";
import { authUsers } from "./auth";
import { inList, updatedAt } from "./columns";

export const builtinFormTexts = pgTable(
  "builtin_form_texts",
  {
    key: text("key").$type<BuiltinFormKey>().primaryKey(),
    /** Text key → text, for the texts that differ from their default. */
    texts: jsonb("texts").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: updatedAt(),
    /** The member who saved it last (null: a removed member). */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
  },
  () => [check("builtin_form_texts_key_check", inList("key", BUILTIN_FORM_KEYS))],
);

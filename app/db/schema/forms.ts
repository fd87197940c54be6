// Forms the team builds in the back office, and what visitors send through them.
import { sql } from "drizzle-orm";
import {
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
  uuid,
} from "drizzle-orm/pg-core";
import { FORM_STATUSES, type FormDefinition, type FormStatus } from "~/lib/form-builder/definition";
import type { FileAnswer } from "~/lib/form-builder/files";
import { DEFAULT_ROUTING, type FormRouting } from "~/lib/form-builder/routing";
import { FORM_SPAM_REASONS, LEAD_STATUSES, type SpamReason } from "~/lib/lead-status";
import { authUsers } from "./auth";
import { attribution, createdAt, inList, leadStatus, updatedAt } from "./columns";

export const forms = pgTable(
  "forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Fields, submit label and what happens on success, valid for the definition schema when written. */
    definition: jsonb("definition").$type<FormDefinition>().notNull(),
    status: text("status").$type<FormStatus>().notNull().default("draft"),
    /** An open form takes submissions from this moment (null: at once) until `closesAt` (null: no end). */
    opensAt: timestamp("opens_at", { withTimezone: true }),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    /** Closes the form once this many submissions are stored (null: no limit). */
    maxSubmissions: integer("max_submissions"),
    /** What a visitor reads where the form would be while it does not take submissions. */
    closedMessage: text("closed_message").notNull(),
    /** Submissions older than this many days are deleted by the pruning job (null: kept). */
    retentionDays: integer("retention_days"),
    /** E-mail domains whose addresses the form refuses (lower-case, never sent to visitors). */
    blockedDomains: jsonb("blocked_domains").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Ask visitors for the captcha set up under Integrations (no effect while no keys are saved). */
    captcha: boolean("captcha").notNull().default(false),
    /** Who is told of each submission and whether the sender gets a confirmation (never sent to visitors). */
    routing: jsonb("routing")
      .$type<FormRouting>()
      .notNull()
      .default(sql.raw(`'${JSON.stringify(DEFAULT_ROUTING)}'::jsonb`)),
    /**
     * The other websites (origins such as "https://partner.example") that may show the form in a frame and send
     * it from their pages; none: only this site (ADR 058).
     */
    allowedOrigins: jsonb("allowed_origins").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The member who saved it last (null: an API key, a removed member). */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    check("forms_status_check", inList("status", FORM_STATUSES)),
    check("forms_max_submissions_check", sql`${t.maxSubmissions} is null or ${t.maxSubmissions} > 0`),
    check("forms_retention_days_check", sql`${t.retentionDays} is null or ${t.retentionDays} > 0`),
    index("forms_updated_idx").on(t.updatedAt.desc()),
  ],
);

/**
 * What a visitor sent through a form: a lead like the others (status, assignment, attribution), with the values of
 * the fields that were shown, by field name, and the consent texts the visitor agreed to, as they read them.
 */
export const formResponses = pgTable(
  "form_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    /** The first e-mail field's value, lower-cased ("" when the form has none): the person it belongs to. */
    email: text("email").notNull(),
    name: text("name"),
    values: jsonb("values").$type<Record<string, string | string[]>>().notNull(),
    consents: jsonb("consents")
      .$type<Array<{ field: string; text: string; link?: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The files of its file fields, by field name: where each is in the private store, its name, size and the type
     * read from its bytes (the field's value in `values` is the file's name). Deleted from the store with the row.
     */
    files: jsonb("files").$type<Record<string, FileAnswer>>().notNull().default(sql`'{}'::jsonb`),
    status: leadStatus(),
    /**
     * Set for a submission held as suspected spam (the honeypot filled, sent faster than a person types, its
     * captcha not checked because the provider did not answer): kept, never counted, alerted or announced, until a
     * member says it is not spam (which clears it).
     */
    heldReason: text("held_reason").$type<SpamReason>(),
    /** For "too-fast": the milliseconds the browser measured between the form becoming usable and its submit. */
    heldElapsedMs: integer("held_elapsed_ms"),
    assignedTo: uuid("assigned_to").references(() => authUsers.id, { onDelete: "set null" }),
    ...attribution(),
    createdAt: createdAt(),
  },
  (t) => [
    check("form_responses_status_check", inList("status", LEAD_STATUSES)),
    check(
      "form_responses_held_reason_check",
      sql`held_reason is null or ${inList("held_reason", FORM_SPAM_REASONS)}`,
    ),
    index("form_responses_form_created_idx").on(t.formId, t.createdAt.desc()),
    index("form_responses_created_idx").on(t.createdAt.desc()),
    index("form_responses_email_idx").on(sql`lower(${t.email})`),
  ],
);

/**
 * A form's funnel, counted without cookies or identifiers: per form, UTC day and page path, how many times the
 * running form was shown (a view) and first touched (a start). Submissions are counted from form_responses.
 */
export const formFunnelDays = pgTable(
  "form_funnel_days",
  {
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    /** The page's path, without its query; for a form embedded on a listed site, that page's origin and path. */
    page: text("page").notNull(),
    views: integer("views").notNull().default(0),
    starts: integer("starts").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.day, t.page] })],
);

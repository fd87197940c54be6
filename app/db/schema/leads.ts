// Leads: the three kinds of lead, held suspected spam, status history and notes.
import { sql } from "drizzle-orm";
import {
  bigint,
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
  LEAD_FORMS,
  LEAD_KINDS,
  LEAD_STATUSES,
  type LeadForm,
  type LeadKind,
  type LeadStatus,
  SPAM_REASONS,
  type SpamReason,
} from "~/lib/lead-status";
import {
  SUBSCRIBER_SOURCES,
  SUBSCRIPTION_STATUSES,
  type SubscriberSource,
  type SubscriptionStatus,
} from "~/lib/newsletter-status";
import { authUsers } from "./auth";
import { attribution, createdAt, inList, leadStatus, updatedAt } from "./columns";

/** The member a lead is assigned to (docs/decisions/032-lead-assignment.md); null: unassigned. */
const assignedTo = () => uuid("assigned_to").references(() => authUsers.id, { onDelete: "set null" });

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
    assignedTo: assignedTo(),
    ...attribution(),
    createdAt: createdAt(),
  },
  (t) => [
    check("atlas_contact_requests_status_check", inList("status", LEAD_STATUSES)),
    index("atlas_contact_requests_created_idx").on(t.createdAt.desc()),
    index("atlas_contact_requests_status_idx").on(t.status),
    index("atlas_contact_requests_email_idx").on(sql`lower(${t.email})`),
    index("atlas_contact_requests_assigned_idx").on(t.assignedTo),
  ],
);

export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; one row per address. */
    email: text("email").notNull(),
    /** Only imported lists give one; the sign-up form asks for the address alone. */
    name: text("name"),
    purpose: text("purpose"),
    /** The sign-up form, or an administrator's import (who answered for the consent, see subscriber_imports). */
    source: text("source").$type<SubscriberSource>().notNull().default("sign-up"),
    status: leadStatus(),
    /**
     * Consent, apart from the lead status above: only `confirmed` is sent newsletters. Rows from before double
     * opt-in existed are confirmed (the column's default at migration); a new sign-up sets its own value.
     */
    subscription: text("subscription").$type<SubscriptionStatus>().notNull().default("confirmed"),
    subscriptionChangedAt: timestamp("subscription_changed_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    assignedTo: assignedTo(),
    ...attribution(),
    createdAt: createdAt(),
  },
  (t) => [
    check("subscribers_status_check", inList("status", LEAD_STATUSES)),
    check("subscribers_subscription_check", inList("subscription", SUBSCRIPTION_STATUSES)),
    check("subscribers_source_check", inList("source", SUBSCRIBER_SOURCES)),
    index("subscribers_subscription_idx").on(t.subscription, t.createdAt),
    uniqueIndex("subscribers_email_key").on(t.email),
    index("subscribers_created_idx").on(t.createdAt.desc()),
    index("subscribers_assigned_idx").on(t.assignedTo),
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
    assignedTo: assignedTo(),
    ...attribution(),
    createdAt: createdAt(),
  },
  (t) => [
    check("form_submissions_status_check", inList("status", LEAD_STATUSES)),
    index("form_submissions_created_idx").on(t.createdAt.desc()),
    index("form_submissions_email_idx").on(sql`lower(${t.email})`),
    index("form_submissions_assigned_idx").on(t.assignedTo),
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

/**
 * The round-robin's turn counter: how many leads it has handed out. Taking turns is one upsert that adds the
 * batch's count and returns the new total, inside the transaction that stores the leads, so the row lock orders
 * instances sharing the database (docs/decisions/032-lead-assignment.md).
 */
export const leadAssignmentTurns = pgTable("lead_assignment_turns", {
  key: text("key").primaryKey(),
  turns: bigint("turns", { mode: "number" }).notNull().default(0),
  updatedAt: updatedAt(),
});

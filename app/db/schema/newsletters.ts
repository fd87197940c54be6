// Newsletters (docs/decisions/036-newsletter-sending.md): confirmation tokens of sign-ups, newsletters, one row
// per recipient per send, the clicks and opens of those sends, each subscriber's history, and the imports of
// subscriber lists (docs/decisions/038-subscriber-import.md). Subscribers themselves are in leads.ts.
import {
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
import type { LeadForm } from "~/lib/lead-status";
import {
  IMPORT_STATUSES,
  type ImportStatus,
  NEWSLETTER_STATUSES,
  type NewsletterStatus,
  RECIPIENT_STATUSES,
  type RecipientStatus,
  SUBSCRIBER_EVENTS,
  type SubscriberEvent,
} from "~/lib/newsletter-status";
import type { ImportRow, RowProblem } from "~/lib/subscriber-import";
import { createdAt, inList, updatedAt } from "./columns";
import { subscribers } from "./leads";

/** A confirmation link's token, kept only as its SHA-256; used once, within its expiry. */
export const subscriberTokens = pgTable(
  "subscriber_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("subscriber_tokens_subscriber_idx").on(t.subscriberId)],
);

/** Who a send goes to: every confirmed subscriber, or those from one sign-up page and/or a date range. */
export interface NewsletterAudience {
  sourcePage?: string | null;
  signedUpFrom?: string | null;
  signedUpTo?: string | null;
}

export const newsletters = pgTable(
  "newsletters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    preheader: text("preheader").notNull().default(""),
    /** The block editor's document (app/lib/blocks.ts). */
    body: jsonb("body").$type<unknown[]>().notNull(),
    /** The blog post it was made from, if any. */
    postId: uuid("post_id"),
    status: text("status").$type<NewsletterStatus>().notNull().default("draft"),
    /** The links of the message as sent (click tracking redirects by their position in this list). */
    links: jsonb("links").$type<string[]>().notNull().default([]),
    audience: jsonb("audience").$type<NewsletterAudience>().notNull().default({}),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("newsletters_status_check", inList("status", NEWSLETTER_STATUSES)),
    index("newsletters_created_idx").on(t.createdAt.desc()),
    index("newsletters_due_idx").on(t.status, t.scheduledAt),
  ],
);

/**
 * One row per recipient per send, claimed like the outbox (FOR UPDATE SKIP LOCKED, a lease). The address is
 * copied so the row still says who it went to; erasing the person deletes the row.
 */
export const newsletterRecipients = pgTable(
  "newsletter_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    newsletterId: uuid("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => subscribers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status").$type<RecipientStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    claimedBy: text("claimed_by"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when this send's unsubscribe link was used. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("newsletter_recipients_status_check", inList("status", RECIPIENT_STATUSES)),
    uniqueIndex("newsletter_recipients_once_key").on(t.newsletterId, t.email),
    // The sender's claim reads one send's due rows in time order straight from this index (claimRecipients).
    index("newsletter_recipients_due_idx").on(t.newsletterId, t.status, t.nextAttemptAt),
    index("newsletter_recipients_subscriber_idx").on(t.subscriberId),
  ],
);

/** One row per click through our redirect: which send, which recipient, which link. */
export const newsletterClicks = pgTable(
  "newsletter_clicks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => newsletterRecipients.id, { onDelete: "cascade" }),
    newsletterId: uuid("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("newsletter_clicks_newsletter_idx").on(t.newsletterId, t.url)],
);

/**
 * A subscriber's consent history: one row per change of their subscription, written in the transaction of the
 * change. Goes with the subscriber (erasure).
 */
export const subscriberHistory = pgTable(
  "subscriber_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    event: text("event").$type<SubscriberEvent>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("subscriber_history_event_check", inList("event", SUBSCRIBER_EVENTS)),
    index("subscriber_history_subscriber_idx").on(t.subscriberId, t.at),
  ],
);

/**
 * An import of a subscriber list (CSV), written a batch per transaction by the import job. `rows` holds the
 * valid rows still to write and is emptied when the import ends; `skipped` and `invalid` are its report.
 */
export const subscriberImports = pgTable(
  "subscriber_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status").$type<ImportStatus>().notNull().default("running"),
    fileName: text("file_name").notNull(),
    /** Who imported it (and so answered for the consent statement), for the audit entry at the end. */
    actor: text("actor"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    rows: jsonb("rows").$type<ImportRow[]>().notNull().default([]),
    /** Rows of the file with data (the header not counted). */
    total: integer("total").notNull(),
    /** Valid rows written so far (`rows` up to here). */
    processed: integer("processed").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    merged: integer("merged").notNull().default(0),
    skipped: jsonb("skipped").$type<RowProblem[]>().notNull().default([]),
    skippedCount: integer("skipped_count").notNull().default(0),
    invalid: jsonb("invalid").$type<RowProblem[]>().notNull().default([]),
    invalidCount: integer("invalid_count").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("subscriber_imports_status_check", inList("status", IMPORT_STATUSES)),
    index("subscriber_imports_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * A lead (contact request, demo request or new sign-up) sent by a browser that had followed a link of this send to
 * our site (the click redirect's cookie): the send's conversions. No address or lead id is kept, so erasing a
 * person leaves nothing here to find.
 */
export const newsletterConversions = pgTable(
  "newsletter_conversions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    newsletterId: uuid("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    leadKind: text("lead_kind").$type<LeadForm>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("newsletter_conversions_newsletter_idx").on(t.newsletterId)],
);

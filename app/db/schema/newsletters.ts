// Newsletters (docs/decisions/036-newsletter-sending.md): confirmation tokens of sign-ups, newsletters, one row
// per recipient per send, and the clicks and opens of those sends. Subscribers themselves are in leads.ts.
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
  NEWSLETTER_STATUSES,
  type NewsletterStatus,
  RECIPIENT_STATUSES,
  type RecipientStatus,
} from "~/lib/newsletter-status";
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
    index("newsletter_recipients_due_idx").on(t.status, t.nextAttemptAt),
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

// Lead delivery: the outbox and webhook endpoints (docs/decisions/014-outbox.md).
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authUsers } from "./auth";
import { createdAt, inList, updatedAt } from "./columns";

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
    /** The last save of its URL and events (the edit form's version); the switch and the secret leave it. */
    updatedAt: updatedAt(),
    /** The member who saved them last (null when none did, or once removed). */
    updatedBy: uuid("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("webhook_endpoints_created_idx").on(t.createdAt.desc())],
);

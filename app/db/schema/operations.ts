// Operations: the audit log, rate-limit counters, the installation's key/value facts and its schema history.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

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
  (t) => [
    index("audit_log_at_idx").on(t.at.desc()),
    // The audit-log screen's "by member" filter.
    index("audit_log_actor_at_idx").on(t.actor, t.at.desc()),
  ],
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

/**
 * Which product version brought this database to which schema (the number of migrations applied): one row per pair,
 * written after migrating at start-up. A build that finds migrations it does not know names the version that
 * applied them (app/db/schema-version.server.ts, docs/decisions/050-backup-archives.md).
 */
export const schemaVersions = pgTable(
  "schema_versions",
  {
    schema: integer("schema").notNull(),
    product: text("product").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schema, t.product] })],
);

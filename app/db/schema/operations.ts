// Operations: the audit log, rate-limit counters, the installation's key/value facts, its schema history and its
// scheduled backups.
import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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

export const BACKUP_TRIGGERS = ["schedule", "manual"] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];
/** queued ("Back up now" waiting for a job), running (writing the archive), verifying, then verified or failed. */
export const BACKUP_STATUSES = ["queued", "running", "verifying", "verified", "failed"] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/**
 * One backup the server made into BACKUP_DIR (docs/decisions/053-scheduled-backups.md): scheduled (one per day,
 * `slot` being the day in the site's time zone, unique, so one instance takes it) or asked for on the Backups
 * screen. At most one is queued or under way at a time (the partial unique index), so two instances never back up
 * together and a second "Back up now" is refused. `locked_until` is the lease of the instance that works on it:
 * a run whose lease ran out (its server stopped) is recorded as failed.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trigger: text("trigger").$type<BackupTrigger>().notNull(),
    slot: text("slot"),
    status: text("status").$type<BackupStatus>().notNull(),
    requestedBy: text("requested_by"),
    /** The archive's file name in BACKUP_DIR, once written. */
    file: text("file"),
    size: bigint("size", { mode: "number" }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    claimedBy: text("claimed_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** When the retention rule deleted the archive (the row stays a while, so its day's slot stays taken). */
    prunedAt: timestamp("pruned_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("backup_runs_slot_key").on(t.slot),
    uniqueIndex("backup_runs_file_key").on(t.file),
    uniqueIndex("backup_runs_one_active_key")
      .on(sql`(true)`)
      .where(sql`${t.status} in ('queued', 'running', 'verifying')`),
    index("backup_runs_created_at_idx").on(t.createdAt.desc()),
  ],
);

// The audit trail: who did what, when, from where. Sign-ins, content, settings, showcase and lead changes all
// land in audit_log; the dashboard lists the latest entries.
import { and, count, desc, eq, gte, like, lt, or, type SQL, sql } from "drizzle-orm";
import { type Database, db } from "~/db/client.server";
import { auditLog, authUsers } from "~/db/schema";
import { escapeLike } from "~/db/sql-helpers.server";
import { contentChanged } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import { parseDay } from "~/lib/analytics-query";
import { AUDIT_KINDS, type AuditKind } from "~/lib/audit-sentences";
import { safeTextOrNull } from "~/lib/safe-text";

export interface AuditEntry {
  /** The acting user's email (or "anonymous" / "api-key:<prefix>"). */
  actor: string | null;
  /** A dotted verb, e.g. "blog.create", "auth.sign_in.failure", "settings.save". */
  action: string;
  entity?: string | null;
  entityId?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * Records one entry with `writer`: a transaction's, when the entry must commit or roll back with the change it
 * describes (redirects.server.ts). Throws like any write in that transaction.
 */
export async function recordAuditIn(writer: Pick<Database, "insert">, entry: AuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
    userAgent: safeTextOrNull(entry.userAgent, 500),
  });
}

/** Records one entry. Never throws: a failed audit write is logged, it does not undo the user's action. */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  try {
    await recordAuditIn(db(), entry);
  } catch (error) {
    logger.error({ err: error, action: entry.action }, "Could not record audit entry");
  }
}

/**
 * Who makes a change and from where. Every model write the audit trail records takes one, so the entry is
 * written by the model itself and a new caller (route, API, script) cannot forget it.
 */
export type AuditContext = Pick<AuditEntry, "actor" | "ip" | "userAgent">;

/**
 * The member behind `who`, for a created_by / updated_by column: the auth user with the actor's e-mail, read in the
 * write's own statement. Null for actors that are not members (an API key, the scheduler, a removed member).
 */
export function memberOf(who: AuditContext): SQL {
  return sql`(select ${authUsers.id} from ${authUsers} where lower(${authUsers.email}) = lower(${who.actor ?? ""}) limit 1)`;
}

/** One audit entry on behalf of `who`. */
export function auditAs(who: AuditContext, entry: Omit<AuditEntry, keyof AuditContext>): Promise<void> {
  return recordAudit({ ...entry, ...who });
}

/**
 * After a committed write to site content: bumps the content version when the write is `visible` to visitors
 * (cached pages and API reads change on the next request; a draft saved as a draft changes nothing public), then
 * records the entry. Both run after the commit on purpose: the version must not move before the rows it stands
 * for are visible, and a failed audit write must not roll the change back.
 */
export async function publicContentChanged(
  who: AuditContext,
  entry: Omit<AuditEntry, keyof AuditContext>,
  visible = true,
): Promise<void> {
  if (visible) await contentChanged();
  await auditAs(who, entry);
}

/** An entry as the screens show it: with the acting member's name, when a member has the actor's address. */
export type ShownAuditEntry = typeof auditLog.$inferSelect & { memberName: string | null };

/** Entries with the acting member's name (auth_user.email is unique and stored lower-cased). */
function entriesWithNames() {
  return db()
    .select({ entry: auditLog, memberName: authUsers.name })
    .from(auditLog)
    .leftJoin(authUsers, eq(authUsers.email, auditLog.actor));
}

const named = (
  rows: { entry: typeof auditLog.$inferSelect; memberName: string | null }[],
): ShownAuditEntry[] => rows.map(({ entry, memberName }) => ({ ...entry, memberName }));

/**
 * The latest entries, newest first, for the dashboard. `actionPrefix` narrows them, e.g. "auth." for sign-ins,
 * sign-in failures, two-factor changes and sign-outs; `actor` to one member's own (by their e-mail).
 */
export async function latestAudit(limit = 10, options: { actionPrefix?: string; actor?: string } = {}) {
  const where = and(
    options.actionPrefix ? like(auditLog.action, `${escapeLike(options.actionPrefix)}%`) : undefined,
    options.actor ? eq(auditLog.actor, options.actor) : undefined,
  );
  return named(
    await entriesWithNames().where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit),
  );
}

/** What narrows the audit-log screen; every field optional and kept in the page URL. */
export interface AuditFilter {
  /** The acting member's e-mail address (the actor an entry records). */
  member?: string;
  kind?: AuditKind;
  /** Inclusive calendar days (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
}

/** Entries per page of the audit-log screen. */
export const AUDIT_PAGE_SIZE = 50;

function auditWhere(f: AuditFilter): SQL | undefined {
  const from = f.from ? parseDay(f.from) : undefined;
  const to = f.to ? parseDay(f.to) : undefined;
  return and(
    f.member ? eq(auditLog.actor, f.member) : undefined,
    f.kind
      ? or(...AUDIT_KINDS[f.kind].prefixes.map((p) => like(auditLog.action, `${escapeLike(p)}%`)))
      : undefined,
    from ? gte(auditLog.at, from) : undefined,
    to ? lt(auditLog.at, new Date(to.getTime() + 86_400_000)) : undefined,
  );
}

/** One page (1-based) of the filtered entries, newest first, and how many entries match in all. */
export async function auditPage(
  filter: AuditFilter,
  page = 1,
): Promise<{ entries: ShownAuditEntry[]; total: number }> {
  const where = auditWhere(filter);
  const [rows, [counted]] = await Promise.all([
    entriesWithNames()
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * AUDIT_PAGE_SIZE),
    db().select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: named(rows), total: counted?.n ?? 0 };
}

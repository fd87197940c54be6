// The audit trail: who did what, when, from where. Sign-ins, content, settings, showcase and lead changes all
// land in audit_log; the dashboard lists the latest entries.
import { desc, like } from "drizzle-orm";
import { type Database, db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { escapeLike } from "~/db/sql-helpers.server";
import { contentChanged } from "~/lib/content-version.server";
import { logger } from "~/lib/logger.server";
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

/** Audit facts of an HTTP request (client IP and user agent). */
export function auditSource(request: Request, ip: string): Pick<AuditEntry, "ip" | "userAgent"> {
  return { ip, userAgent: request.headers.get("user-agent") };
}

/**
 * Who makes a change and from where. Every model write the audit trail records takes one, so the entry is
 * written by the model itself and a new caller (route, API, script) cannot forget it.
 */
export type AuditContext = Pick<AuditEntry, "actor" | "ip" | "userAgent">;

/** The AuditContext of an HTTP request made by `actor` (an admin's email, or "api-key:<start>"). */
export function auditContext(actor: string | null, request: Request, ip: string): AuditContext {
  return { actor, ...auditSource(request, ip) };
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

/**
 * The latest entries, newest first, for the dashboard. `actionPrefix` narrows them, e.g. "auth." for sign-ins,
 * sign-in failures, two-factor changes and sign-outs.
 */
export async function latestAudit(limit = 10, options: { actionPrefix?: string } = {}) {
  const query = db().select().from(auditLog);
  const filtered = options.actionPrefix
    ? query.where(like(auditLog.action, `${escapeLike(options.actionPrefix)}%`))
    : query;
  return filtered.orderBy(desc(auditLog.at)).limit(limit);
}

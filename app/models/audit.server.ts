// The audit trail: who did what, when, from where. Sign-ins, content, settings, showcase and lead changes all
// land in audit_log; the dashboard lists the latest entries.
import { desc, like } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { escapeLike } from "~/db/sql-helpers.server";
import { logger } from "~/lib/logger.server";

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

/** Records one entry. Never throws: a failed audit write is logged, it does not undo the user's action. */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  try {
    await db()
      .insert(auditLog)
      .values({
        actor: entry.actor,
        action: entry.action,
        entity: entry.entity ?? null,
        entityId: entry.entityId ?? null,
        details: entry.details ?? null,
        ip: entry.ip ?? null,
        userAgent: entry.userAgent?.slice(0, 500) ?? null,
      });
  } catch (error) {
    logger.error({ err: error, action: entry.action }, "Could not record audit entry");
  }
}

/** Audit facts of an HTTP request (client IP and user agent). */
export function auditSource(request: Request, ip: string): Pick<AuditEntry, "ip" | "userAgent"> {
  return { ip, userAgent: request.headers.get("user-agent") };
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

export type AuditRow = Awaited<ReturnType<typeof latestAudit>>[number];

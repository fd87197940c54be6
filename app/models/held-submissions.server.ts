// The Spam view's reads and deletions of held submissions (suspected spam, held by app/models/leads.server.ts,
// which also restores them as leads), and their 30-day expiry run by the periodic pruning.
import { count, desc, eq, lte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { heldSubmissions } from "~/db/schema";
import type { HeldSubmission } from "~/lib/lead-status";
import { type AuditContext, auditAs } from "~/models/audit.server";

/** Held rows are deleted this long after they arrived. */
export const HELD_RETENTION_DAYS = 30;

/** The most rows the Spam view lists (the per-hour caps keep the table far smaller in practice). */
export const HELD_LIST_LIMIT = 200;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** The newest held submissions, newest first. */
export async function listHeldSubmissions(limit = HELD_LIST_LIMIT): Promise<HeldSubmission[]> {
  const rows = await db()
    .select()
    .from(heldSubmissions)
    .orderBy(desc(heldSubmissions.createdAt))
    .limit(limit);
  return rows.map((row) => {
    const input: Record<string, unknown> = (row.payload as { input?: Record<string, unknown> }).input ?? {};
    return {
      id: row.id,
      kind: row.kind,
      email: text(input.email) ?? row.email,
      name: text(input.name),
      message: text(input.message),
      reason: row.reason,
      elapsedMs: row.elapsedMs,
      createdAt: row.createdAt,
    };
  });
}

export async function countHeldSubmissions(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(heldSubmissions);
  return Number(row?.n ?? 0);
}

/** Deletes one held submission for good; undefined when it was already gone. */
export async function deleteHeldSubmission(id: string, who: AuditContext) {
  const [row] = await db()
    .delete(heldSubmissions)
    .where(eq(heldSubmissions.id, id))
    .returning({ id: heldSubmissions.id, kind: heldSubmissions.kind, reason: heldSubmissions.reason });
  if (row) {
    await auditAs(who, {
      action: "spam.delete",
      entity: "held_submission",
      entityId: row.id,
      details: { kind: row.kind, reason: row.reason },
    });
  }
  return row;
}

/** Deletes the held submissions older than HELD_RETENTION_DAYS; returns how many went. */
export async function pruneHeldSubmissions(): Promise<number> {
  const gone = await db()
    .delete(heldSubmissions)
    .where(lte(heldSubmissions.createdAt, sql`now() - make_interval(days => ${HELD_RETENTION_DAYS})`))
    .returning({ id: heldSubmissions.id });
  return gone.length;
}

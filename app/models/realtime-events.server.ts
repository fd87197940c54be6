// What the back office's realtime channel carries between instances: a NOTIFY on REALTIME_CHANNEL, written by the
// model that made the change (inside its transaction, so it is sent exactly when the change commits, and never for
// a change rolled back). Every instance LISTENs (PGlite delivers the same notifications in-process) and hands each
// one to the members who joined its topic (app/infra/realtime-hub.server.ts). Also the query the hub uses to
// re-check its connections' sessions and roles.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Role } from "~/auth/roles";
import { type Database, database, db } from "~/db/client.server";
import { adminUsers, authSessions, authUsers } from "~/db/schema";
import { type DocumentKind, documentTopic, type SavedEvent, type Topic } from "~/lib/realtime-protocol";
import type { AuditContext } from "~/models/audit.server";
import { versionOf } from "~/models/edit-conflicts.server";

export const REALTIME_CHANNEL = "asimov_realtime";

/** NOTIFY carries at most 8000 bytes; events say what happened, and screens read the rest themselves. */
const MAX_PAYLOAD_BYTES = 7_000;

export interface RealtimeNotice {
  topic: Topic;
  event: string;
  data?: unknown;
  /** The instance that sent it (presence bookkeeping); absent for model events. */
  from?: string;
}

/** db() or a transaction. */
export type RealtimeWriter = Pick<Database, "execute">;

/** Announces `notice` through `writer`: inside a transaction it is sent at the commit, else at once. */
export async function publish(notice: RealtimeNotice, writer: RealtimeWriter = db()): Promise<void> {
  const payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`realtime notice for ${notice.topic} is too large (${payload.length} characters)`);
  }
  await writer.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

/** A lead was added, restored, deleted or changed status: inboxes and dashboards load their lists again. */
export const leadsChanged = (writer: RealtimeWriter = db()) =>
  publish({ topic: "leads", event: "changed" }, writer);

/**
 * Inside a save's transaction: tells whoever has the document open that it was saved, by whom, and the version the
 * save made (their editor can then say so before they try to save over it).
 */
export async function documentSaved(
  writer: RealtimeWriter & Pick<Database, "select">,
  kind: DocumentKind,
  row: { id: string; updatedAt: Date; updatedBy: string | null },
  /** Who saved, for a document that does not keep its saver (found by the actor's e-mail address). */
  who?: AuditContext,
): Promise<void> {
  const by = row.updatedBy
    ? eq(authUsers.id, row.updatedBy)
    : who?.actor
      ? sql`lower(${authUsers.email}) = lower(${who.actor})`
      : undefined;
  const [member] = by
    ? await writer
        .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email })
        .from(authUsers)
        .where(by)
    : [];
  const data: SavedEvent = {
    by: { id: member?.id ?? "", name: member?.name || member?.email || "Someone" },
    at: row.updatedAt.toISOString(),
    version: versionOf(row),
  };
  await publish({ topic: documentTopic(kind, row.id), event: "saved", data }, writer);
}

/** The notice in a NOTIFY payload, or undefined when it is not one. */
function readNotice(payload: string): RealtimeNotice | undefined {
  try {
    const value = JSON.parse(payload) as RealtimeNotice;
    return typeof value.topic === "string" && typeof value.event === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** LISTENs on REALTIME_CHANNEL and hands every notice to `onNotice`; the answer stops listening. */
export async function listenForNotices(
  onNotice: (notice: RealtimeNotice) => void,
): Promise<() => Promise<void>> {
  const { listen } = database();
  if (!listen) throw new Error("this database cannot deliver notifications");
  const { unlisten } = await listen(REALTIME_CHANNEL, (payload) => {
    const notice = readNotice(payload);
    if (notice) onNotice(notice);
  });
  return unlisten;
}

/**
 * Of the sessions `ids`, those still valid and belonging to an active member, with the member's current role.
 * A session missing from the answer was signed out, revoked or expired, or its member was removed or deactivated.
 */
export async function liveSessions(ids: string[]): Promise<Map<string, Role>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ id: authSessions.id, role: adminUsers.role })
    .from(authSessions)
    .innerJoin(adminUsers, sql`${adminUsers.userId} = ${authSessions.userId}`)
    .where(
      and(inArray(authSessions.id, ids), gt(authSessions.expiresAt, new Date()), sql`${adminUsers.isActive}`),
    );
  return new Map(rows.map((row) => [row.id, row.role as Role]));
}

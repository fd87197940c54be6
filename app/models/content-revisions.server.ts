// Revisions of blog posts, academy items and pages built from blocks (docs/decisions/023-scheduling-previews-revisions.md),
// of newsletter drafts and of the settings tabs (docs/decisions/054-revisions-for-newsletters-and-settings.md): every
// save keeps the full snapshot of the editable fields and which of them changed, in the save's own transaction, and
// only the last REVISIONS_KEPT per item survive it. Reads for the histories are here too.
import { and, desc, eq, sql } from "drizzle-orm";
import { type Database, db } from "~/db/client.server";
import { authUsers, contentRevisions, type RevisionKind } from "~/db/schema";
import { FILE_FIELDS, snapshotOf } from "~/lib/revision-fields";
import type { AuditContext } from "~/models/audit.server";
import { deletedUploads } from "~/models/media.server";
import type { ObjectStore } from "~/storage/object-store.server";

export const REVISIONS_KEPT = 50;

/** What a save's transaction offers the revision writer. */
export type RevisionWriter = Pick<Database, "insert" | "select" | "delete" | "execute">;

/** A row's editable fields as stored JSON (dates as ISO text). */
export type Snapshot = Record<string, unknown>;

/** "baseline": an item saved for the first time since revisions exist, as it was before that save. */
export type RevisionAction = "baseline" | "create" | "update" | "publish" | "draft" | "restore";

const isEmpty = (value: unknown) =>
  value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** The fields of `after` that differ from `before`; for a new item, the fields it was given. */
export function changedFields(before: Snapshot | undefined, after: Snapshot): string[] {
  return Object.keys(after).filter((key) =>
    before ? JSON.stringify(before[key]) !== JSON.stringify(after[key]) : !isEmpty(after[key]),
  );
}

/**
 * Inside the save's transaction: records the revision of `after` (the row as saved) unless the save changed
 * nothing, then drops the item's revisions beyond the last REVISIONS_KEPT. Answers whether it wrote one.
 */
export async function recordRevision(
  tx: RevisionWriter,
  kind: RevisionKind,
  save: {
    before: object | undefined;
    after: { id: string };
    who: AuditContext;
    action: RevisionAction;
    restoredFrom?: number;
  },
): Promise<boolean> {
  const snapshot = snapshotOf(save.after);
  const previous = save.before && snapshotOf(save.before);
  const changed = changedFields(previous, snapshot);
  if (previous && changed.length === 0) return false;
  // Content written before revisions existed (or by the demo seed) has none: its state before this first save is
  // kept too, so even that edit can be undone.
  if (previous && !(await hasRevisions(tx, kind, save.after.id))) {
    await tx.insert(contentRevisions).values({
      kind,
      itemId: save.after.id,
      action: "baseline",
      snapshot: previous,
      changed: [],
      actor: null,
    });
  }
  await tx.insert(contentRevisions).values({
    kind,
    itemId: save.after.id,
    action: save.action,
    snapshot,
    changed,
    actor: save.who.actor,
    restoredFrom: save.restoredFrom ?? null,
  });
  await tx.execute(sql`
    delete from ${contentRevisions}
    where kind = ${kind} and item_id = ${save.after.id} and id < (
      select id from ${contentRevisions} where kind = ${kind} and item_id = ${save.after.id}
      order by id desc offset ${REVISIONS_KEPT - 1} limit 1)`);
  return true;
}

async function hasRevisions(tx: RevisionWriter, kind: RevisionKind, itemId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: contentRevisions.id })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, itemId)))
    .limit(1);
  return Boolean(row);
}

/** Inside a delete's transaction: the item's revisions go with it. */
export async function deleteRevisionsOf(tx: RevisionWriter, kind: RevisionKind, itemId: string) {
  await tx
    .delete(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, itemId)));
}

export interface RevisionSummary {
  id: number;
  action: string;
  changed: string[];
  actor: string | null;
  /** The member's name when a member has the actor's address. */
  actorName: string | null;
  restoredFrom: number | null;
  createdAt: Date;
}

/** An item's revisions, newest first, without their snapshots (the history list). */
export async function listRevisions(kind: RevisionKind, itemId: string): Promise<RevisionSummary[]> {
  return db()
    .select({
      id: contentRevisions.id,
      action: contentRevisions.action,
      changed: contentRevisions.changed,
      actor: contentRevisions.actor,
      actorName: authUsers.name,
      restoredFrom: contentRevisions.restoredFrom,
      createdAt: contentRevisions.createdAt,
    })
    .from(contentRevisions)
    .leftJoin(authUsers, eq(authUsers.email, contentRevisions.actor))
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, itemId)))
    .orderBy(desc(contentRevisions.id))
    .limit(REVISIONS_KEPT);
}

/** One revision of the item, with its snapshot; undefined when it is not the item's (or was pruned). */
export async function getRevision(kind: RevisionKind, itemId: string, revisionId: number) {
  if (!Number.isSafeInteger(revisionId) || revisionId < 1) return undefined;
  const [revision] = await db()
    .select()
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.kind, kind),
        eq(contentRevisions.itemId, itemId),
        eq(contentRevisions.id, revisionId),
      ),
    )
    .limit(1);
  return revision;
}

/**
 * A revision's snapshot to restore, without the files deleted from the media library since it was saved: their
 * fields are emptied (a dead URL would show a broken picture or player), the academy's video and audio blocks
 * naming them are dropped, and `cleared` names the fields emptied.
 */
export async function withoutDeletedFiles(
  kind: RevisionKind,
  snapshot: Snapshot,
  store?: ObjectStore,
): Promise<{ snapshot: Snapshot; cleared: string[] }> {
  const urls = FILE_FIELDS[kind]
    .map((key) => snapshot[key])
    .filter((v): v is string => typeof v === "string");
  const gone = await deletedUploads(urls, store);
  if (gone.size === 0) return { snapshot, cleared: [] };
  const cleared = FILE_FIELDS[kind].filter((key) => gone.has(snapshot[key] as string));
  const kept: Snapshot = { ...snapshot, ...Object.fromEntries(cleared.map((key) => [key, null])) };
  if (Array.isArray(snapshot.content)) {
    kept.content = snapshot.content.filter((block) => {
      const url = (block as { data?: { url?: unknown } } | null)?.data?.url;
      return !(typeof url === "string" && gone.has(url));
    });
  }
  return { snapshot: kept, cleared };
}

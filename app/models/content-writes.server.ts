// The writes blog posts and academy items have in common: create, update, status toggle, restore and delete, each
// with published_at kept by the status rules (app/lib/content-status.ts), its content.published / unpublished
// webhook queued and its revision kept in the same transaction, and its audit entry and content version bump
// recorded after the commit (content-changes.server.ts). The redirects of an item's public address follow its slug
// in the same transaction (redirectsForSlugChange, redirects.server.ts). The two admin models only say how their
// input maps to columns and back from a revision.
import { eq, sql } from "drizzle-orm";
import { type ContentAct, type ContentMember, contentRefusal, ForbiddenError } from "~/auth/roles";
import { db } from "~/db/client.server";
import type { academyContent, blogPosts, ContentKind, ContentStatus } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql-helpers.server";
import { publishedAtAfter, toggledStatus } from "~/lib/content-status";
import type { EditVersion } from "~/lib/edit-conflict";
import { type AuditContext, memberOf } from "~/models/audit.server";
import { contentChanges, queueVisibilityEvent } from "~/models/content-changes.server";
import {
  deleteRevisionsOf,
  getRevision,
  type RevisionAction,
  recordRevision,
  type Snapshot,
  withoutDeletedFiles,
} from "~/models/content-revisions.server";
import { isStale, StaleEditError } from "~/models/edit-conflicts.server";
import { outboxWritten } from "~/models/outbox.server";
import { deletePreviewLinksOf } from "~/models/preview-links.server";
import { publicationScheduleChanged } from "~/models/publication-schedule.server";
import { documentSaved } from "~/models/realtime-events.server";
import { redirectsForSlugChange } from "~/models/redirects.server";
import type { ObjectStore } from "~/storage/object-store.server";

type ContentTable = typeof blogPosts | typeof academyContent;

/**
 * Who makes a content write: the audit facts, and for a team member their id and role, checked against the item
 * where it is read (app/auth/roles.ts, contentRefusal). Writes without a member (the content API's keys, the
 * scheduler, the seed) are not limited by role.
 */
export type ContentActor = AuditContext & { member?: ContentMember };

/** Throws ForbiddenError when the member may not do every one of `acts` on the item. */
function authorize(
  who: ContentActor,
  item: { createdBy: string | null; status: string },
  acts: ContentAct[],
) {
  if (!who.member) return;
  for (const act of acts) {
    const missing = contentRefusal(who.member, item, act);
    if (missing) throw new ForbiddenError(missing);
  }
}

/** What a save of `input` over `before` asks for: an edit, and a publication change when either side is live. */
function actsOfSave(before: { status: string }, status: ContentStatus): ContentAct[] {
  return before.status === "published" || status === "published" ? ["edit", "publish"] : ["edit"];
}

/** What a save records in its revision. */
interface Revision {
  action: RevisionAction;
  restoredFrom?: number;
}

/** The columns an input sets (everything but the id, the timestamps and what published_at decides). */
type Columns<T extends ContentTable> = Omit<
  T["$inferInsert"],
  "id" | "createdAt" | "updatedAt" | "publishedAt" | "publicationPending"
>;

/** Every input names a status; `publishAt` asks for a publication time (future: scheduled; past: backdated). */
export interface ContentInput {
  status: ContentStatus;
  publishAt?: Date | null;
}

/**
 * published_at and the scheduler's marker for a save. The marker is decided by the database's clock, the one the
 * public predicate and the scheduler's claim use: published with a time still ahead waits for its went-live step.
 */
function publication(publishedAt: Date | null, status: ContentStatus) {
  const at = publishedAt?.toISOString() ?? null;
  return {
    publishedAt,
    publicationPending: sql`coalesce(${status} = 'published' and ${at}::timestamptz > now(), false)`,
  };
}

/** A save that would give an item the slug another item of its kind has (the unique index refused it). */
export class SlugTakenError extends Error {
  constructor(options?: ErrorOptions) {
    super("slug taken", options);
    this.name = "SlugTakenError";
  }
}

/** `write`'s transaction, with the slug's unique index refusing it told as a SlugTakenError. */
async function slugChecked<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlugTakenError({ cause: error });
    throw error;
  }
}

export function contentWrites<T extends ContentTable, Input extends ContentInput>(
  table: T,
  kind: ContentKind,
  entity: string,
  columns: (input: Input) => Columns<T>,
  /** The input that brings a revision's fields back, keeping the current status and publication time. */
  fromRevision: (snapshot: Snapshot, current: T["$inferSelect"]) => Input,
) {
  type Row = T["$inferSelect"];
  const changes = contentChanges(kind, entity);
  // Drizzle cannot type an insert or update on a union of tables; each call site below keeps the row type.
  const target = table as typeof blogPosts;
  const values = (v: Record<string, unknown>) => v as never;

  /** After any committed write: the outbox worker and the publication scheduler look again. */
  function committed(queued: boolean | undefined) {
    if (queued) outboxWritten();
    publicationScheduleChanged();
  }

  /**
   * Locks the row, writes what `change` asks for, queues its visibility event, keeps its revision and the redirects
   * of its address, and returns the row before and after (undefined when gone).
   */
  async function updateLocked(
    id: string,
    who: ContentActor,
    acts: (before: Row) => ContentAct[],
    revision: (after: Row) => Revision,
    change: (before: Row) => Record<string, unknown>,
    base?: EditVersion,
  ) {
    const result = await slugChecked(() =>
      db().transaction(async (tx) => {
        const [before] = (await tx.select().from(target).where(eq(target.id, id)).for("update")) as Row[];
        if (!before) return undefined;
        if (isStale(before, base)) throw new StaleEditError(before);
        authorize(who, before, acts(before));
        const [after] = (await tx
          .update(target)
          .set(values(change(before)))
          .where(eq(target.id, id))
          .returning()) as Row[];
        if (!after) return undefined;
        await recordRevision(tx, kind, { before, after, who, ...revision(after) });
        await redirectsForSlugChange(tx, kind, before, after, who);
        await documentSaved(tx, kind, after);
        return { before, after, queued: await queueVisibilityEvent(tx, kind, before, after) };
      }),
    );
    committed(result?.queued);
    return result;
  }

  /**
   * Updates a row (stamping updated_at); undefined when it no longer exists. With `base`, the version the editor
   * loaded, a row saved since is not written over: StaleEditError.
   */
  async function update(
    id: string,
    input: Input,
    who: ContentActor,
    now = new Date(),
    revision: Revision = { action: "update" },
    base?: EditVersion,
  ) {
    const updated = await updateLocked(
      id,
      who,
      (before) => actsOfSave(before, input.status),
      () => revision,
      (before) => ({
        ...columns(input),
        ...publication(publishedAtAfter(before, input.status, now, input.publishAt), input.status),
        updatedAt: now,
        updatedBy: memberOf(who),
      }),
      base,
    );
    if (updated) await changes.updated(who, updated);
    return updated;
  }

  return {
    async create(input: Input, who: ContentActor, now = new Date(), details: Record<string, unknown> = {}) {
      const mine = { createdBy: who.member?.userId ?? null, status: "draft" };
      authorize(who, mine, input.status === "published" ? ["edit", "publish"] : ["edit"]);
      const { row, queued } = await slugChecked(() =>
        db().transaction(async (tx) => {
          const [inserted] = (await tx
            .insert(target)
            .values(
              values({
                ...columns(input),
                ...publication(publishedAtAfter(null, input.status, now, input.publishAt), input.status),
                createdAt: now,
                updatedAt: now,
                // The member: given by the request's role check, else found by the actor's e-mail (null for a key).
                createdBy: mine.createdBy ?? memberOf(who),
                updatedBy: memberOf(who),
              }),
            )
            .returning()) as Row[];
          if (!inserted) throw new Error("insert returned no row");
          await recordRevision(tx, kind, { before: undefined, after: inserted, who, action: "create" });
          await redirectsForSlugChange(tx, kind, undefined, inserted, who);
          return { row: inserted, queued: await queueVisibilityEvent(tx, kind, undefined, inserted) };
        }),
      );
      committed(queued);
      await changes.created(who, row, details);
      return row;
    },

    update,

    /** published → draft, draft or archived → published (docs/product.md, Content statuses). */
    async toggle(id: string, who: ContentActor, now = new Date()) {
      const updated = await updateLocked(
        id,
        who,
        () => ["publish"],
        (after) => ({ action: after.status === "published" ? "publish" : "draft" }),
        (before) => {
          const status = toggledStatus(before.status);
          return {
            status,
            ...publication(publishedAtAfter(before, status, now), status),
            updatedAt: now,
            updatedBy: memberOf(who),
          };
        },
      );
      if (!updated) return undefined;
      await changes.toggled(who, updated.after, updated.before.status);
      return { row: updated.after, from: updated.before.status };
    },

    /**
     * Brings a revision's fields back through `update`, so the save is audited, bumps the cache and queues its
     * events like any other, and is itself a new revision. The status and publication time stay as they are now.
     * A file deleted from the media library since is not brought back: its field is left empty and named in
     * `cleared`. Undefined when the item or the revision is gone.
     */
    async restore(id: string, revisionId: number, who: ContentActor, now = new Date(), store?: ObjectStore) {
      const revision = await getRevision(kind, id, revisionId);
      if (!revision) return undefined;
      const [current] = (await db().select().from(target).where(eq(target.id, id)).limit(1)) as Row[];
      if (!current) return undefined;
      const { snapshot, cleared } = await withoutDeletedFiles(kind, revision.snapshot, store);
      const updated = await update(id, fromRevision(snapshot, current), who, now, {
        action: "restore",
        restoredFrom: revision.id,
      });
      return updated && { ...updated, cleared };
    },

    async remove(id: string, who: ContentActor): Promise<Row | undefined> {
      const { row, queued } = await db().transaction(async (tx) => {
        const [before] = (await tx.select().from(target).where(eq(target.id, id)).for("update")) as Row[];
        if (before) authorize(who, before, ["delete"]);
        const [deleted] = (await tx.delete(target).where(eq(target.id, id)).returning()) as Row[];
        if (deleted) {
          await deleteRevisionsOf(tx, kind, id);
          await deletePreviewLinksOf(tx, kind, id);
        }
        return { row: deleted, queued: await queueVisibilityEvent(tx, kind, deleted, undefined) };
      });
      committed(queued);
      if (row) await changes.deleted(who, row);
      return row;
    },
  };
}

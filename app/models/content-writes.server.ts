// The writes blog posts and academy items have in common: create, update, status toggle and delete, each with
// published_at kept by the status rules (app/lib/content-status.ts), its content.published / unpublished webhook
// queued in the same transaction, and its audit entry and content version bump recorded after the commit
// (content-changes.server.ts). The two admin models only say how their input maps to columns. The redirects of an
// item's public address follow its slug in the same transaction (redirectsForSlugChange, redirects.server.ts).
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import type { academyContent, blogPosts, ContentStatus } from "~/db/schema";
import { publishedAtAfter, toggledStatus } from "~/lib/content-status";
import type { AuditContext } from "~/models/audit.server";
import { contentChanges, queueVisibilityEvent } from "~/models/content-changes.server";
import { outboxWritten } from "~/models/outbox.server";
import { redirectsForSlugChange } from "~/models/redirects.server";

type ContentTable = typeof blogPosts | typeof academyContent;

/** The columns an input sets (everything but the id, the timestamps and published_at, which are derived). */
type Columns<T extends ContentTable> = Omit<
  T["$inferInsert"],
  "id" | "createdAt" | "updatedAt" | "publishedAt"
>;

export function contentWrites<T extends ContentTable, Input extends { status: ContentStatus }>(
  table: T,
  kind: "blog" | "academy",
  entity: string,
  columns: (input: Input) => Columns<T>,
) {
  type Row = T["$inferSelect"];
  const changes = contentChanges(kind, entity);
  // Drizzle cannot type an insert or update on a union of tables; each call site below keeps the row type.
  const target = table as typeof blogPosts;
  const values = (v: Record<string, unknown>) => v as never;

  /**
   * Locks the row, writes what `change` asks for, queues its visibility event and keeps the redirects of its
   * address right, and returns the row before and after (undefined when gone).
   */
  async function updateLocked(
    id: string,
    who: AuditContext,
    change: (before: Row) => Record<string, unknown>,
  ) {
    const result = await db().transaction(async (tx) => {
      const [before] = (await tx.select().from(target).where(eq(target.id, id)).for("update")) as Row[];
      if (!before) return undefined;
      const [after] = (await tx
        .update(target)
        .set(values(change(before)))
        .where(eq(target.id, id))
        .returning()) as Row[];
      if (!after) return undefined;
      await redirectsForSlugChange(tx, kind, before, after, who);
      return { before, after, queued: await queueVisibilityEvent(tx, kind, before, after) };
    });
    if (result?.queued) outboxWritten();
    return result;
  }

  return {
    async create(input: Input, who: AuditContext, now = new Date(), details: Record<string, unknown> = {}) {
      const { row, queued } = await db().transaction(async (tx) => {
        const [inserted] = (await tx
          .insert(target)
          .values(
            values({
              ...columns(input),
              publishedAt: publishedAtAfter(null, input.status, now),
              createdAt: now,
              updatedAt: now,
            }),
          )
          .returning()) as Row[];
        if (!inserted) throw new Error("insert returned no row");
        await redirectsForSlugChange(tx, kind, undefined, inserted, who);
        return { row: inserted, queued: await queueVisibilityEvent(tx, kind, undefined, inserted) };
      });
      if (queued) outboxWritten();
      await changes.created(who, row, details);
      return row;
    },

    /** Updates a row (stamping updated_at); undefined when it no longer exists. */
    async update(id: string, input: Input, who: AuditContext, now = new Date()) {
      const updated = await updateLocked(id, who, (before) => ({
        ...columns(input),
        publishedAt: publishedAtAfter(before, input.status, now),
        updatedAt: now,
      }));
      if (updated) await changes.updated(who, updated);
      return updated;
    },

    /** published → draft, draft or archived → published (docs/product.md, Content statuses). */
    async toggle(id: string, who: AuditContext, now = new Date()) {
      let status: ContentStatus = "draft";
      const updated = await updateLocked(id, who, (before) => {
        status = toggledStatus(before.status);
        return { status, publishedAt: publishedAtAfter(before, status, now), updatedAt: now };
      });
      if (!updated) return undefined;
      await changes.toggled(who, updated.after, updated.before.status);
      return { row: updated.after, from: updated.before.status };
    },

    async remove(id: string, who: AuditContext): Promise<Row | undefined> {
      const { row, queued } = await db().transaction(async (tx) => {
        const [deleted] = (await tx.delete(target).where(eq(target.id, id)).returning()) as Row[];
        return { row: deleted, queued: await queueVisibilityEvent(tx, kind, deleted, undefined) };
      });
      if (queued) outboxWritten();
      if (row) await changes.deleted(who, row);
      return row;
    },
  };
}

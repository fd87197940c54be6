// The side effects of a blog or academy write, shared by both admin models (and through them the content API):
// the content.published / content.unpublished webhooks when visibility changes (queued inside the write's
// transaction, so a committed change always has its event), then, after the commit, the audit entry and a content
// version bump whenever the row is or was visible to visitors.
import type { ContentStatus } from "~/db/schema";
import { type AuditContext, publicContentChanged } from "~/models/audit.server";
import type { Writer } from "~/models/outbox.server";
import { isPublished } from "~/models/published.server";
import { queueWebhookEvent } from "~/models/webhooks.server";

interface ContentRow {
  id: string;
  title: string;
  slug: string;
  status: ContentStatus;
}

/** The recorders of one kind of content: `kind` prefixes the actions ("blog.create"), `entity` names the table. */
export function contentChanges(kind: "blog" | "academy", entity: string) {
  const record = async (
    who: AuditContext,
    action: string,
    row: ContentRow,
    details: object,
    visible: boolean,
  ) => {
    await publicContentChanged(
      who,
      { action: `${kind}.${action}`, entity, entityId: row.id, details: { ...details } },
      visible,
    );
  };
  return {
    created: (who: AuditContext, row: ContentRow, extra: Record<string, unknown> = {}) =>
      record(
        who,
        "create",
        row,
        { title: row.title, slug: row.slug, status: row.status, ...extra },
        isPublished(row),
      ),
    updated: (who: AuditContext, { before, after }: { before: ContentRow; after: ContentRow }) =>
      record(
        who,
        "update",
        after,
        {
          title: after.title,
          slug: after.slug,
          ...(before.status !== after.status ? { statusFrom: before.status, statusTo: after.status } : {}),
        },
        isPublished(before) || isPublished(after),
      ),
    /** A status toggle always publishes or unpublishes: always visible. */
    toggled: (who: AuditContext, row: ContentRow, from: ContentStatus) =>
      record(who, isPublished(row) ? "publish" : "draft", row, { title: row.title, from }, true),
    deleted: (who: AuditContext, row: ContentRow) =>
      record(who, "delete", row, { title: row.title, slug: row.slug }, isPublished(row)),
  };
}

/**
 * Inside the write's transaction: queues content.published or content.unpublished when the row's visibility changed
 * (`after` is undefined for a delete). Answers whether it queued anything, so the caller wakes the worker after the
 * commit.
 */
export async function queueVisibilityEvent(
  tx: Writer,
  kind: "blog" | "academy",
  before: ContentRow | undefined,
  after: ContentRow | undefined,
): Promise<boolean> {
  const was = before ? isPublished(before) : false;
  const now = after ? isPublished(after) : false;
  const row = after ?? before;
  if (was === now || !row) return false;
  await queueWebhookEvent(tx, now ? "content.published" : "content.unpublished", {
    kind,
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
  });
  return true;
}

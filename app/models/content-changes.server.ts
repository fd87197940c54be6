// The side effects of a blog or academy write, shared by both admin models (and through them the content API):
// the audit entry, a content version bump whenever the row is or was visible to visitors, and the
// content.published / content.unpublished webhooks when that visibility changes.
import { db } from "~/db/client.server";
import type { ContentStatus } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { type AuditContext, publicContentChanged } from "~/models/audit.server";
import { outboxWritten } from "~/models/outbox.server";
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
    was: boolean | null = null,
  ) => {
    await publicContentChanged(
      who,
      { action: `${kind}.${action}`, entity, entityId: row.id, details: { ...details } },
      visible,
    );
    const now = action === "delete" ? false : isPublished(row);
    if (was !== null && was !== now) await announce(kind, row, now);
  };
  return {
    created: (who: AuditContext, row: ContentRow, extra: Record<string, unknown> = {}) =>
      record(
        who,
        "create",
        row,
        { title: row.title, slug: row.slug, status: row.status, ...extra },
        isPublished(row),
        false,
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
        isPublished(before),
      ),
    /** A status toggle always publishes or unpublishes: always visible. */
    toggled: (who: AuditContext, row: ContentRow, from: ContentStatus) =>
      record(
        who,
        isPublished(row) ? "publish" : "draft",
        row,
        { title: row.title, from },
        true,
        !isPublished(row),
      ),
    deleted: (who: AuditContext, row: ContentRow) =>
      record(who, "delete", row, { title: row.title, slug: row.slug }, isPublished(row), isPublished(row)),
  };
}

/**
 * Queues content.published / content.unpublished after the write committed (like the audit entry). A failure is
 * logged, not thrown: the admin's change is saved either way.
 */
async function announce(kind: "blog" | "academy", row: ContentRow, published: boolean) {
  try {
    await queueWebhookEvent(db(), published ? "content.published" : "content.unpublished", {
      kind,
      id: row.id,
      title: row.title,
      slug: row.slug,
      status: row.status,
    });
    outboxWritten();
  } catch (error) {
    logger.error({ err: error, id: row.id }, "could not queue the content webhook");
  }
}

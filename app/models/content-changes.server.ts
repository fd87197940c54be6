// The side effects of a blog or academy write, shared by both admin models (and through them the content API):
// the content.published / content.unpublished webhooks when visibility changes (queued inside the write's
// transaction, so a committed change always has its event), then, after the commit, the audit entry and a content
// version bump whenever the row is or was visible to visitors. A scheduled item's content.published is queued by
// the publication scheduler when its time comes (publication-schedule.server.ts), not by the write.
import type { ContentKind, ContentStatus } from "~/db/schema";
import { type AuditContext, publicContentChanged } from "~/models/audit.server";
import type { Writer } from "~/models/outbox.server";
import { isPublished } from "~/models/published.server";
import { queueWebhookEvent } from "~/models/webhooks.server";

interface ContentRow {
  id: string;
  title: string;
  slug: string;
  status: ContentStatus;
  publishedAt: Date | null;
  /** Scheduled and not yet gone live (ADR 023). */
  publicationPending: boolean;
}

/** The recorders of one kind of content: `kind` prefixes the actions ("blog.create"), `entity` names the table. */
export function contentChanges(kind: ContentKind, entity: string) {
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
 * Whether the row's publication has been announced: published and not waiting for its scheduled time. Unlike
 * isPublished this follows the went-live step, not the clock, so each publication gets exactly one
 * content.published and an unpublish only follows one that was sent.
 */
function announced(row: ContentRow | undefined): boolean {
  return Boolean(row && row.status === "published" && !row.publicationPending);
}

/** Queues content.published or content.unpublished for `row` inside the caller's transaction. */
export async function queueContentEvent(
  tx: Writer,
  event: "content.published" | "content.unpublished",
  kind: ContentKind,
  row: Pick<ContentRow, "id" | "title" | "slug" | "status">,
): Promise<void> {
  await queueWebhookEvent(tx, event, {
    kind,
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
  });
}

/**
 * Inside the write's transaction: queues content.published or content.unpublished when the row's announced
 * visibility changed (`after` is undefined for a delete). Answers whether it queued anything, so the caller wakes
 * the worker after the commit.
 */
export async function queueVisibilityEvent(
  tx: Writer,
  kind: ContentKind,
  before: ContentRow | undefined,
  after: ContentRow | undefined,
): Promise<boolean> {
  const was = announced(before);
  const now = announced(after);
  const row = after ?? before;
  if (was === now || !row) return false;
  await queueContentEvent(tx, now ? "content.published" : "content.unpublished", kind, row);
  return true;
}

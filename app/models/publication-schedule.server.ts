// Scheduled publishing (docs/decisions/023-scheduling-previews-revisions.md). A published item whose published_at is
// still ahead is invisible by the public predicate (published.server.ts) and carries publication_pending. At its
// time, one "went live" step claims it (UPDATE … WHERE publication_pending, rows locked by a writer skipped), and in
// the same transaction queues its content.published webhook and bumps the content version, so every cached page and
// API answer on every instance changes on the next request (a crash cannot separate the claim from the bump); then
// it writes the audit entry.
//
// A scheduler in each server process (app/jobs/publication-scheduler.server.ts) sets a timer for the next
// scheduled time, read from the database: after every content write of this process (publicationScheduleChanged),
// after each step, and at least every minute for other instances' writes. Two instances may fire at the same
// moment; the claim gives each item to one of them.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { type Database, db, rowsOf } from "~/db/client.server";
import { academyContent, blogPosts, CONTENT_KINDS, type ContentKind, pages } from "~/db/schema";
import { contentChangedIn } from "~/infra/content-version.server";
import { wakeSignal } from "~/lib/wake-signal";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { queueContentEvent } from "~/models/content-changes.server";
import { outboxWritten } from "~/models/outbox.server";
import { publishedIn } from "~/models/published.server";
import { queueWebhookEvent } from "~/models/webhooks.server";

/** Who the audit log names for a publication that happened at its scheduled time. */
export const SCHEDULER: AuditContext = { actor: "scheduler", ip: null, userAgent: null };

const TABLES = { blog: blogPosts, academy: academyContent } as const;
const ENTITY: Record<ContentKind, string> = { blog: "blog_post", academy: "academy_content" };

export interface WentLive {
  /** A blog post, an academy item, or a page built from blocks (its path in `slug`). */
  kind: ContentKind | "page";
  id: string;
  title: string;
  slug: string;
  publishedAt: Date | null;
}

/** The handle the scheduler job passes in when it runs against another instance's database (tests). */
export type ScheduleDatabase = Database;

/**
 * The went-live step: claims every scheduled item whose time has come, exactly once across every claimer sharing
 * the database, and in the claim's transaction queues its content.published and bumps the content version; after
 * the commit it audits each. Answers the items it claimed.
 */
export async function publishDueItems(database: Database = db()): Promise<WentLive[]> {
  let versionCommitted = () => {};
  const live = await database.transaction(async (tx) => {
    const claimed: WentLive[] = [];
    for (const kind of CONTENT_KINDS) {
      const table = TABLES[kind] as typeof blogPosts;
      const due = tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.publicationPending, true), publishedIn(table)))
        .for("update", { skipLocked: true });
      const rows = await tx
        .update(table)
        .set({ publicationPending: false })
        .where(and(inArray(table.id, due), eq(table.publicationPending, true)))
        .returning({
          id: table.id,
          title: table.title,
          slug: table.slug,
          status: table.status,
          publishedAt: table.publishedAt,
        });
      for (const row of rows) {
        await queueContentEvent(tx, "content.published", kind, row);
        claimed.push({ kind, id: row.id, title: row.title, slug: row.slug, publishedAt: row.publishedAt });
      }
    }
    // Pages built from blocks (ADR 033): the same claim, page.published, the same version bump.
    const duePages = tx
      .select({ id: pages.id })
      .from(pages)
      .where(
        and(
          eq(pages.publicationPending, true),
          eq(pages.status, "published"),
          lte(pages.publishedAt, sql`now()`),
        ),
      )
      .for("update", { skipLocked: true });
    const wentLive = await tx
      .update(pages)
      .set({ publicationPending: false })
      .where(and(inArray(pages.id, duePages), eq(pages.publicationPending, true)))
      .returning({
        id: pages.id,
        title: pages.title,
        path: pages.path,
        status: pages.status,
        publishedAt: pages.publishedAt,
      });
    for (const row of wentLive) {
      await queueWebhookEvent(tx, "page.published", {
        id: row.id,
        path: row.path,
        title: row.title,
        status: row.status,
      });
      claimed.push({
        kind: "page",
        id: row.id,
        title: row.title,
        slug: row.path,
        publishedAt: row.publishedAt,
      });
    }
    if (claimed.length > 0) versionCommitted = await contentChangedIn(tx);
    return claimed;
  });
  if (live.length === 0) return live;
  versionCommitted();
  outboxWritten();
  for (const item of live) {
    await auditAs(SCHEDULER, {
      action: `${item.kind}.publish_scheduled`,
      entity: item.kind === "page" ? "page" : ENTITY[item.kind],
      entityId: item.id,
      details: { title: item.title, slug: item.slug, publishedAt: item.publishedAt?.toISOString() ?? null },
    });
  }
  return live;
}

/** Milliseconds from the database's now to the next scheduled publication (negative when overdue); null: none. */
export async function msUntilNextPublication(database: Database = db()): Promise<number | null> {
  const rows = await database.execute<{ ms: string | number | null }>(sql`
    select extract(epoch from (min(at) - now())) * 1000 as ms from (
      select published_at as at from ${blogPosts} where publication_pending and status = 'published'
      union all
      select published_at from ${academyContent} where publication_pending and status = 'published'
      union all
      select published_at from ${pages} where publication_pending and status = 'published'
    ) scheduled`);
  const ms = rowsOf<{ ms: string | number | null }>(rows)[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}

// --- the scheduler ------------------------------------------------------------------------------------------

const changed = wakeSignal();

/** After a content write of this process commits: the scheduler reads the next scheduled time again. */
export const publicationScheduleChanged = changed.notify;
/** Calls `wake` after each content write of this process (app/jobs/publication-scheduler.server.ts); returns the undo. */
export const onPublicationScheduleChanged = changed.listen;

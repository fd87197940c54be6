// Pages built from blocks (ADR 033): the public read of a published page with what its blocks show, the admin's
// list and writes, and the start-up step that adds the built-in pages. Every write validates the blocks with their
// schemas, keeps the redirects of a published page's path, a revision (content-revisions.server.ts, kind "page")
// and queues page.published / page.unpublished in its transaction, and bumps the content version after the commit
// when visitors can see the change. A revision is brought back through the same write, its blocks checked again.
import { and, desc, eq, getTableColumns, lte } from "drizzle-orm";
import { BUILT_IN_PAGES } from "~/blocks/built-in-pages";
import { EMPTY_PAGE_DATA, type PageData } from "~/blocks/page-data";
import { readPageBlocks } from "~/blocks/registry";
import type { PageBlock } from "~/blocks/types";
import { type Database, db } from "~/db/client.server";
import { authUsers, type ContentStatus, pages } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql-helpers.server";
import { logger } from "~/infra/logger.server";
import { formatDate } from "~/lib/dates";
import type { EditVersion } from "~/lib/edit-conflict";
import type { FieldErrors } from "~/lib/forms";
import type { PublicImage } from "~/lib/media";
import { parsePage } from "~/lib/page-form";
import { snapshotText } from "~/lib/revision-fields";
import { listPublishedAcademy } from "~/models/academy.server";
import { type AuditContext, memberOf, publicContentChanged } from "~/models/audit.server";
import { listPublishedPosts } from "~/models/blog.server";
import {
  deleteRevisionsOf,
  getRevision,
  type RevisionAction,
  recordRevision,
  withoutDeletedFiles,
} from "~/models/content-revisions.server";
import { isStale } from "~/models/edit-conflicts.server";
import { publicForms } from "~/models/forms.server";
import { publicImages } from "~/models/media.server";
import { outboxWritten } from "~/models/outbox.server";
import { deletePreviewLinksOf } from "~/models/preview-links.server";
import { publicationScheduleChanged } from "~/models/publication-schedule.server";
import { documentSaved } from "~/models/realtime-events.server";
import { redirectsForPathChange } from "~/models/redirects.server";
import { listActiveShowcase } from "~/models/showcase.server";
import { queueWebhookEvent } from "~/models/webhooks.server";
import type { ObjectStore } from "~/storage/object-store.server";

export type PageRow = typeof pages.$inferSelect;
type Writer = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** Visible to visitors: published, and its publication time has come. */
export const isLivePage = (row: Pick<PageRow, "status" | "publishedAt">, now = new Date()) =>
  row.status === "published" && row.publishedAt !== null && row.publishedAt <= now;

/**
 * Adds the built-in pages whose path has no page yet. A page the team has edited, archived or moved keeps its
 * row: the path is taken, so nothing is written. Safe on every start and on several instances at once.
 */
export async function ensureBuiltInPages(database: Pick<Database, "insert"> = db()): Promise<number> {
  const added = await database
    .insert(pages)
    .values(
      BUILT_IN_PAGES.map((page) => ({
        path: page.path,
        title: page.title,
        metaTitle: page.metaTitle,
        metaDescription: page.metaDescription,
        blocks: page.blocks,
        status: "published" as const,
        publishedAt: new Date(0),
      })),
    )
    .onConflictDoNothing({ target: pages.path })
    .returning({ id: pages.id });
  return added.length;
}

export interface PublicPage {
  path: string;
  title: string;
  metaTitle: string | null;
  metaDescription: string | null;
  socialImage: string | null;
  noindex: boolean;
  canonical: string | null;
  blocks: PageBlock[];
  data: PageData;
}

/** What the blocks show besides their own fields: showcase slides, latest items, the library's images. */
export async function pageDataFor(blocks: readonly PageBlock[]): Promise<PageData> {
  if (blocks.length === 0) return EMPTY_PAGE_DATA;
  const showcase = blocks.some((b) => b.type === "hero" && b.showcase) ? await listActiveShowcase() : [];
  const latest: PageData["latest"] = {};
  for (const block of blocks) {
    if (block.type !== "latest") continue;
    if (block.source === "blog") {
      const posts = await listPublishedPosts({ limit: block.count });
      latest[block.id] = posts.map((p) => ({
        href: `/blog/${p.slug}`,
        title: p.title,
        text: p.excerpt,
        date: p.publishedAt ? formatDate(p.publishedAt) : null,
      }));
    } else {
      const items = await listPublishedAcademy({ limit: block.count });
      latest[block.id] = items.map((i) => ({
        href: `/academy/${i.slug}`,
        title: i.title,
        text: i.description,
        date: null,
      }));
    }
  }
  const formBlocks = blocks.flatMap((b) => (b.type === "form" ? [b] : []));
  const forms: NonNullable<PageData["forms"]> = {};
  if (formBlocks.length > 0) {
    const found = await publicForms(formBlocks.map((b) => b.formId));
    for (const block of formBlocks) {
      const form = found.get(block.formId);
      if (form) forms[block.id] = form;
    }
  }
  const urls = blocks.flatMap((b) => (b.type === "media" && b.kind === "image" ? [b.url] : []));
  const images: Record<string, PublicImage> = {};
  if (urls.length > 0) for (const [url, image] of await publicImages(urls)) images[url] = image;
  return { showcase, latest, images, forms };
}

/** Renderable blocks of a stored page; a block that no longer fits its schema is left out with a warning. */
export function storedBlocks(row: Pick<PageRow, "path" | "blocks">): PageBlock[] {
  const { blocks, dropped } = readPageBlocks(row.blocks);
  if (dropped.length > 0)
    logger.warn({ path: row.path, dropped }, "page blocks left out: they no longer fit");
  return blocks;
}

/** The published page at `path` (already in its stored form), with what its blocks show. */
export async function getPublishedPage(path: string): Promise<PublicPage | undefined> {
  const [row] = await db()
    .select()
    .from(pages)
    .where(and(eq(pages.path, path), eq(pages.status, "published"), lte(pages.publishedAt, new Date())))
    .limit(1);
  return row && publicPageOf(row);
}

/** A page row as visitors see it, whatever its status: the published page, or a preview link's draft. */
export async function publicPageOf(row: PageRow): Promise<PublicPage> {
  const blocks = storedBlocks(row);
  return {
    path: row.path,
    title: row.title,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    socialImage: row.socialImage,
    noindex: row.noindex,
    canonical: row.canonical,
    blocks,
    data: await pageDataFor(blocks),
  };
}

/** Published pages for the sitemap (noindex pages left out). */
export async function listPublishedPagePaths(): Promise<Array<{ path: string; updatedAt: Date }>> {
  const rows = await db()
    .select({ path: pages.path, updatedAt: pages.updatedAt, noindex: pages.noindex })
    .from(pages)
    .where(and(eq(pages.status, "published"), lte(pages.publishedAt, new Date())))
    .orderBy(pages.path);
  return rows.filter((r) => !r.noindex).map(({ path, updatedAt }) => ({ path, updatedAt }));
}

// --- Admin -------------------------------------------------------------------------------------------------

/** Every page, last changed first, with the name and address of the member who saved it last (null: none). */
export async function listPages(): Promise<
  Array<PageRow & { updatedByName: string | null; updatedByEmail: string | null }>
> {
  return db()
    .select({ ...getTableColumns(pages), updatedByName: authUsers.name, updatedByEmail: authUsers.email })
    .from(pages)
    .leftJoin(authUsers, eq(authUsers.id, pages.updatedBy))
    .orderBy(desc(pages.updatedAt));
}

export async function getPage(id: string): Promise<PageRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db().select().from(pages).where(eq(pages.id, id)).limit(1);
  return row;
}

/** A page as the editor saves it: already validated (app/lib/page-form.ts, the blocks by their schemas). */
export interface PageInput {
  path: string;
  title: string;
  metaTitle: string | null;
  metaDescription: string | null;
  socialImage: string | null;
  noindex: boolean;
  canonical: string | null;
  blocks: PageBlock[];
  status: ContentStatus;
  /** When a published page goes live; null: now (or kept, when it already was). */
  publishAt: Date | null;
}

export type SaveOutcome =
  | { ok: true; page: PageRow }
  | { ok: false; reason: "path-taken" | "gone" }
  | { ok: false; reason: "conflict"; current: PageRow };

function publishedAtFor(before: PageRow | undefined, input: PageInput, now: Date): Date | null {
  if (input.status !== "published") return before?.publishedAt ?? null;
  if (input.publishAt) return input.publishAt;
  return before?.status === "published" && before.publishedAt ? before.publishedAt : now;
}

/** Announced: published and not waiting for its time (the went-live step announces a scheduled one). */
const announced = (row: PageRow | undefined) =>
  Boolean(row && row.status === "published" && !row.publicationPending);

/** Queues page.published or page.unpublished when the announced visibility changed (`after` undefined: deleted). */
async function queuePageEvent(tx: Writer, before: PageRow | undefined, after: PageRow | undefined) {
  const was = announced(before);
  const is = announced(after);
  const row = after ?? before;
  if (was === is || !row) return false;
  await queueWebhookEvent(tx, is ? "page.published" : "page.unpublished", {
    id: row.id,
    path: row.path,
    title: row.title,
    status: row.status,
  });
  return true;
}

/** What a save records as its revision: an edit unless told (a restore names the revision it brings back). */
interface RevisionOf {
  action: RevisionAction;
  restoredFrom?: number;
}

interface SaveOptions {
  revision?: RevisionOf;
  /** The version the editor loaded: a save over a newer one is refused and changes nothing. */
  base?: EditVersion;
}

/** Creates (no `id`) or updates a page, keeping its revision. */
export async function savePage(
  id: string | null,
  input: PageInput,
  who: AuditContext,
  { revision, base }: SaveOptions = {},
): Promise<SaveOutcome> {
  const now = new Date();
  let queued = false;
  try {
    const result = await db().transaction(async (tx) => {
      const [before] = id ? await tx.select().from(pages).where(eq(pages.id, id)).for("update") : [];
      if (id && !before) return undefined;
      if (before && isStale(before, base)) return { stale: before };
      const values = {
        path: input.path,
        title: input.title,
        metaTitle: input.metaTitle,
        metaDescription: input.metaDescription,
        socialImage: input.socialImage,
        noindex: input.noindex,
        canonical: input.canonical,
        blocks: input.blocks,
        status: input.status,
        publishedAt: publishedAtFor(before, input, now),
        updatedAt: now,
        updatedBy: memberOf(who),
      };
      const publicationPending =
        values.status === "published" && values.publishedAt !== null && values.publishedAt > now;
      const [after] = before
        ? await tx
            .update(pages)
            .set({ ...values, publicationPending })
            .where(eq(pages.id, before.id))
            .returning()
        : await tx
            .insert(pages)
            .values({ ...values, publicationPending })
            .returning();
      if (!after) return undefined;
      await recordRevision(tx, "page", {
        before,
        after,
        who,
        ...(revision ?? { action: before ? "update" : "create" }),
      });
      await redirectsForPathChange(
        tx,
        {
          oldPath: before?.path ?? after.path,
          newPath: after.path,
          wasLive: before ? isLivePage(before, now) : false,
          isLive: after.status === "published",
          what: "page",
        },
        who,
      );
      queued = await queuePageEvent(tx, before, after);
      await documentSaved(tx, "page", after);
      return { before, after };
    });
    if (!result) return { ok: false, reason: "gone" };
    if (result.stale) return { ok: false, reason: "conflict", current: result.stale };
    if (queued) outboxWritten();
    publicationScheduleChanged();
    const { before, after } = result;
    await publicContentChanged(
      who,
      {
        action: before ? "page.update" : "page.create",
        entity: "page",
        entityId: after.id,
        details: { path: after.path, title: after.title, status: after.status },
      },
      (before ? isLivePage(before, now) : false) || isLivePage(after, now),
    );
    return { ok: true, page: after };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "path-taken" };
    throw error;
  }
}

export async function deletePage(id: string, who: AuditContext): Promise<PageRow | undefined> {
  const now = new Date();
  let queued = false;
  const deleted = await db().transaction(async (tx) => {
    const [row] = await tx.delete(pages).where(eq(pages.id, id)).returning();
    if (!row) return undefined;
    queued = await queuePageEvent(tx, row, undefined);
    await deleteRevisionsOf(tx, "page", row.id);
    await deletePreviewLinksOf(tx, "page", row.id);
    return row;
  });
  if (!deleted) return undefined;
  if (queued) outboxWritten();
  await publicContentChanged(
    who,
    { action: "page.delete", entity: "page", entityId: deleted.id, details: { path: deleted.path } },
    isLivePage(deleted, now),
  );
  return deleted;
}

export type RestoreOutcome =
  | {
      ok: true;
      page: PageRow;
      /** The revision's blocks that no longer fit their schema, left out of the restore. */
      dropped: number;
      /** Fields emptied because their file was deleted from the media library since. */
      cleared: string[];
    }
  | { ok: false; reason: "gone" }
  | { ok: false; reason: "invalid"; fieldErrors: FieldErrors };

/**
 * Brings a revision of the page back: its title, search and sharing fields and blocks, saved like any edit (a new
 * revision, audited, webhooks and cache as usual). The path, status and publication time stay as they are now.
 * The blocks are checked with today's schemas: one that no longer fits is left out (`dropped`), never stored.
 */
export async function restorePageRevision(
  id: string,
  revisionId: number,
  who: AuditContext,
  store?: ObjectStore,
): Promise<RestoreOutcome> {
  const current = await getPage(id);
  const revision = current && (await getRevision("page", id, revisionId));
  if (!current || !revision) return { ok: false, reason: "gone" };
  const { snapshot, cleared } = await withoutDeletedFiles("page", revision.snapshot, store);
  const { blocks, dropped } = readPageBlocks(snapshot.blocks);
  const parsed = parsePage({
    path: current.path,
    status: current.status,
    title: snapshotText(snapshot.title),
    metaTitle: snapshotText(snapshot.metaTitle),
    metaDescription: snapshotText(snapshot.metaDescription),
    socialImage: snapshotText(snapshot.socialImage),
    canonical: snapshotText(snapshot.canonical),
    noindex: snapshot.noindex === true,
    blocks,
  });
  if (!parsed.ok) return { ok: false, reason: "invalid", fieldErrors: parsed.fieldErrors };
  const saved = await savePage(id, { ...parsed.page, publishAt: null }, who, {
    revision: { action: "restore", restoredFrom: revision.id },
  });
  if (!saved.ok) return { ok: false, reason: "gone" };
  return { ok: true, page: saved.page, dropped: dropped.length, cleared };
}

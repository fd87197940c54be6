// Showcase media, admin side: every item (active or not), add, edit, activate/deactivate, reorder, delete.
// The public read (active items only) is in showcase.server.ts. Every write records its audit entry and bumps the
// content version itself, after the commit. An edit carries the version its form loaded (versioned-edits.server.ts);
// the version is that of the item's details, so the active switch and the order, set from the list, leave it.
import { asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type MediaType, showcaseMedia } from "~/db/schema";
import type { EditVersion } from "~/lib/edit-conflict";
import { type AuditContext, memberOf, publicContentChanged } from "~/models/audit.server";
import { type EditOutcome, refusalFor, withVersion } from "~/models/versioned-edits.server";

export type ShowcaseItem = typeof showcaseMedia.$inferSelect;

const changed = (who: AuditContext, action: string, id: string, details: Record<string, unknown>) =>
  publicContentChanged(who, { action, entity: "showcase_media", entityId: id, details });

/** Every item, in display order, each with the version its edit form carries. */
export async function listAllShowcase() {
  const rows = await db()
    .select()
    .from(showcaseMedia)
    .orderBy(asc(showcaseMedia.displayOrder), asc(showcaseMedia.createdAt));
  return rows.map(withVersion);
}

export interface NewShowcaseItem {
  title: string;
  mediaUrl: string;
  mediaType: MediaType;
  description?: string | null;
}

/** New items start active, one above the current highest display_order (1 when there is none). */
export async function addShowcaseItem(input: NewShowcaseItem, who: AuditContext): Promise<ShowcaseItem> {
  const added = await db().transaction(async (tx) => {
    // Two admins adding at once would otherwise read the same maximum.
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    const [row] = await tx
      .select({ max: sql<number | null>`max(${showcaseMedia.displayOrder})` })
      .from(showcaseMedia);
    const next = row?.max === null || row?.max === undefined ? 1 : Number(row.max) + 1;
    const [item] = await tx
      .insert(showcaseMedia)
      .values({
        title: input.title,
        mediaUrl: input.mediaUrl,
        mediaType: input.mediaType,
        description: input.description || null,
        isActive: true,
        displayOrder: next,
        updatedBy: memberOf(who),
      })
      .returning();
    if (!item) throw new Error("insert returned no row");
    return item;
  });
  await changed(who, "showcase.create", added.id, { title: added.title, mediaUrl: added.mediaUrl });
  return added;
}

/**
 * Saves an item's details (title, media, type, description). With `base`, the version the edit form loaded, an item
 * saved since is not written over: the outcome is the conflict, and nothing changes.
 */
export async function updateShowcaseItem(
  id: string,
  input: NewShowcaseItem,
  who: AuditContext,
  { base }: { base?: EditVersion } = {},
): Promise<EditOutcome<ShowcaseItem>> {
  const outcome = await db().transaction(async (tx): Promise<EditOutcome<ShowcaseItem>> => {
    const [before] = await tx.select().from(showcaseMedia).where(eq(showcaseMedia.id, id)).for("update");
    const refused = refusalFor(before, base);
    if (refused || !before) return refused ?? { status: "gone" };
    const [row] = await tx
      .update(showcaseMedia)
      .set({
        title: input.title,
        mediaUrl: input.mediaUrl,
        mediaType: input.mediaType,
        description: input.description || null,
        updatedAt: new Date(),
        updatedBy: memberOf(who),
      })
      .where(eq(showcaseMedia.id, id))
      .returning();
    return row ? { status: "saved", row, before } : { status: "gone" };
  });
  if (outcome.status === "saved") {
    const { row, before } = outcome;
    const changedFields = (["title", "mediaUrl", "mediaType", "description"] as const).filter(
      (key) => row[key] !== before[key],
    );
    await changed(who, "showcase.update", id, { title: row.title, changed: changedFields });
  }
  return outcome;
}

export async function setShowcaseActive(
  id: string,
  isActive: boolean,
  who: AuditContext,
): Promise<ShowcaseItem | undefined> {
  const [item] = await db()
    .update(showcaseMedia)
    .set({ isActive })
    .where(eq(showcaseMedia.id, id))
    .returning();
  if (item)
    await changed(who, isActive ? "showcase.activate" : "showcase.deactivate", id, { title: item.title });
  return item;
}

/** The order input: minimum 0, anything non-numeric is 0 (docs/product.md, Showcase media). */
export function parseDisplayOrder(raw: unknown): number {
  const n = Number.parseInt(String(raw ?? ""), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1_000_000) : 0;
}

export async function setShowcaseOrder(
  id: string,
  displayOrder: number,
  who: AuditContext,
): Promise<ShowcaseItem | undefined> {
  const [item] = await db()
    .update(showcaseMedia)
    .set({ displayOrder: parseDisplayOrder(displayOrder) })
    .where(eq(showcaseMedia.id, id))
    .returning();
  if (item) await changed(who, "showcase.reorder", id, { displayOrder });
  return item;
}

/**
 * Moves an item one place up or down in the list as shown, then numbers the whole list 1..n so the new order
 * is unambiguous even when items shared an order value. Returns false when the item does not exist.
 */
export async function moveShowcaseItem(
  id: string,
  direction: "up" | "down",
  who: AuditContext,
): Promise<boolean> {
  const found = await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    const items = await tx
      .select({ id: showcaseMedia.id, displayOrder: showcaseMedia.displayOrder })
      .from(showcaseMedia)
      .orderBy(asc(showcaseMedia.displayOrder), asc(showcaseMedia.createdAt));
    const index = items.findIndex((i) => i.id === id);
    if (index < 0) return false;
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= items.length) return true;
    const reordered = [...items];
    const [moved] = reordered.splice(index, 1);
    if (moved) reordered.splice(target, 0, moved);
    for (const [i, item] of reordered.entries()) {
      if (item.displayOrder !== i + 1) {
        await tx
          .update(showcaseMedia)
          .set({ displayOrder: i + 1 })
          .where(eq(showcaseMedia.id, item.id));
      }
    }
    return true;
  });
  if (found) await changed(who, "showcase.reorder", id, { direction });
  return found;
}

export async function deleteShowcaseItem(id: string, who: AuditContext): Promise<ShowcaseItem | undefined> {
  const [item] = await db().delete(showcaseMedia).where(eq(showcaseMedia.id, id)).returning();
  if (item) await changed(who, "showcase.delete", id, { title: item.title, mediaUrl: item.mediaUrl });
  return item;
}

// Preview links (docs/decisions/023-scheduling-previews-revisions.md): a random token that shows one draft or
// scheduled item (a blog post, an academy item or a page built from blocks), as the public page would, to anyone
// holding the link until it expires (7 days by default) or is revoked. Only the token's SHA-256 is stored and
// looked up (docs/decisions/048-inbound-secrets.md): the link exists only in the answer that made it. The one read
// of unpublished content outside the back office lives here, next to the rules that guard it.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, getTableColumns, gt, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { academyContent, blogPosts, type ItemKind, pages, previewLinks } from "~/db/schema";
import { hitRateLimit, rateLimitRetryAfter } from "~/infra/rate-limit.server";
import { clientKey } from "~/infra/request-context.server";
import { type AuditContext, auditAs } from "~/models/audit.server";
import type { RevisionWriter } from "~/models/content-revisions.server";

export const PREVIEW_TTL_MS = 7 * 24 * 3_600_000;
/** Unknown, expired or revoked tokens one client address may try per window before it waits. */
export const PREVIEW_MISS_LIMIT = { limit: 30, windowSeconds: 600 };

const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const ENTITY: Record<ItemKind, string> = { blog: "blog_post", academy: "academy_content", page: "page" };

/** A link as the back office lists it: when, by whom, until when; never its token or the token's hash. */
export type PreviewLink = Omit<typeof previewLinks.$inferSelect, "tokenHash">;
/** A link just made, with its token: the only time the token exists outside the link itself. */
export type CreatedPreviewLink = PreviewLink & { token: string };

const { tokenHash: _hash, ...LISTED } = getTableColumns(previewLinks);

/** What is stored of a token, and looked up: its SHA-256 in hex (the migration that hashed older tokens agrees). */
export function previewTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const TABLES = { blog: blogPosts, academy: academyContent, page: pages };

function itemTable(kind: ItemKind) {
  // Only the id is read by column; the row itself is typed by `Item` below.
  return TABLES[kind] as typeof pages;
}

async function itemExists(kind: ItemKind, itemId: string): Promise<boolean> {
  const table = itemTable(kind);
  const [row] = await db().select({ id: table.id }).from(table).where(eq(table.id, itemId)).limit(1);
  return Boolean(row);
}

/**
 * A new link for the item, valid for `ttlMs` (7 days unless a caller inside the server asks otherwise: only tests
 * do), with its token, which is not kept: the caller shows it once. Undefined when the item is gone.
 */
export async function createPreviewLink(
  kind: ItemKind,
  itemId: string,
  who: AuditContext,
  { ttlMs = PREVIEW_TTL_MS, now = new Date() }: { ttlMs?: number; now?: Date } = {},
): Promise<CreatedPreviewLink | undefined> {
  if (!(await itemExists(kind, itemId))) return undefined;
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const [row] = await db()
    .insert(previewLinks)
    .values({
      kind,
      itemId,
      tokenHash: previewTokenHash(token),
      createdBy: who.actor,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    .returning(LISTED);
  const link = row && { ...row, token };
  if (!link) throw new Error("insert returned no row");
  await auditAs(who, {
    action: `${kind}.preview_create`,
    entity: ENTITY[kind],
    entityId: itemId,
    details: { linkId: link.id, expiresAt: link.expiresAt.toISOString() },
  });
  return link;
}

/** The item's links that still work, newest first. */
export async function listActivePreviewLinks(kind: ItemKind, itemId: string): Promise<PreviewLink[]> {
  return db()
    .select(LISTED)
    .from(previewLinks)
    .where(
      and(
        eq(previewLinks.kind, kind),
        eq(previewLinks.itemId, itemId),
        isNull(previewLinks.revokedAt),
        gt(previewLinks.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(previewLinks.createdAt));
}

/** Revokes one of the item's links; undefined when it is not the item's or was already revoked. */
export async function revokePreviewLink(
  kind: ItemKind,
  itemId: string,
  linkId: string,
  who: AuditContext,
): Promise<PreviewLink | undefined> {
  const [link] = await db()
    .update(previewLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(previewLinks.id, linkId),
        eq(previewLinks.kind, kind),
        eq(previewLinks.itemId, itemId),
        isNull(previewLinks.revokedAt),
      ),
    )
    .returning(LISTED);
  if (!link) return undefined;
  await auditAs(who, {
    action: `${kind}.preview_revoke`,
    entity: ENTITY[kind],
    entityId: itemId,
    details: { linkId: link.id },
  });
  return link;
}

/** Inside a delete's transaction: the item's links go with it. */
export async function deletePreviewLinksOf(tx: RevisionWriter, kind: ItemKind, itemId: string) {
  await tx.delete(previewLinks).where(and(eq(previewLinks.kind, kind), eq(previewLinks.itemId, itemId)));
}

type Item<K extends ItemKind> = (typeof TABLES)[K]["$inferSelect"];

export type PreviewOpening<K extends ItemKind> =
  | { state: "ok"; item: Item<K>; expiresAt: Date }
  /** The link existed and has expired or was revoked. */
  | { state: "gone" }
  /** No such link (or its item was deleted). */
  | { state: "unknown" }
  /** This address tried too many links that did not work. */
  | { state: "limited"; retryAfter: number };

/**
 * What `token` opens for a visitor at `ip`: the item whatever its status, or why not. Failed tokens count against
 * the address (PREVIEW_MISS_LIMIT), so guessing is throttled; a working link never counts.
 */
export async function openPreview<K extends ItemKind>(
  kind: K,
  token: string,
  ip: string,
): Promise<PreviewOpening<K>> {
  const key = `preview:${clientKey(ip)}`;
  const retryAfter = await rateLimitRetryAfter(key, PREVIEW_MISS_LIMIT.limit);
  if (retryAfter > 0) return { state: "limited", retryAfter };
  const opening = await lookUp(kind, token);
  if (opening.state !== "ok")
    await hitRateLimit(key, PREVIEW_MISS_LIMIT.limit, PREVIEW_MISS_LIMIT.windowSeconds);
  return opening;
}

async function lookUp<K extends ItemKind>(kind: K, token: string): Promise<PreviewOpening<K>> {
  if (!TOKEN_SHAPE.test(token)) return { state: "unknown" };
  const [link] = await db()
    .select({
      itemId: previewLinks.itemId,
      expiresAt: previewLinks.expiresAt,
      working: sql<boolean>`${previewLinks.revokedAt} is null and ${previewLinks.expiresAt} > now()`,
    })
    .from(previewLinks)
    .where(and(eq(previewLinks.tokenHash, previewTokenHash(token)), eq(previewLinks.kind, kind)))
    .limit(1);
  if (!link) return { state: "unknown" };
  if (!link.working) return { state: "gone" };
  const table = itemTable(kind);
  const [item] = await db().select().from(table).where(eq(table.id, link.itemId)).limit(1);
  if (!item) return { state: "unknown" };
  return { state: "ok", item: item as Item<K>, expiresAt: link.expiresAt };
}

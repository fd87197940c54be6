// Redirects (docs/decisions/018-redirects-and-404-monitor.md): the table, its chain rules, the redirects a slug
// change makes, the in-memory lookup the HTTP middleware consults, and the batched hit counts.
//
// The graph is kept collapsed: no redirect's target is itself redirected. Adding A→B when B→C exists stores A→C;
// adding B→C when A→B exists rewrites A→B to A→C; adding B→A when A→B exists is a loop and is refused. So every
// redirected request needs exactly one hop, and a loop can never be stored. Every change takes one advisory lock,
// so two writes (two administrators, two instances) cannot build a chain or a loop between them.
//
// Every write bumps the content version (a cached copy of a now-redirected page must stop being served, and every
// instance reloads its lookup table) and writes its audit entry in the same transaction as the change.
import { count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { type Database, db } from "~/db/client.server";
import { type ContentStatus, notFoundPaths, redirects } from "~/db/schema";
import { containsPattern, isDatabaseUnavailable, isUniqueViolation } from "~/db/sql-helpers.server";
import { env } from "~/env.server";
import { contentChanged, contentVersionNow } from "~/infra/content-version.server";
import { logger } from "~/infra/logger.server";
import {
  collapsedTarget,
  contentPath,
  encodedTarget,
  internalKey,
  isHttpUrl,
  pathKey,
  type RedirectSource,
  type RedirectStatus,
} from "~/lib/redirect-paths";
import { REDIRECT_MESSAGES, type RedirectInput } from "~/lib/redirect-schema";
import { safeText } from "~/lib/safe-text";
import { type AuditContext, memberOf, recordAuditIn } from "~/models/audit.server";
import { isPublished, isScheduled } from "~/models/published.server";
import { withVersion } from "~/models/versioned-edits.server";

export type Redirect = typeof redirects.$inferSelect;
export type Tx = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** The advisory lock every change to the redirect graph takes (transaction-scoped). */
const REDIRECTS_LOCK = 727276;

/** Takes that lock, for the rest of the transaction. */
export async function lockRedirects(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REDIRECTS_LOCK})`);
}

/** A refusal the administrator can act on, naming the form field it is about. */
export class RedirectRefused extends Error {
  constructor(
    readonly field: "fromPath" | "toUrl",
    message: string,
  ) {
    super(message);
    this.name = "RedirectRefused";
  }
}

/** An absolute URL of this very site is stored as its path, so chains and loops through it are seen. */
function siteRelative(target: string): string {
  if (!isHttpUrl(target)) return target;
  const url = new URL(target);
  return url.origin === new URL(env().baseUrl).origin ? `${url.pathname}${url.search}${url.hash}` : target;
}

export const auditRedirect = (
  tx: Tx,
  who: AuditContext,
  action: string,
  row: Redirect,
  details: Record<string, unknown> = {},
) =>
  recordAuditIn(tx, {
    ...who,
    action,
    entity: "redirect",
    entityId: row.id,
    details: { from: row.fromPath, to: row.toUrl, status: row.statusCode, ...details },
  });

interface NewRedirect {
  fromPath: string;
  toUrl: string;
  statusCode: RedirectStatus;
  source: RedirectSource;
}

/**
 * Where a redirect from `fromKey` to `target` goes once chains are collapsed: straight to the end of a redirect
 * from the target. The same path, or a loop back, is refused. `self` (an edited redirect) is not a chain step.
 */
export async function chainEnd(tx: Tx, fromKey: string, target: string, self?: string) {
  // Stored as a valid, percent-encoded URL: what the Location header will carry.
  let toUrl = encodedTarget(siteRelative(target));
  let toKey = internalKey(toUrl);
  if (toKey === fromKey) throw new RedirectRefused("toUrl", REDIRECT_MESSAGES.same);
  const [next] = toKey ? await tx.select().from(redirects).where(eq(redirects.fromKey, toKey)) : [];
  if (next && next.id !== self) {
    if (next.toKey === fromKey) {
      throw new RedirectRefused("toUrl", REDIRECT_MESSAGES.loop(next.fromPath, next.toUrl));
    }
    toUrl = collapsedTarget(toUrl, next.toUrl);
    toKey = internalKey(toUrl);
  }
  return { toUrl, toKey: toKey ?? null };
}

/**
 * Redirects that end at `fromKey` now go straight to its new target `toUrl` (a change of theirs: their version
 * moves, so an edit form open on one of them does not write the old target back). `self`: the edited redirect.
 */
export async function retargetEarlier(
  tx: Tx,
  fromKey: string,
  toUrl: string,
  who: AuditContext,
  self?: string,
) {
  const earlier = await tx.select().from(redirects).where(eq(redirects.toKey, fromKey));
  for (const row of earlier.filter((r) => r.id !== self)) {
    const target = collapsedTarget(row.toUrl, toUrl);
    const key = internalKey(target);
    // Unreachable while the graph is collapsed; kept so a hand-edited table cannot be turned into a loop.
    if (key === row.fromKey) throw new RedirectRefused("toUrl", REDIRECT_MESSAGES.loop(toUrl, row.fromPath));
    await tx
      .update(redirects)
      .set({ toUrl: target, toKey: key, updatedAt: new Date(), updatedBy: memberOf(who) })
      .where(eq(redirects.id, row.id));
    await auditRedirect(tx, who, "redirect.update", row, {
      toBefore: row.toUrl,
      toAfter: target,
      reason: "chain",
    });
  }
}

/**
 * Inside a transaction: adds a redirect, collapsing chains through it, and answers the stored row. `replace`
 * (slug changes) replaces a redirect from the same path; otherwise that is refused. Throws RedirectRefused for a
 * duplicate or a loop (the transaction then rolls back).
 */
async function addRedirect(
  tx: Tx,
  input: NewRedirect,
  who: AuditContext,
  replace: boolean,
): Promise<Redirect> {
  await lockRedirects(tx);
  const fromPath = safeText(input.fromPath);
  const fromKey = pathKey(fromPath);
  const target = await chainEnd(tx, fromKey, input.toUrl);
  const [existing] = await tx.select().from(redirects).where(eq(redirects.fromKey, fromKey));
  if (existing) {
    if (!replace) throw new RedirectRefused("fromPath", REDIRECT_MESSAGES.duplicate(existing.fromPath));
    await tx.delete(redirects).where(eq(redirects.id, existing.id));
    await auditRedirect(tx, who, "redirect.delete", existing, { reason: `replaced by ${input.source}` });
  }
  await retargetEarlier(tx, fromKey, target.toUrl, who);

  const [row] = await tx
    .insert(redirects)
    .values({
      fromPath,
      fromKey,
      ...target,
      statusCode: input.statusCode,
      source: input.source,
      createdBy: who.actor ?? null,
      updatedBy: memberOf(who),
    })
    .returning();
  if (!row) throw new Error("redirect insert returned no row");
  // The path redirects now: it is no longer a 404 to look into.
  await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, fromKey));
  await auditRedirect(tx, who, "redirect.create", row, { source: input.source });
  return row;
}

export type CreateRedirectResult =
  | { ok: true; redirect: Redirect }
  | { ok: false; field: "fromPath" | "toUrl"; message: string };

/**
 * Adds a redirect typed in the admin (`source` "manual") or made from a 404 of the monitor ("not-found"). A
 * duplicate, the same path as target, or a loop is refused with a message for the form.
 */
export async function createRedirect(
  input: RedirectInput,
  who: AuditContext,
  source: Exclude<RedirectSource, "slug-change"> = "manual",
): Promise<CreateRedirectResult> {
  try {
    const redirect = await db().transaction((tx) => addRedirect(tx, { ...input, source }, who, false));
    await contentChanged();
    return { ok: true, redirect };
  } catch (error) {
    if (error instanceof RedirectRefused) return { ok: false, field: error.field, message: error.message };
    // Another request added the same path between our check and our insert.
    if (isUniqueViolation(error)) {
      return { ok: false, field: "fromPath", message: REDIRECT_MESSAGES.duplicate(input.fromPath) };
    }
    throw error;
  }
}

/** Removes a redirect; undefined when it no longer exists. */
export async function deleteRedirect(id: string, who: AuditContext): Promise<Redirect | undefined> {
  const row = await db().transaction(async (tx) => {
    await lockRedirects(tx);
    const [deleted] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (deleted) await auditRedirect(tx, who, "redirect.delete", deleted);
    return deleted;
  });
  if (row) await contentChanged();
  return row;
}

interface ContentRow {
  slug: string;
  status: ContentStatus;
  publishedAt: Date | null;
}

/**
 * Inside a blog or academy write's transaction (app/models/content-writes.server.ts): keeps the redirects right
 * for the item's public address. When a published item's slug changes, its old address redirects (301) to the
 * new one, chains through the old address included. When an item becomes reachable at an address (published, or
 * moved there while published), a redirect from that address is removed so the page can be seen. Both are
 * changes visitors see, which the content write's own version bump covers.
 */
export async function redirectsForSlugChange(
  tx: Tx,
  kind: "blog" | "academy",
  before: ContentRow | undefined,
  after: ContentRow,
  who: AuditContext,
): Promise<void> {
  const wasLive = before ? isPublished(before) : false;
  // A scheduled item counts as live here: a redirect left at its address would hide it once it goes live.
  const isLive = isPublished(after) || isScheduled(after);
  const newPath = contentPath(kind, after.slug);
  const oldPath = before ? contentPath(kind, before.slug) : newPath;
  await redirectsForPathChange(tx, { oldPath, newPath, wasLive, isLive, what: `${kind} item` }, who);
}

/**
 * The same rule for any public address (blog and academy items, pages): a live address that moves leaves a 301
 * behind; an address that becomes live loses the redirect that would hide it. Inside the caller's transaction.
 */
export async function redirectsForPathChange(
  tx: Tx,
  change: { oldPath: string; newPath: string; wasLive: boolean; isLive: boolean; what: string },
  who: AuditContext,
): Promise<void> {
  const { oldPath, newPath, wasLive, isLive } = change;
  const moved = pathKey(oldPath) !== pathKey(newPath);
  const redirectOld = wasLive && moved;
  if (!redirectOld && !(isLive && (!wasLive || moved))) return;

  await lockRedirects(tx);
  const [blocking] = await tx
    .delete(redirects)
    .where(eq(redirects.fromKey, pathKey(newPath)))
    .returning();
  if (blocking)
    await auditRedirect(tx, who, "redirect.delete", blocking, { reason: `${change.what} moved here` });
  if (redirectOld) {
    await addRedirect(
      tx,
      { fromPath: oldPath, toUrl: newPath, statusCode: 301, source: "slug-change" },
      who,
      true,
    );
  }
}

// --- The admin list ---------------------------------------------------------------------------------------

export const REDIRECT_LIST_LIMIT = 200;

/**
 * Newest first; `search` matches the path or the target anywhere, any letter case. Targets are stored
 * percent-encoded, so "café" is also looked for as "caf%C3%A9".
 */
export async function listRedirects({ search = "", limit = REDIRECT_LIST_LIMIT } = {}) {
  const text = safeText(search.trim());
  const where = text
    ? or(
        ilike(redirects.fromPath, containsPattern(text)),
        ilike(redirects.toUrl, containsPattern(text)),
        ilike(redirects.toUrl, containsPattern(encodedTarget(text))),
      )
    : undefined;
  const [rows, [counts]] = await Promise.all([
    db()
      .select()
      .from(redirects)
      .where(where)
      .orderBy(desc(redirects.createdAt), desc(redirects.id))
      .limit(limit)
      .then((found) => found.map(withVersion)),
    db()
      .select({ total: count(), matched: where ? sql<number>`count(*) filter (where ${where})` : count() })
      .from(redirects),
  ]);
  return { rows, total: Number(counts?.total ?? 0), matched: Number(counts?.matched ?? 0) };
}

// --- The lookup the HTTP middleware consults ---------------------------------------------------------------

export interface RedirectTarget {
  id: string;
  toUrl: string;
  statusCode: RedirectStatus;
}

interface Table {
  version: number;
  byKey: Map<string, RedirectTarget>;
}

let table: Table | undefined;
let loading: { version: number; promise: Promise<Table> } | undefined;

async function loadTable(version: number): Promise<Table> {
  const rows = await db()
    .select({
      fromKey: redirects.fromKey,
      id: redirects.id,
      toUrl: redirects.toUrl,
      statusCode: redirects.statusCode,
    })
    .from(redirects);
  // A row stored before targets were encoded is sent encoded all the same.
  return {
    version,
    byKey: new Map(
      rows.map(({ fromKey, toUrl, ...target }) => [fromKey, { ...target, toUrl: encodedTarget(toUrl) }]),
    ),
  };
}

/**
 * The redirect for a path key, from a table held in memory and read again whenever the content version moved
 * (which every redirect write bumps, on any instance: with PostgreSQL the version is read per request, as the page
 * cache does). While the database cannot be reached, the table last read keeps answering.
 */
export async function findRedirect(key: string): Promise<RedirectTarget | undefined> {
  let version: number;
  try {
    version = await contentVersionNow();
  } catch {
    return table?.byKey.get(key);
  }
  if (table?.version !== version) {
    if (loading?.version !== version) loading = { version, promise: loadTable(version) };
    try {
      const loaded = await loading.promise;
      if (!table || loaded.version >= table.version) table = loaded;
    } catch (error) {
      loading = undefined;
      logger.warn({ err: error }, "redirects could not be read; the last table read keeps answering");
    }
  }
  return table?.byKey.get(key);
}

// --- Hit counts, batched ------------------------------------------------------------------------------------

/** Past this many redirects waiting to be counted (the database has been down a while), new ones are not counted. */
const MAX_PENDING = 10_000;
let hits = new Map<string, { n: number; at: Date }>();

/** One more use of a redirect: an in-memory count, added to the row at the next flush. */
export function countRedirectHit(id: string, at = new Date()): void {
  const seen = hits.get(id);
  if (seen) {
    seen.n += 1;
    seen.at = at;
  } else if (hits.size < MAX_PENDING) {
    hits.set(id, { n: 1, at });
  }
}

/** Adds the counted hits to their rows (a deleted redirect's are dropped); returns how many hits were written. */
export async function flushRedirectHits(): Promise<number> {
  const batch = hits;
  hits = new Map();
  if (batch.size === 0) return 0;
  try {
    await db().transaction(async (tx) => {
      for (const [id, { n, at }] of batch) {
        await tx
          .update(redirects)
          .set({
            hits: sql`${redirects.hits} + ${n}`,
            lastHitAt: sql`greatest(${redirects.lastHitAt}, ${at.toISOString()}::timestamptz)`,
          })
          .where(eq(redirects.id, id));
      }
    });
    return [...batch.values()].reduce((sum, { n }) => sum + n, 0);
  } catch (error) {
    // During an outage the counts wait for the next round; anything else would fail forever.
    if (isDatabaseUnavailable(error)) {
      for (const [id, { n, at }] of batch) {
        const seen = hits.get(id);
        hits.set(id, { n: n + (seen?.n ?? 0), at: seen?.at ?? at });
      }
    }
    throw error;
  }
}

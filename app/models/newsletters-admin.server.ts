// The back office's newsletters: drafts, "send this blog post", scheduling, pause and resume, a test to oneself,
// progress and results per send. Sending itself is app/models/newsletter-sending.server.ts and its job.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, rowsOf } from "~/db/client.server";
import {
  auditLog,
  authUsers,
  blogPosts,
  type NewsletterAudience,
  newsletterClicks,
  newsletterConversions,
  newsletterRecipients,
  newsletters,
  subscribers,
} from "~/db/schema";
import { personalize } from "~/infra/newsletter-mail.server";
import { bodyBlocks } from "~/lib/content";
import type { EditConflict, EditVersion } from "~/lib/edit-conflict";
import { newsletterOfSnapshot, newsletterSnapshot } from "~/lib/newsletter-conflict";
import type { NewsletterStatus } from "~/lib/newsletter-status";
import { type AuditContext, recordAuditIn } from "~/models/audit.server";
import { deleteRevisionsOf, getRevision, recordRevision } from "~/models/content-revisions.server";
import { conflictWith, isStale, StaleEditError, versionOf } from "~/models/edit-conflicts.server";
import {
  newsletterQueued,
  newsletterTemplate,
  recipientUrls,
  startSend,
} from "~/models/newsletter-sending.server";
import { enqueue, outboxWritten } from "~/models/outbox.server";
import { documentSaved } from "~/models/realtime-events.server";

export type Newsletter = typeof newsletters.$inferSelect;

export interface NewsletterDraft {
  subject: string;
  preheader: string;
  body: unknown[];
  audience: NewsletterAudience;
}

async function audited(who: AuditContext, action: string, id: string, details: Record<string, unknown> = {}) {
  await recordAuditIn(db(), { ...who, action, entity: "newsletter", entityId: id, details });
}

/** A newsletter's draft as its revisions keep it (the conflict notice's shape), under its id. */
const revisionOf = (row: Newsletter) => ({ id: row.id, ...newsletterSnapshot(row) });

/** Inserts a newsletter with its first revision, then audits its creation. */
async function insertNewsletter(
  values: typeof newsletters.$inferInsert,
  who: AuditContext,
  details: Record<string, unknown> = {},
): Promise<Newsletter> {
  const row = await db().transaction(async (tx) => {
    const [inserted] = await tx.insert(newsletters).values(values).returning();
    if (!inserted) throw new Error("newsletter not created");
    await recordRevision(tx, "newsletter", {
      before: undefined,
      after: revisionOf(inserted),
      who,
      action: "create",
    });
    return inserted;
  });
  await audited(who, "newsletter.create", row.id, { subject: row.subject, ...details });
  return row;
}

export function createNewsletter(draft: NewsletterDraft, who: AuditContext): Promise<Newsletter> {
  return insertNewsletter(draft, who);
}

/** A newsletter made from a blog post: its title, excerpt and body, and a button to read it on the site. */
export async function newsletterFromPost(postId: string, who: AuditContext): Promise<Newsletter | null> {
  const [post] = await db().select().from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post) return null;
  const values = {
    subject: post.title,
    preheader: post.excerpt ?? "",
    body: bodyBlocks(post.richContent, post.content),
    postId: post.id,
  };
  return insertNewsletter(values, who, { postId });
}

/** The audit actions of the saves that move a newsletter's version (its draft's content). */
const DRAFT_SAVES = ["newsletter.create", "newsletter.update", "newsletter.restore"];

/** What a save records as its revision: an edit, or a restore naming the revision it brings back. */
interface DraftRevision {
  action: "update" | "restore";
  restoredFrom?: number;
}

/**
 * Saves a draft (or a scheduled one, which goes back to draft only by unscheduling), with its revision. False once
 * sending. With `base`, the version its editor loaded (its updated_at, which only a save of the draft moves), a
 * newsletter saved since is not written over: StaleEditError, before anything is written. Returns the version it
 * stored.
 */
export async function updateNewsletter(
  id: string,
  draft: NewsletterDraft,
  who: AuditContext,
  base?: EditVersion,
  revision: DraftRevision = { action: "update" },
): Promise<EditVersion | false> {
  const now = new Date();
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(newsletters).where(eq(newsletters.id, id)).for("update");
    if (!row || (row.status !== "draft" && row.status !== "scheduled")) return false;
    if (isStale(row, base)) throw new StaleEditError({ updatedAt: row.updatedAt, updatedBy: null });
    const [after] = await tx
      .update(newsletters)
      .set({ ...draft, updatedAt: now })
      .where(eq(newsletters.id, id))
      .returning();
    if (!after) return false;
    await recordRevision(tx, "newsletter", {
      before: revisionOf(row),
      after: revisionOf(after),
      who,
      ...revision,
    });
    // In the save's transaction: the entry names who saved this version, for a refused editor's notice.
    await recordAuditIn(tx, {
      ...who,
      action: revision.action === "restore" ? "newsletter.restore" : "newsletter.update",
      entity: "newsletter",
      entityId: id,
      ...(revision.restoredFrom ? { details: { restoredFrom: revision.restoredFrom } } : {}),
    });
    // Whoever has the draft open hears of it when this commits.
    await documentSaved(tx, "newsletter", { id, updatedAt: now, updatedBy: null }, who);
    return versionOf({ updatedAt: now });
  });
}

/**
 * What an editor whose save was refused is told: who saved the draft last (the member behind the last save's
 * audit entry), when, and the draft as they left it.
 */
export async function newsletterConflict(id: string, error: StaleEditError): Promise<EditConflict> {
  const [[row], [last]] = await Promise.all([
    db().select().from(newsletters).where(eq(newsletters.id, id)),
    db()
      .select({ member: authUsers.id, actor: auditLog.actor })
      .from(auditLog)
      .leftJoin(authUsers, sql`lower(${authUsers.email}) = lower(${auditLog.actor})`)
      .where(
        and(
          eq(auditLog.entity, "newsletter"),
          eq(auditLog.entityId, id),
          inArray(auditLog.action, DRAFT_SAVES),
        ),
      )
      .orderBy(desc(auditLog.at))
      .limit(1),
  ]);
  const conflict = await conflictWith({
    updatedAt: error.current.updatedAt,
    updatedBy: last?.member ?? null,
  });
  return { ...conflict, theirs: row ? newsletterSnapshot(row) : conflict.theirs };
}

/** A restore that did not happen: the newsletter or revision is gone, or it is sending or sent (read-only). */
export type NewsletterRestore = { ok: true; version: EditVersion } | { ok: false; reason: "gone" | "locked" };

/**
 * Brings a revision's draft back through `updateNewsletter`, as a save of its own (revision "restore", audit entry
 * newsletter.restore, a new version announced to whoever has it open). Refused once the newsletter is sending.
 */
export async function restoreNewsletterRevision(
  id: string,
  revisionId: number,
  who: AuditContext,
): Promise<NewsletterRestore> {
  const revision = await getRevision("newsletter", id, revisionId);
  if (!revision) return { ok: false, reason: "gone" };
  const current = await getNewsletter(id);
  if (!current) return { ok: false, reason: "gone" };
  const draft: NewsletterDraft = newsletterOfSnapshot(revision.snapshot);
  const version = await updateNewsletter(id, draft, who, undefined, {
    action: "restore",
    restoredFrom: revision.id,
  });
  return version ? { ok: true, version } : { ok: false, reason: "locked" };
}

export async function deleteNewsletter(id: string, who: AuditContext): Promise<boolean> {
  const rows = await db().transaction(async (tx) => {
    const deleted = await tx
      .delete(newsletters)
      .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["draft", "scheduled"])))
      .returning({ id: newsletters.id });
    if (deleted.length) await deleteRevisionsOf(tx, "newsletter", id);
    return deleted;
  });
  if (rows.length) await audited(who, "newsletter.delete", id);
  return rows.length > 0;
}

export async function sendNow(id: string, who: AuditContext): Promise<boolean> {
  const started = await startSend(id);
  if (started) await audited(who, "newsletter.send", id);
  return started;
}

/** Schedules a draft (or moves a scheduled one); `at` null takes it back to draft. */
export async function scheduleNewsletter(id: string, at: Date | null, who: AuditContext): Promise<boolean> {
  const rows = await db()
    .update(newsletters)
    // Not the draft's version (updated_at): an editor open on it may still save its content.
    .set({ status: at ? "scheduled" : "draft", scheduledAt: at })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["draft", "scheduled"])))
    .returning({ id: newsletters.id });
  if (rows.length) await audited(who, at ? "newsletter.schedule" : "newsletter.unschedule", id, { at });
  return rows.length > 0;
}

/** Pause (no more recipients are claimed; messages under way finish) and resume. */
export async function setPaused(id: string, paused: boolean, who: AuditContext): Promise<boolean> {
  const [from, to]: NewsletterStatus[] = paused ? ["sending", "paused"] : ["paused", "sending"];
  const rows = await db()
    .update(newsletters)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, from as NewsletterStatus)))
    .returning({ id: newsletters.id });
  if (rows.length) {
    await audited(who, paused ? "newsletter.pause" : "newsletter.resume", id);
    if (!paused) newsletterQueued();
  }
  return rows.length > 0;
}

/** Blog posts that can become a newsletter ("send this blog post"), newest first. */
export function postsToSend(limit = 50) {
  return db()
    .select({ id: blogPosts.id, title: blogPosts.title })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt))
    .limit(limit);
}

/** The sign-up pages subscribers came from (the audience filter's choices). */
export async function signUpSources(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ page: subscribers.sourcePage })
    .from(subscribers)
    .where(sql`${subscribers.sourcePage} is not null`)
    .limit(100);
  return rows
    .map((r) => r.page ?? "")
    .filter(Boolean)
    .sort();
}

/** How many confirmed subscribers an audience reaches now. */
export async function audienceSize(audience: NewsletterAudience): Promise<number> {
  const { sourcePage, signedUpFrom, signedUpTo } = audience;
  const [row] = rowsOf<{ n: number }>(
    await db().execute(sql`
      select count(*)::int as n from ${subscribers} s where s.subscription = 'confirmed'
      ${sourcePage ? sql`and s.source_page = ${sourcePage}` : sql``}
      ${signedUpFrom ? sql`and s.created_at >= ${signedUpFrom}::date` : sql``}
      ${signedUpTo ? sql`and s.created_at < ${signedUpTo}::date + 1` : sql``}`),
  );
  return Number(row?.n ?? 0);
}

export function getNewsletter(id: string): Promise<Newsletter | undefined> {
  return db()
    .select()
    .from(newsletters)
    .where(eq(newsletters.id, id))
    .then((rows) => rows[0]);
}

export function listNewsletters(limit = 50): Promise<Newsletter[]> {
  return db().select().from(newsletters).orderBy(desc(newsletters.createdAt)).limit(limit);
}

export interface SendProgress {
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  skipped: number;
  remaining: number;
  unsubscribed: number;
  opened: number;
  /** Leads sent from browsers that followed one of the send's links to our site (conversions). */
  conversions: number;
  /** Messages per second over the last 10 seconds. */
  rate: number;
}

/** Progress and results of sends, by newsletter id. */
export async function sendProgress(ids: string[]): Promise<Map<string, SendProgress>> {
  if (!ids.length) return new Map();
  const result = await db().execute(sql`
    select newsletter_id as id,
      count(*)::int as recipients,
      count(*) filter (where status = 'sent')::int as sent,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'bounced')::int as bounced,
      count(*) filter (where status = 'skipped')::int as skipped,
      count(*) filter (where status in ('pending', 'sending', 'retrying'))::int as remaining,
      count(unsubscribed_at)::int as unsubscribed,
      count(opened_at)::int as opened,
      count(*) filter (where sent_at > now() - interval '10 seconds')::int as recent,
      (select count(*) from ${newsletterConversions} c where c.newsletter_id = r.newsletter_id)::int as conversions
    from ${newsletterRecipients} r
    where newsletter_id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}
    group by newsletter_id`);
  const rows = rowsOf<SendProgress & { id: string; recent: number }>(result);
  return new Map(rows.map(({ id, recent, ...p }) => [id, { ...p, rate: Math.round(recent / 10) }]));
}

/** Clicks per link of one send. */
export async function clicksPerLink(id: string): Promise<{ url: string; clicks: number }[]> {
  const rows = await db()
    .select({ url: newsletterClicks.url, clicks: sql<number>`count(*)::int` })
    .from(newsletterClicks)
    .where(eq(newsletterClicks.newsletterId, id))
    .groupBy(newsletterClicks.url)
    .orderBy(desc(sql`count(*)`));
  return rows;
}

/** The message as a recipient would get it (the screen's preview; links not tracked, no personal token). */
export async function previewNewsletter(newsletter: Newsletter) {
  const template = await newsletterTemplate(newsletter, false);
  const urls = recipientUrls("preview", 0, false, template.links);
  return {
    html: personalize(template.html, { ...urls, unsubscribe: "#unsubscribe" }, true),
    text: personalize(template.text, { ...urls, unsubscribe: "#unsubscribe" }, false),
  };
}

/** Queues the message to the administrator through the outbox (no recipient row, nothing counted). */
export async function sendTest(newsletter: Newsletter, to: string, who: AuditContext): Promise<void> {
  const { html, text } = await previewNewsletter(newsletter);
  await db().transaction(async (tx) => {
    await enqueue(tx, [
      {
        kind: "email",
        target: to,
        event: "newsletter.test",
        payload: { subject: `[Test] ${newsletter.subject}`, text, html },
      },
    ]);
    await recordAuditIn(tx, {
      ...who,
      action: "newsletter.test",
      entity: "newsletter",
      entityId: newsletter.id,
      details: { to },
    });
  });
  outboxWritten();
}

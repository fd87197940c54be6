// Sending newsletters (docs/decisions/036-newsletter-sending.md): a send is one row per recipient, written when
// the send starts; workers in every server process claim due rows in small batches with FOR UPDATE SKIP LOCKED and
// a lease (as the outbox does), send each through pooled SMTP connections at the configured rate, and record each
// row as soon as the SMTP server has answered for it. Two instances never take the same row, a claimer that died
// leaves rows that come back after their lease (with PGlite at once), and a recorded row is never sent again: the
// only repeat possible is a message accepted by the SMTP server whose row the crash kept from being recorded, at
// most one per open connection.
import { createHmac } from "node:crypto";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { atRestKey } from "~/auth/auth-secret.server";
import { type Database, db, rowsOf, type Transaction as Tx } from "~/db/client.server";
import { blogPosts, newsletterRecipients, newsletters, subscribers } from "~/db/schema";
import { env } from "~/env.server";
import { type NewsletterTemplate, renderNewsletter } from "~/infra/newsletter-mail.server";
import { toRichBlocks } from "~/lib/content";
import type { RecipientStatus } from "~/lib/newsletter-status";
import { sendTopic } from "~/lib/realtime-protocol";
import { safeTextOrNull } from "~/lib/safe-text";
import { wakeSignal } from "~/lib/wake-signal";
import { readNewsletterSettings } from "~/models/newsletter-subscribers.server";
import { type RetryPolicy, retryDelay } from "~/models/outbox.server";
import { publish } from "~/models/realtime-events.server";
import { getSettings } from "~/models/settings.server";
import { setSubscription } from "~/models/subscriber-history.server";

/** A claim holds its rows this long (NEWSLETTER_LEASE_SECONDS): far longer than one message takes (SMTP timeouts are 30 to 60 s). */
export const RECIPIENT_LEASE_MS = 3 * 60_000;

/** Temporary SMTP failures (4xx, lost connections) are retried: 1 min, 2 min … up to 30 min, six tries in all. */
export const SEND_RETRY: RetryPolicy & { maxAttempts: number } = {
  baseMs: 60_000,
  maxDelayMs: 30 * 60_000,
  retryForMs: 0,
  maxAttempts: 6,
};

// --- recipients' links ---------------------------------------------------------------------------------------

let linkKey: Promise<Buffer> | undefined;

/** The HMAC of an id for one use ("" for recipients' links, "send:" for the conversion cookie). */
async function signature(id: string, use = ""): Promise<string> {
  linkKey ??= atRestKey().then((key) => createHmac("sha256", key).update("newsletter-links").digest());
  return createHmac("sha256", await linkKey)
    .update(use + id)
    .digest("base64url")
    .slice(0, 22);
}

/** The id a token of `use` signs, or null when it is not one of ours. */
async function signedId(token: string, use: string): Promise<string | null> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const expected = await signature(match[1], use);
  // Constant-time enough for a 22-character comparison of an HMAC: compare every character.
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ match[2].charCodeAt(i);
  return diff === 0 ? match[1] : null;
}

/** The token of one recipient of one send: in its unsubscribe, click and open links. */
export async function recipientToken(recipientId: string): Promise<string> {
  return `${recipientId}.${await signature(recipientId)}`;
}

/** The recipient a token names, or null when it is not one of ours. */
export function recipientOfToken(token: string): Promise<string | null> {
  return signedId(token, "");
}

/** The value of the cookie a click leaves: which send brought the browser here (signed, so none can be made up). */
export async function sendToken(newsletterId: string): Promise<string> {
  return `${newsletterId}.${await signature(newsletterId, "send:")}`;
}

/** The send a conversion cookie names, or null when it is not one of ours. */
export function sendOfToken(token: string): Promise<string | null> {
  return signedId(token, "send:");
}

export function recipientUrls(token: string, linkCount: number, clickTracking: boolean, links: string[]) {
  const base = env().baseUrl;
  return {
    unsubscribe: `${base}/newsletter/unsubscribe/${token}`,
    oneClick: `${base}/api/newsletter/unsubscribe/${token}`,
    open: `${base}/api/newsletter/open/${token}`,
    link: (i: number) =>
      clickTracking && i < linkCount ? `${base}/api/newsletter/click/${token}/${i}` : (links[i] ?? base),
  };
}

// --- starting a send -----------------------------------------------------------------------------------------

/** The message of a newsletter, rendered once per process and send. */
export async function newsletterTemplate(
  newsletter: Pick<typeof newsletters.$inferSelect, "subject" | "preheader" | "body" | "postId">,
  openPixel: boolean,
  database: Pick<Database, "select"> = db(),
): Promise<NewsletterTemplate> {
  const settings = await getSettings();
  let readMoreUrl: string | null = null;
  if (newsletter.postId) {
    const [post] = await database
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(eq(blogPosts.id, newsletter.postId));
    if (post) readMoreUrl = `${env().baseUrl}/blog/${post.slug}`;
  }
  return renderNewsletter(
    {
      subject: newsletter.subject,
      preheader: newsletter.preheader,
      blocks: toRichBlocks(newsletter.body),
      readMoreUrl,
      siteTitle: settings.siteTitle,
      siteUrl: env().baseUrl,
      address: settings.companyAddress,
    },
    openPixel,
  );
}

/**
 * Writes a send's recipients (every confirmed subscriber, or those its audience filter picks) and marks it
 * sending, in the caller's transaction. One row per address per send (a unique key), so starting twice adds no one.
 */
async function materialize(
  tx: Tx,
  newsletter: typeof newsletters.$inferSelect,
  links: string[],
): Promise<number> {
  const { sourcePage, signedUpFrom, signedUpTo } = newsletter.audience;
  const inserted = await tx.execute(sql`
    insert into ${newsletterRecipients} (newsletter_id, subscriber_id, email)
    select ${newsletter.id}, s.id, s.email from ${subscribers} s
    where s.subscription = 'confirmed'
      ${sourcePage ? sql`and s.source_page = ${sourcePage}` : sql``}
      ${signedUpFrom ? sql`and s.created_at >= ${signedUpFrom}::date` : sql``}
      ${signedUpTo ? sql`and s.created_at < ${signedUpTo}::date + 1` : sql``}
    on conflict (newsletter_id, email) do nothing
    returning id`);
  await tx
    .update(newsletters)
    .set({ status: "sending", startedAt: sql`coalesce(${newsletters.startedAt}, now())`, links })
    .where(eq(newsletters.id, newsletter.id));
  return rowsOf(inserted).length;
}

/** "Send now": a draft or scheduled newsletter starts; false if it had already started (or is gone). */
export async function startSend(id: string): Promise<boolean> {
  const started = await startOne(db(), id, inArray(newsletters.status, ["draft", "scheduled"]));
  if (started) newsletterQueued();
  return started;
}

/**
 * Starts one newsletter if `when` still holds under its row lock (SKIP LOCKED: another instance starting it is
 * left to do so). The message is rendered before the transaction, which then holds nothing but the writes.
 */
async function startOne(database: Database, id: string, when: ReturnType<typeof and>): Promise<boolean> {
  const [draft] = await database.select().from(newsletters).where(eq(newsletters.id, id));
  if (!draft) return false;
  const { links } = await newsletterTemplate(draft, false, database);
  return database.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletters)
      .where(and(eq(newsletters.id, id), when))
      .for("update", { skipLocked: true });
    if (!row) return false;
    await materialize(tx, row, links);
    return true;
  });
}

/** Scheduled newsletters whose time has come start; one instance starts each. */
export async function startDueNewsletters(database: Database = db()): Promise<number> {
  const due = await database
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.status, "scheduled"), sql`${newsletters.scheduledAt} <= now()`))
    .limit(5);
  let started = 0;
  for (const { id } of due) {
    const when = and(eq(newsletters.status, "scheduled"), sql`${newsletters.scheduledAt} <= now()`);
    if (await startOne(database, id, when)) started++;
  }
  return started;
}

// --- claiming and recording ----------------------------------------------------------------------------------

export interface ClaimedRecipient {
  id: string;
  newsletter_id: string;
  email: string;
  attempts: number;
  /** The subscriber's consent now: anyone no longer confirmed is skipped, never sent to. */
  subscription: string | null;
}

/**
 * Takes up to `batch` due recipients of sends that are going out (not paused): rows whose claimer's lease ran out,
 * then retrying and pending rows whose time has come. Reading every due row of a 10,000-recipient send and sorting
 * them took 20–100 ms per claim of the one thread PGlite shares with the pages; each kind now stops at `batch`.
 */
export async function claimRecipients(
  database: Database,
  workerId: string,
  batch: number,
  leaseMs = RECIPIENT_LEASE_MS,
): Promise<ClaimedRecipient[]> {
  // For each send going out, its rows of one kind straight from the (newsletter_id, status, next_attempt_at) index,
  // in time order, whatever the planner knows of the table (PGlite never analyses it).
  const kind = (where: SQL, order: SQL) => sql`
      select due.id from ${newsletters} n cross join lateral (
        select r.id from ${newsletterRecipients} r
        where r.newsletter_id = n.id and ${where}
        order by ${order}
        limit ${batch}
        for update of r skip locked
      ) due
      where n.status = 'sending'`;
  const result = await database.execute(sql`
    with expired as (${kind(sql`r.status = 'sending' and r.locked_until < now()`, sql`r.locked_until`)}),
    retrying as (${kind(sql`r.status = 'retrying' and r.next_attempt_at <= now()`, sql`r.next_attempt_at`)}),
    pending as (${kind(sql`r.status = 'pending' and r.next_attempt_at <= now()`, sql`r.next_attempt_at`)}),
    due as (
      select id from expired union all select id from retrying union all select id from pending
      limit ${batch}
    ), claimed as (
      update ${newsletterRecipients} r set status = 'sending', claimed_by = ${workerId},
        locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = r.attempts + 1
      from due where r.id = due.id
      returning r.id, r.newsletter_id, r.subscriber_id, r.email, r.attempts
    )
    select c.id, c.newsletter_id, c.email, c.attempts, s.subscription
    from claimed c left join ${subscribers} s on s.id = c.subscriber_id`);
  return rowsOf<ClaimedRecipient>(result);
}

export type SendOutcome =
  | { status: "sent" }
  | { status: "skipped" }
  | { status: "bounced"; error: string }
  | { status: "failed"; error: string }
  | { status: "temporary"; error: string };

/**
 * Records one recipient's outcome the moment it is known. Only the claimer still holding the row may. A permanent
 * rejection of the address (5xx) also marks the subscriber bounced, in the same transaction.
 */
export async function recordOutcome(
  database: Database,
  workerId: string,
  row: ClaimedRecipient,
  outcome: SendOutcome,
): Promise<void> {
  const mine = and(
    eq(newsletterRecipients.id, row.id),
    eq(newsletterRecipients.claimedBy, workerId),
    eq(newsletterRecipients.status, "sending"),
  );
  const release = { lockedUntil: null, claimedBy: null };
  if (outcome.status === "sent") {
    await database
      .update(newsletterRecipients)
      .set({ status: "sent", sentAt: sql`now()`, lastError: null, ...release })
      .where(mine);
    return;
  }
  if (outcome.status === "skipped") {
    await database
      .update(newsletterRecipients)
      .set({ status: "skipped", ...release })
      .where(mine);
    return;
  }
  const error = safeTextOrNull(outcome.error, 500);
  if (outcome.status === "temporary" && row.attempts < SEND_RETRY.maxAttempts) {
    const wait = retryDelay(row.attempts, SEND_RETRY);
    await database
      .update(newsletterRecipients)
      .set({
        status: "retrying",
        lastError: error,
        nextAttemptAt: sql`now() + ${`${wait} milliseconds`}::interval`,
        ...release,
      })
      .where(mine);
    return;
  }
  const status: RecipientStatus = outcome.status === "bounced" ? "bounced" : "failed";
  await database.transaction(async (tx) => {
    const [done] = await tx
      .update(newsletterRecipients)
      .set({ status, lastError: error, ...release })
      .where(mine)
      .returning({ id: newsletterRecipients.id });
    if (done && status === "bounced") {
      await setSubscription(
        tx,
        and(eq(subscribers.email, row.email), eq(subscribers.subscription, "confirmed")),
        "bounced",
        "bounced",
      );
    }
  });
}

/** Sends with no recipient left to try are finished. */
export async function finishCompletedSends(database: Database = db()): Promise<void> {
  await database.transaction(async (tx) => {
    const finished = await tx.execute<{ id: string }>(sql`
      update ${newsletters} n set status = 'sent', finished_at = now()
      where n.status in ('sending', 'paused') and not exists (
        select 1 from ${newsletterRecipients} r
        where r.newsletter_id = n.id and r.status in ('pending', 'sending', 'retrying'))
      returning n.id`);
    // Screens following these sends hear that they are done, when this commits.
    for (const { id } of rowsOf<{ id: string }>(finished)) {
      await publish({ topic: sendTopic(id), event: "progress" }, tx);
    }
  });
}

/**
 * PGlite is owned by one process: recipients still "sending" at start-up were claimed by this data folder's
 * previous run (kill -9), so they are due at once instead of after their lease.
 */
export async function releaseOrphanedRecipients(database: Database = db()): Promise<void> {
  await database
    .update(newsletterRecipients)
    .set({ status: "retrying", lockedUntil: null, claimedBy: null, nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(newsletterRecipients.status, "sending"),
        // Through the sends not finished, so the recipients index serves it however many past sends there are.
        inArray(
          newsletterRecipients.newsletterId,
          database
            .select({ id: newsletters.id })
            .from(newsletters)
            .where(inArray(newsletters.status, ["sending", "paused"])),
        ),
      ),
    );
}

/** What the sender needs of a send: its message (rendered once) and whether clicks and opens are counted. */
export async function sendMaterial(id: string) {
  const [row] = await db().select().from(newsletters).where(eq(newsletters.id, id));
  if (!row) return null;
  const settings = await readNewsletterSettings();
  const template = await newsletterTemplate(row, settings.newsletterOpenTracking);
  return {
    subject: row.subject,
    template,
    clickTracking: settings.newsletterClickTracking,
    // The links stored when the send started are what click redirects resolve, whatever was edited since.
    storedLinkCount: row.links.length,
  };
}

// --- waking the sender ---------------------------------------------------------------------------------------

const queued = wakeSignal();

/** A send started or resumed in this process: its sender starts at once instead of at its next poll. */
export const newsletterQueued = queued.notify;
export const onNewsletterQueued = queued.listen;

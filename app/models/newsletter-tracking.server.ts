// What a newsletter's recipient does with it: unsubscribes (one click, RFC 8058, or the page's button), follows a
// link (counted, then redirected with the send's campaign so Analytics attributes the visit and any lead to it),
// or opens it (a pixel, only when the site turned it on). Every link carries the recipient row's signed token. A
// lead sent from the browser a click brought to our site counts as a conversion of that send.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Database, db } from "~/db/client.server";
import {
  newsletterClicks,
  newsletterConversions,
  newsletterRecipients,
  newsletters,
  subscribers,
} from "~/db/schema";
import { env } from "~/env.server";
import { slugify } from "~/lib/content";
import type { LeadForm } from "~/lib/lead-status";
import type { SubscriptionStatus } from "~/lib/newsletter-status";
import { recipientOfToken, sendOfToken, sendToken } from "~/models/newsletter-sending.server";
import { readNewsletterSettings } from "~/models/newsletter-subscribers.server";
import { setSubscription } from "~/models/subscriber-history.server";

export interface RecipientView {
  id: string;
  email: string;
  subscription: SubscriptionStatus | null;
}

/** The recipient a link's token names (null: not one of ours, or erased since). */
export async function recipientForToken(token: string): Promise<RecipientView | null> {
  const id = await recipientOfToken(token);
  if (!id) return null;
  const [row] = await db()
    .select({
      id: newsletterRecipients.id,
      email: newsletterRecipients.email,
      subscription: subscribers.subscription,
    })
    .from(newsletterRecipients)
    .leftJoin(subscribers, eq(subscribers.id, newsletterRecipients.subscriberId))
    .where(eq(newsletterRecipients.id, id));
  return row ?? null;
}

/**
 * Unsubscribes the address a token names and notes it on the send's row (results: unsubscribed from this send).
 * Idempotent; a bounced or complained address stays so. False when the token is not one of ours.
 */
export async function unsubscribeByToken(token: string): Promise<boolean> {
  const id = await recipientOfToken(token);
  if (!id) return false;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterRecipients)
      .set({ unsubscribedAt: sql`coalesce(${newsletterRecipients.unsubscribedAt}, now())` })
      .where(eq(newsletterRecipients.id, id))
      .returning({ subscriberId: newsletterRecipients.subscriberId, email: newsletterRecipients.email });
    if (!row) return false;
    await setSubscription(
      tx,
      and(eq(subscribers.email, row.email), inArray(subscribers.subscription, ["pending", "confirmed"])),
      "unsubscribed",
      "unsubscribed",
    );
    return true;
  });
}

/** The campaign name Analytics shows for a send: its subject as a slug. */
export function campaignName(subject: string): string {
  return slugify(subject) || "newsletter";
}

/**
 * The cookie a click to our own site leaves (first-party, HTTP only, signed): the send a later lead from that
 * browser is counted for. The latest click wins; it lasts CONVERSION_DAYS.
 */
export const CONVERSION_COOKIE = "nl_send";
export const CONVERSION_DAYS = 30;

export interface FollowedLink {
  /** The link's address with utm_source=newsletter, utm_medium=email and the send's campaign. */
  location: string;
  /** The conversion cookie's value when the link goes to our own site (null: another site, nothing to count). */
  conversion: string | null;
}

/**
 * A click on the `index`-th link of the message a token was sent with: counted, and where to send the browser
 * (null: no such link or token).
 */
export async function followLink(token: string, index: number): Promise<FollowedLink | null> {
  const id = await recipientOfToken(token);
  if (!id || !Number.isInteger(index) || index < 0) return null;
  const [row] = await db()
    .select({ newsletterId: newsletters.id, links: newsletters.links, subject: newsletters.subject })
    .from(newsletterRecipients)
    .innerJoin(newsletters, eq(newsletters.id, newsletterRecipients.newsletterId))
    .where(eq(newsletterRecipients.id, id));
  const link = row?.links[index];
  if (!row || !link) return null;
  await db().insert(newsletterClicks).values({ recipientId: id, newsletterId: row.newsletterId, url: link });
  const target = new URL(link);
  if (!target.searchParams.has("utm_source")) {
    target.searchParams.set("utm_source", "newsletter");
    target.searchParams.set("utm_medium", "email");
    target.searchParams.set("utm_campaign", campaignName(row.subject));
  }
  const ours = target.origin === new URL(env().baseUrl).origin;
  return {
    location: target.toString(),
    conversion: ours ? await sendToken(row.newsletterId) : null,
  };
}

/** The send a conversion cookie's value names (null: none, or not one of ours). */
export async function sendOfConversion(value: string | null | undefined): Promise<string | null> {
  if (!value) return null;
  return sendOfToken(value);
}

/**
 * Counts stored leads as conversions of the sends their browsers came from, in the leads' own transaction. A send
 * deleted in the meantime is passed over (the join), never an error that would lose the leads.
 */
export async function recordConversions(
  tx: Pick<Database, "execute">,
  leads: { newsletterId: string; kind: LeadForm | "form" }[],
): Promise<void> {
  if (!leads.length) return;
  const values = sql.join(
    leads.map((l) => sql`(${l.newsletterId}::uuid, ${l.kind})`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${newsletterConversions} (newsletter_id, lead_kind)
    select v.id, v.kind from (values ${values}) as v(id, kind)
    join ${newsletters} n on n.id = v.id`);
}

/**
 * The open pixel was loaded: the first time is kept. Nothing is recorded while the site counts no opens (the
 * address can still be reached from the recipient's token, which every message's unsubscribe link carries).
 */
export async function recordOpen(token: string): Promise<void> {
  const id = await recipientOfToken(token);
  if (!id || !(await readNewsletterSettings()).newsletterOpenTracking) return;
  await db()
    .update(newsletterRecipients)
    .set({ openedAt: sql`now()` })
    .where(and(eq(newsletterRecipients.id, id), isNull(newsletterRecipients.openedAt)));
}

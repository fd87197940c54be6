// What a newsletter's recipient does with it: unsubscribes (one click, RFC 8058, or the page's button), follows a
// link (counted, then redirected with the send's campaign so Analytics attributes the visit and any lead to it),
// or opens it (a pixel, only when the site turned it on). Every link carries the recipient row's signed token.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsletterClicks, newsletterRecipients, newsletters, subscribers } from "~/db/schema";
import { slugify } from "~/lib/content";
import type { SubscriptionStatus } from "~/lib/newsletter-status";
import { recipientOfToken } from "~/models/newsletter-sending.server";
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
 * A click on the `index`-th link of the message a token was sent with: counted, and the link's address with
 * utm_source=newsletter, utm_medium=email and the send's campaign returned (null: no such link or token).
 */
export async function followLink(token: string, index: number): Promise<string | null> {
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
  return target.toString();
}

/** The open pixel was loaded: the first time is kept. */
export async function recordOpen(token: string): Promise<void> {
  const id = await recipientOfToken(token);
  if (!id) return;
  await db()
    .update(newsletterRecipients)
    .set({ openedAt: sql`now()` })
    .where(and(eq(newsletterRecipients.id, id), isNull(newsletterRecipients.openedAt)));
}

// Every change of a subscriber's consent goes through here, so its history row is written in the same
// transaction as the change (the person view lists them; erasure deletes them with the subscriber).
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscriberHistory, subscribers } from "~/db/schema";
import type { SubscriberEvent, SubscriptionStatus } from "~/lib/newsletter-status";

type Executor = Pick<Database, "insert" | "update">;

/** History rows for subscribers that just changed (or were just created). */
export async function recordSubscriberEvents(
  tx: Pick<Database, "insert">,
  ids: readonly string[],
  event: SubscriberEvent,
): Promise<void> {
  if (!ids.length) return;
  await tx.insert(subscriberHistory).values(ids.map((subscriberId) => ({ subscriberId, event })));
}

/**
 * Sets the subscription of the subscribers `where` picks and records `event` for each of them. Returns the rows that changed.
 */
export async function setSubscription(
  tx: Executor,
  where: SQL | undefined,
  subscription: SubscriptionStatus,
  event: SubscriberEvent,
): Promise<{ id: string; email: string }[]> {
  const rows = await tx
    .update(subscribers)
    .set({ subscription, subscriptionChangedAt: sql`now()` })
    .where(where)
    .returning({ id: subscribers.id, email: subscribers.email });
  await recordSubscriberEvents(
    tx,
    rows.map((r) => r.id),
    event,
  );
  return rows;
}

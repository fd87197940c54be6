// The newsletter's statuses, one home for each list (app/db/schema/ imports them; screens show them).

/** Where a subscriber stands: only `confirmed` addresses are ever sent a newsletter. */
export const SUBSCRIPTION_STATUSES = [
  "pending",
  "confirmed",
  "unsubscribed",
  "bounced",
  "complained",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Addresses that are never sent to again until an administrator lifts the suppression. */
export const SUPPRESSED_STATUSES = [
  "unsubscribed",
  "bounced",
  "complained",
] as const satisfies readonly SubscriptionStatus[];

/** A newsletter's life: written, waiting for its time, going out, held by the administrator, finished. */
export const NEWSLETTER_STATUSES = ["draft", "scheduled", "sending", "paused", "sent"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** One recipient of one send. `sending` carries a lease; `skipped`: suppressed before its turn came. */
export const RECIPIENT_STATUSES = [
  "pending",
  "sending",
  "retrying",
  "sent",
  "failed",
  "bounced",
  "skipped",
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

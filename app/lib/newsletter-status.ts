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

/** A subscription's status in words, wherever the back office shows one. */
export const SUBSCRIPTION_LABELS: Record<SubscriptionStatus, string> = {
  pending: "Waiting for confirmation",
  confirmed: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Marked as spam",
};

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

/** How a subscriber came to be: the site's sign-up form, or a list an administrator imported. */
export const SUBSCRIBER_SOURCES = ["sign-up", "import"] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

/**
 * The moments of a subscription's life the person view lists: a sign-up (new, or again after leaving), its
 * confirmation, leaving (unsubscribe, bounce, spam complaint), an administrator lifting a suppression, an import.
 */
export const SUBSCRIBER_EVENTS = [
  "signed_up",
  "signed_up_again",
  "confirmed",
  "unsubscribed",
  "bounced",
  "complained",
  "suppression_lifted",
  "imported",
] as const;
export type SubscriberEvent = (typeof SUBSCRIBER_EVENTS)[number];

export const SUBSCRIBER_EVENT_LABELS: Record<SubscriberEvent, string> = {
  signed_up: "Signed up",
  signed_up_again: "Signed up again",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Marked a newsletter as spam",
  suppression_lifted: "Suppression lifted",
  imported: "Imported",
};

/** A subscriber import's life: its batches are being written, all were, or one failed (the rest not written). */
export const IMPORT_STATUSES = ["running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

// Newsletter consent (docs/product.md, Newsletters): double opt-in, confirmation links, suppression and its
// lifting, and the pruning of sign-ups nobody confirmed. Sign-ups themselves are stored by the lead path
// (app/models/leads.server.ts), which calls `requestConfirmations` in the same transaction.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { atRestKey } from "~/auth/auth-secret.server";
import { type Database, db } from "~/db/client.server";
import { newsletterRecipients, subscribers, subscriberTokens, websiteSettings } from "~/db/schema";
import { env } from "~/env.server";
import { mailConfigured } from "~/infra/mail.server";
import { seal } from "~/infra/secret-box.server";
import { PRODUCT_NAME } from "~/lib/brand";
import {
  mergeNewsletterSettings,
  NEWSLETTER_SETTING_KEYS,
  type NewsletterSettings,
} from "~/lib/newsletter-settings";
import { SUPPRESSED_STATUSES, type SubscriptionStatus } from "~/lib/newsletter-status";
import { type AuditContext, recordAuditIn } from "~/models/audit.server";
import { enqueue } from "~/models/outbox.server";
import { setSubscription } from "~/models/subscriber-history.server";

type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** A confirmation link works for 48 hours, once. */
export const CONFIRMATION_TTL_HOURS = 48;
/** Sign-ups still pending after this many days are deleted. */
export const PENDING_RETENTION_DAYS = 7;
/** A new confirmation mail for the same pending address at most this often (a sign-up form is no mail cannon). */
const RESEND_AFTER_MINUTES = 10;

export async function readNewsletterSettings(
  executor: Pick<Database, "select"> = db(),
): Promise<NewsletterSettings> {
  const rows = await executor
    .select({ settingKey: websiteSettings.settingKey, settingValue: websiteSettings.settingValue })
    .from(websiteSettings)
    .where(inArray(websiteSettings.settingKey, NEWSLETTER_SETTING_KEYS));
  return mergeNewsletterSettings(rows);
}

/** The one hash of every link token we keep (confirmation links): the token itself is only in the mail. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function confirmationUrl(token: string): string {
  return `${env().baseUrl}/newsletter/confirm/${token}`;
}

/**
 * The confirmation mail (plain text: it must reach the person whatever their client shows). Its text holds the
 * link, so the outbox keeps it sealed with the at-rest key (docs/decisions/048-inbound-secrets.md): the worker
 * opens it as it sends.
 */
export function confirmationMail(token: string, key: Buffer) {
  const text =
    `Someone (hopefully you) asked to receive the ${PRODUCT_NAME} newsletter at this address.\n\n` +
    `To confirm, open this link within ${CONFIRMATION_TTL_HOURS} hours:\n${confirmationUrl(token)}\n\n` +
    "If it wasn't you, ignore this message: you will not hear from us again.";
  return { subject: `Please confirm your subscription to ${PRODUCT_NAME}`, sealedText: seal(text, key) };
}

/**
 * The key confirmation mails are sealed with (null without mail: none is sent). Read before the sign-up's
 * transaction: the first read may look up the stored auth secret, which on PGlite would wait for that transaction.
 */
export function confirmationKey(): Promise<Buffer | null> {
  return mailConfigured() ? atRestKey() : Promise.resolve(null);
}

/**
 * After a sign-up's insert, in its transaction: decides each address's consent status and queues its confirmation
 * mail. New rows were inserted `pending` when double opt-in applies; an address that unsubscribed, bounced or
 * complained before needs a new confirmation (with mail) or stays as it is (without mail nothing could confirm
 * it); a pending one gets a fresh link, at most every few minutes. `key` (confirmationKey) seals the mails.
 * Returns how many mails were queued.
 */
export async function requestConfirmations(
  tx: Executor,
  signUps: { id: string; email: string; isNew: boolean }[],
  doubleOptIn: boolean,
  key: Buffer | null,
): Promise<number> {
  if (!signUps.length || !mailConfigured() || !key) return 0;
  const returning = signUps.filter((s) => !s.isNew).map((s) => s.id);
  const again = returning.length
    ? await setSubscription(
        tx,
        and(inArray(subscribers.id, returning), inArray(subscribers.subscription, [...SUPPRESSED_STATUSES])),
        "pending",
        "signed_up_again",
      )
    : [];
  const stillPending = returning.length
    ? await tx
        .select({ id: subscribers.id })
        .from(subscribers)
        .where(
          and(
            inArray(subscribers.id, returning),
            eq(subscribers.subscription, "pending"),
            sql`not exists (select 1 from ${subscriberTokens} t where t.subscriber_id = ${subscribers.id}
              and t.created_at > now() - make_interval(mins => ${RESEND_AFTER_MINUTES}))`,
          ),
        )
    : [];
  const due = new Set([
    ...(doubleOptIn ? signUps.filter((s) => s.isNew).map((s) => s.id) : []),
    ...again.map((r) => r.id),
    ...stillPending.map((r) => r.id),
  ]);
  const mails = signUps.filter((s) => due.delete(s.id));
  if (!mails.length) return 0;
  const tokens = mails.map((s) => ({ ...s, token: randomBytes(32).toString("base64url") }));
  await tx.insert(subscriberTokens).values(
    tokens.map(({ id, token }) => ({
      tokenHash: tokenHash(token),
      subscriberId: id,
      expiresAt: sql`now() + make_interval(hours => ${CONFIRMATION_TTL_HOURS})`,
    })),
  );
  await enqueue(
    tx,
    tokens.map(({ email, token }) => ({
      kind: "email" as const,
      target: email,
      event: "subscriber.confirmation",
      payload: confirmationMail(token, key),
      leadEmail: email,
    })),
  );
  return mails.length;
}

export type ConfirmResult = "confirmed" | "invalid";

/**
 * Follows a confirmation link: the token is used up (deleted) whatever the outcome, and a pending subscriber
 * becomes confirmed. An unknown, used or expired token is "invalid".
 */
export async function confirmSubscription(token: string): Promise<ConfirmResult> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return "invalid";
  return db().transaction(async (tx) => {
    const [used] = await tx
      .delete(subscriberTokens)
      .where(eq(subscriberTokens.tokenHash, tokenHash(token)))
      .returning({ subscriberId: subscriberTokens.subscriberId, expiresAt: subscriberTokens.expiresAt });
    if (!used || used.expiresAt.getTime() <= Date.now()) return "invalid";
    const [row] = await setSubscription(
      tx,
      and(eq(subscribers.id, used.subscriberId), eq(subscribers.subscription, "pending")),
      "confirmed",
      "confirmed",
    );
    await tx.delete(subscriberTokens).where(eq(subscriberTokens.subscriberId, used.subscriberId));
    return row ? "confirmed" : "invalid";
  });
}

/** Sign-ups pending for more than PENDING_RETENTION_DAYS, and expired links, are deleted (the pruning job). */
export async function prunePendingSubscribers(): Promise<number> {
  await db().delete(subscriberTokens).where(lt(subscriberTokens.expiresAt, sql`now()`));
  const gone = await db()
    .delete(subscribers)
    .where(
      and(
        eq(subscribers.subscription, "pending"),
        lt(subscribers.subscriptionChangedAt, sql`now() - make_interval(days => ${PENDING_RETENTION_DAYS})`),
      ),
    )
    .returning({ id: subscribers.id });
  return gone.length;
}

/** Sets an address's consent status from outside a send (a provider's bounce or complaint notice). */
export async function markSubscription(
  email: string,
  status: Extract<SubscriptionStatus, "bounced" | "complained" | "unsubscribed">,
): Promise<boolean> {
  const rows = await db().transaction((tx) =>
    setSubscription(tx, eq(subscribers.email, email.trim().toLowerCase()), status, status),
  );
  return rows.length > 0;
}

/**
 * A mail provider's verified notices: a permanent bounce suppresses a pending or confirmed address (and marks its
 * latest message of the past week bounced, for that send's results); a complaint suppresses any address.
 * Returns how many subscribers changed.
 */
export async function applyProviderNotices(
  notices: { email: string; kind: "bounced" | "complained" }[],
): Promise<number> {
  let changed = 0;
  await db().transaction(async (tx) => {
    for (const { email, kind } of notices) {
      const address = email.trim().toLowerCase();
      const from =
        kind === "bounced"
          ? (["pending", "confirmed"] as const)
          : (["pending", "confirmed", "unsubscribed", "bounced"] as const);
      const rows = await setSubscription(
        tx,
        and(eq(subscribers.email, address), inArray(subscribers.subscription, [...from])),
        kind,
        kind,
      );
      changed += rows.length;
      if (kind === "bounced") {
        await tx.execute(sql`
          update ${newsletterRecipients} set status = 'bounced'
          where id = (select id from ${newsletterRecipients} where email = ${address} and status = 'sent'
            and sent_at > now() - interval '7 days' order by sent_at desc limit 1)`);
      }
    }
  });
  return changed;
}

// --- suppression list (admin) ------------------------------------------------------------------------------

export interface SuppressedRow {
  id: string;
  email: string;
  subscription: SubscriptionStatus;
  changedAt: Date;
}

/** Addresses never sent to: unsubscribed, bounced, complained; newest first. */
export function listSuppressed(limit = 200): Promise<SuppressedRow[]> {
  return db()
    .select({
      id: subscribers.id,
      email: subscribers.email,
      subscription: subscribers.subscription,
      changedAt: subscribers.subscriptionChangedAt,
    })
    .from(subscribers)
    .where(inArray(subscribers.subscription, [...SUPPRESSED_STATUSES]))
    .orderBy(desc(subscribers.subscriptionChangedAt))
    .limit(limit);
}

/**
 * Lifts a suppression: the address is confirmed again and will receive the next newsletters. The administrator
 * answers for the consent (the confirmation dialog says so); audited.
 */
export async function liftSuppression(id: string, who: AuditContext): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ subscription: subscribers.subscription, email: subscribers.email })
      .from(subscribers)
      .where(and(eq(subscribers.id, id), inArray(subscribers.subscription, [...SUPPRESSED_STATUSES])))
      .for("update");
    if (!before) return false;
    await setSubscription(tx, eq(subscribers.id, id), "confirmed", "suppression_lifted");
    await recordAuditIn(tx, {
      ...who,
      action: "subscriber.suppression_lifted",
      entity: "subscriber",
      entityId: id,
      details: { was: before.subscription },
    });
    return true;
  });
}

/** Saves the newsletter's settings (the Newsletters screen); audited with what changed. */
export async function saveNewsletterSettings(values: NewsletterSettings, who: AuditContext): Promise<void> {
  await db().transaction(async (tx) => {
    const before = await readNewsletterSettings(tx);
    for (const key of NEWSLETTER_SETTING_KEYS) {
      const value = String(values[key]);
      await tx
        .insert(websiteSettings)
        .values({ settingKey: key, settingValue: value, settingType: "boolean" })
        .onConflictDoUpdate({
          target: websiteSettings.settingKey,
          set: { settingValue: value, settingType: "boolean", updatedAt: sql`now()` },
        });
    }
    await recordAuditIn(tx, {
      ...who,
      action: "newsletter.settings",
      entity: "settings",
      details: { before, after: values },
    });
  });
}

export type HandUnsubscribe = "unsubscribed" | "already" | "unknown";

/**
 * Unsubscribes an address by hand: what the team does with the mails List-Unsubscribe's mailto sends to the sender
 * address (their subject names the address). A pending or confirmed address becomes unsubscribed (audited); a
 * suppressed one stays as it is ("already"); an address nobody signed up with is "unknown".
 */
export async function unsubscribeByHand(email: string, who: AuditContext): Promise<HandUnsubscribe> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: subscribers.id, subscription: subscribers.subscription })
      .from(subscribers)
      .where(eq(subscribers.email, email.trim().toLowerCase()))
      .for("update");
    if (!row) return "unknown";
    if (row.subscription !== "pending" && row.subscription !== "confirmed") return "already";
    await setSubscription(tx, eq(subscribers.id, row.id), "unsubscribed", "unsubscribed");
    await recordAuditIn(tx, {
      ...who,
      action: "subscriber.unsubscribed_by_hand",
      entity: "subscriber",
      entityId: row.id,
      details: { was: row.subscription },
    });
    return "unsubscribed";
  });
}

// "Lead notifications": who gets an e-mail when a lead arrives, for which kinds, and the optional auto-reply to
// the visitor. The settings are one JSON value in app_meta (read in the lead's transaction); the mails are
// outbox rows written with the lead, one per recipient, and only when SMTP_URL is set.
//
// The auto-reply goes to an address the visitor typed, unconfirmed, so it must not become a way to send the
// site's mail to anyone, any number of times: one per mailbox per day, none to a suppressed address (see
// docs/product.md, "Lead notifications"). The lead itself and its alerts never depend on it.
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { type Database, db } from "~/db/client.server";
import { appMeta, outbox } from "~/db/schema";
import { env } from "~/env.server";
import { mailConfigured } from "~/infra/mail.server";
import { hitRateLimits } from "~/infra/rate-limit.server";
import { type LeadForm, personHref } from "~/lib/lead-status";
import type { LeadNotificationSettings } from "~/lib/notification-settings";
import { type AuditContext, auditAs } from "~/models/audit.server";
import type { OutboxEntry, Writer } from "~/models/outbox.server";

const KEY = "lead_notifications";

export function defaultNotificationSettings(): LeadNotificationSettings {
  return {
    recipients: [env().adminEmail],
    kinds: { contact: true, lead: true, newsletter: true },
    autoReply: {
      enabled: false,
      subject: "Thanks for getting in touch",
      text: "Thank you for your message. We have received it and will get back to you shortly.",
    },
    roundRobin: { enabled: false, members: [] },
  };
}

export async function getNotificationSettings(writer: Writer = db()): Promise<LeadNotificationSettings> {
  const [row] = await writer.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  const defaults = defaultNotificationSettings();
  if (!row) return defaults;
  try {
    const saved = JSON.parse(row.value) as Partial<LeadNotificationSettings>;
    return {
      recipients: saved.recipients ?? defaults.recipients,
      kinds: { ...defaults.kinds, ...saved.kinds },
      autoReply: { ...defaults.autoReply, ...saved.autoReply },
      roundRobin: {
        enabled: saved.roundRobin?.enabled === true,
        members: Array.isArray(saved.roundRobin?.members) ? saved.roundRobin.members : [],
      },
    };
  } catch {
    return defaults;
  }
}

export async function saveNotificationSettings(settings: LeadNotificationSettings, who: AuditContext) {
  const value = JSON.stringify(settings);
  await db()
    .insert(appMeta)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
  await auditAs(who, {
    action: "notifications.save",
    entity: "app_meta",
    entityId: KEY,
    details: {
      recipients: settings.recipients.length,
      kinds: settings.kinds,
      autoReply: settings.autoReply.enabled,
      roundRobin: settings.roundRobin?.enabled ? settings.roundRobin.members.length : 0,
    },
  });
}

/** What an alert is about: a lead from one of the site's own forms, or a submission of a form the team built. */
export type AlertKind = LeadForm | "form";

const KIND_LABEL: Record<AlertKind, string> = {
  contact: "Contact request",
  lead: "Demo / dialog lead",
  newsletter: "Newsletter sign-up",
  form: "Form submission",
};

/** What a lead is, as the alert and the webhook tell it. */
export interface LeadFacts {
  kind: AlertKind;
  id: string | null;
  email: string;
  name?: string | null;
  organization?: string | null;
  topic?: string | null;
  message?: string | null;
  sourcePage: string | null;
  sourceSection: string | null;
  landingPage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The member the lead is assigned to: they get its alert too. */
  assigneeEmail?: string | null;
}

/** Where the admin sees this person's leads. */
export function adminLeadLink(email: string): string {
  return `${env().baseUrl}${personHref(email)}`;
}

export function alertMail(lead: LeadFacts): { subject: string; text: string } {
  const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email;
  const campaign = [lead.utmCampaign, lead.utmSource, lead.utmMedium].filter(Boolean).join(" / ");
  const lines = [
    `${KIND_LABEL[lead.kind]} from ${who}`,
    "",
    lead.organization ? `Organization: ${lead.organization}` : null,
    lead.topic ? `Topic: ${lead.topic}` : null,
    lead.message ? `Message:\n${lead.message}\n` : null,
    `Page: ${lead.sourcePage ?? "unknown"}${lead.sourceSection ? ` (${lead.sourceSection})` : ""}`,
    campaign ? `Campaign: ${campaign}` : null,
    lead.landingPage ? `First page visited: ${lead.landingPage}` : null,
    lead.referrer ? `Referrer: ${lead.referrer}` : null,
    "",
    `Open in the admin: ${adminLeadLink(lead.email)}`,
  ];
  return {
    subject: `New ${KIND_LABEL[lead.kind].toLowerCase()}: ${lead.name || lead.email}`,
    text: lines.filter((line) => line !== null).join("\n"),
  };
}

/** The settings the leads of one transaction are alerted by; null without SMTP_URL (no mail is queued). */
export async function leadMailSettings(writer: Writer): Promise<LeadNotificationSettings | null> {
  return mailConfigured() ? getNotificationSettings(writer) : null;
}

/**
 * The alert rows of one lead, one per recipient: the settings' recipients when its kind alerts, and its assignee
 * (always: the lead is theirs to work) unless already among them.
 */
function alertEntries(settings: LeadNotificationSettings, lead: LeadFacts): OutboxEntry[] {
  // A built form routes its own submissions; the settings' kinds are the site's own forms.
  const recipients = lead.kind !== "form" && settings.kinds[lead.kind] ? [...settings.recipients] : [];
  const assignee = lead.assigneeEmail?.toLowerCase();
  if (assignee && !recipients.some((to) => to.toLowerCase() === assignee)) recipients.push(assignee);
  if (!recipients.length) return [];
  const { assigneeEmail: _, ...facts } = lead;
  const mail = alertMail(facts);
  const leadEmail = lead.email.toLowerCase();
  return recipients.map((to) => ({
    kind: "email" as const,
    target: to,
    event: "lead.alert",
    payload: mail,
    leadEmail,
  }));
}

/**
 * The mailbox an address reaches, as the auto-reply counts it: trimmed, lower-cased, and without a "+tag" in the
 * local part ("Ann+1@Example.com" and "ann@example.com" are one inbox at the providers that use tags).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  const local = address.slice(0, at).replace(/\+.*$/, "");
  return `${local || address.slice(0, at)}${address.slice(at)}`;
}

/** An address gets at most one auto-reply per this window (counted in rate_limits, so every instance agrees). */
export const AUTO_REPLY_WINDOW_SECONDS = 24 * 3_600;

/** The e-mail address inside a "Name <address>" sender. */
function addressIn(sender: string): string {
  return (/<([^>]+)>/.exec(sender)?.[1] ?? sender).trim().toLowerCase();
}

/**
 * The candidates' addresses that get no auto-reply: the site's own (the sender, the administrator, the alert
 * recipients: a reply to itself could loop between two auto-responders) and those an earlier auto-reply could not
 * be delivered to (the outbox row failed: the mail server refused it for a day of retries).
 */
async function suppressedAddresses(
  writer: Pick<Database, "selectDistinct">,
  recipients: string[],
  addresses: string[],
): Promise<Set<string>> {
  const own = [env().mailFrom, env().adminEmail, ...recipients].map((a) => mailboxOf(addressIn(a)));
  const suppressed = new Set(addresses.filter((address) => own.includes(mailboxOf(address))));
  const rest = addresses.filter((address) => !suppressed.has(address));
  if (rest.length) {
    const failed = await writer
      .selectDistinct({ email: outbox.leadEmail })
      .from(outbox)
      .where(
        and(
          eq(outbox.event, "lead.auto_reply"),
          eq(outbox.status, "failed"),
          inArray(outbox.leadEmail, rest),
        ),
      );
    for (const row of failed) if (row.email) suppressed.add(row.email);
  }
  return suppressed;
}

/**
 * The mail rows of a batch of leads, in the batch's transaction: for each lead (in order) its alerts and, when the
 * auto-reply is on, the auto-reply, unless its address is suppressed or its mailbox already got one in the last
 * day (this batch included). None without mail settings. The day is counted in rate_limits under a hash of the
 * mailbox, so instances sharing the database count together and no address is kept there.
 */
export async function notificationEntries(
  writer: Pick<Database, "selectDistinct" | "execute">,
  settings: LeadNotificationSettings | null,
  leads: LeadFacts[],
): Promise<OutboxEntry[][]> {
  if (!settings) return leads.map(() => []);
  const entries = leads.map((lead) => alertEntries(settings, lead));
  if (!settings.autoReply.enabled) return entries;
  const candidates = leads.flatMap((lead, i) => (lead.kind === "newsletter" ? [] : [{ lead, i }]));
  const { subject, text } = settings.autoReply;
  const replies = await replyEntries(
    writer,
    settings.recipients,
    candidates.map(({ lead }) => ({ email: lead.email, subject, text })),
  );
  for (const [n, { i }] of candidates.entries()) {
    const reply = replies[n];
    if (reply) entries[i]?.push(reply);
  }
  return entries;
}

/**
 * The auto-reply rows of `replies` (in order; null where none goes): none to the site's own addresses (the sender,
 * the administrator, `recipients`), to an address an earlier auto-reply could not be delivered to, or to a mailbox
 * that already got one in the last day (these replies included). The day is counted in rate_limits under a hash of
 * the mailbox, so instances sharing the database count together and no address is kept there. Used by the site's
 * auto-reply and by built forms' confirmations, which share the one-a-day limit. A reply's `alerted` are the
 * recipients of its own lead's alert (a built form's, which vary from one submission to the next): none to them
 * either.
 */
export async function replyEntries(
  writer: Pick<Database, "selectDistinct" | "execute">,
  recipients: string[],
  replies: { email: string; subject: string; text: string; alerted?: string[] }[],
): Promise<(OutboxEntry | null)[]> {
  if (!replies.length) return [];
  const suppressed = await suppressedAddresses(writer, recipients, [
    ...new Set(replies.map((r) => r.email.toLowerCase())),
  ]);
  const alertedOwn = (reply: (typeof replies)[number]) =>
    (reply.alerted ?? []).some((a) => mailboxOf(addressIn(a)) === mailboxOf(reply.email.toLowerCase()));
  const allowed = replies.flatMap((reply, i) =>
    suppressed.has(reply.email.toLowerCase()) || alertedOwn(reply) ? [] : [{ reply, i }],
  );
  const verdicts = await hitRateLimits(
    writer,
    allowed.map(({ reply }) => ({
      key: `auto-reply:${createHash("sha256").update(mailboxOf(reply.email)).digest("base64url")}`,
      limit: 1,
      windowSeconds: AUTO_REPLY_WINDOW_SECONDS,
      fixed: true,
    })),
  );
  const result: (OutboxEntry | null)[] = replies.map(() => null);
  for (const [n, { reply, i }] of allowed.entries()) {
    if (!verdicts[n]?.ok) continue;
    result[i] = {
      kind: "email",
      target: reply.email,
      event: "lead.auto_reply",
      payload: { subject: reply.subject, text: reply.text },
      leadEmail: reply.email.toLowerCase(),
    };
  }
  return result;
}

// "Lead notifications": who gets an e-mail when a lead arrives, for which kinds, and the optional auto-reply to
// the visitor. The settings are one JSON value in app_meta (read in the lead's transaction); the mails are
// outbox rows written with the lead, one per recipient, and only when SMTP_URL is set.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import { env } from "~/env.server";
import { personHref } from "~/lib/lead-status";
import { mailConfigured } from "~/lib/mail.server";
import type { LeadNotificationSettings } from "~/lib/notification-settings";
import { type AuditContext, auditAs } from "~/models/audit.server";
import type { OutboxEntry, Writer } from "~/models/outbox.server";

const KEY = "lead_notifications";

export type LeadKind = "contact" | "lead" | "newsletter";

export function defaultNotificationSettings(): LeadNotificationSettings {
  return {
    recipients: [env().adminEmail],
    kinds: { contact: true, lead: true, newsletter: true },
    autoReply: {
      enabled: false,
      subject: "Thanks for getting in touch",
      text: "Thank you for your message. We have received it and will get back to you shortly.",
    },
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
    },
  });
}

const KIND_LABEL: Record<LeadKind, string> = {
  contact: "Contact request",
  lead: "Demo / dialog lead",
  newsletter: "Newsletter sign-up",
};

/** What a lead is, as the alert and the webhook tell it. */
export interface LeadFacts {
  kind: LeadKind;
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

/** The alert rows (one per recipient) and the auto-reply row of one lead; none without mail settings. */
export function notificationEntries(
  settings: LeadNotificationSettings | null,
  lead: LeadFacts,
): OutboxEntry[] {
  if (!settings) return [];
  const leadEmail = lead.email.toLowerCase();
  const entries: OutboxEntry[] = [];
  if (settings.kinds[lead.kind]) {
    const mail = alertMail(lead);
    for (const to of settings.recipients) {
      entries.push({ kind: "email", target: to, event: "lead.alert", payload: mail, leadEmail });
    }
  }
  if (settings.autoReply.enabled && lead.kind !== "newsletter") {
    const { subject, text } = settings.autoReply;
    entries.push({
      kind: "email",
      target: lead.email,
      event: "lead.auto_reply",
      payload: { subject, text },
      leadEmail,
    });
  }
  return entries;
}

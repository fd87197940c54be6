// The "Lead notifications" and webhook endpoint forms: their shape and rules, shared by the admin page's action
// (parseForm) and its components (types only).
import { z } from "zod";

export const WEBHOOK_EVENTS = [
  "lead.created",
  "subscriber.created",
  "content.published",
  "content.unpublished",
  "page.published",
  "page.unpublished",
  "form.submitted",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface LeadNotificationSettings {
  recipients: string[];
  kinds: { contact: boolean; lead: boolean; newsletter: boolean };
  autoReply: { enabled: boolean; subject: string; text: string };
  /** New contact and demo leads handed out in turn among these members (auth user ids), when enabled. */
  roundRobin?: { enabled: boolean; members: string[] };
}

/** The form field of one member's round-robin checkbox: one name per member, so a refused form keeps each. */
export const ROUND_ROBIN_FIELD = "round_robin_member:";

/** The member ids ticked in a submitted notifications form. */
export function roundRobinMembersOf(values: Record<string, string>): string[] {
  return Object.entries(values)
    .filter(([name, value]) => name.startsWith(ROUND_ROBIN_FIELD) && value === "on")
    .map(([name]) => name.slice(ROUND_ROBIN_FIELD.length));
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

export const notificationSettingsSchema = z
  .object({
    recipients: z
      .string()
      .transform((v) =>
        v
          .split(/[\s,;]+/)
          .map((r) => r.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.email({ message: "Enter e-mail addresses separated by commas" }))
          .min(1, "Enter at least one recipient")
          .max(20, "Up to 20 recipients"),
      ),
    kind_contact: checkbox,
    kind_lead: checkbox,
    kind_newsletter: checkbox,
    auto_reply: checkbox,
    round_robin: checkbox,
    auto_reply_subject: z.string().trim().max(200, "Keep the subject under 200 characters"),
    auto_reply_text: z.string().trim().max(5000, "Keep the text under 5000 characters"),
  })
  .superRefine((v, ctx) => {
    if (v.auto_reply && !v.auto_reply_subject) {
      ctx.addIssue({
        code: "custom",
        path: ["auto_reply_subject"],
        message: "Enter a subject for the auto-reply",
      });
    }
    if (v.auto_reply && !v.auto_reply_text) {
      ctx.addIssue({
        code: "custom",
        path: ["auto_reply_text"],
        message: "Enter the text of the auto-reply",
      });
    }
  })
  .transform(
    (v): LeadNotificationSettings => ({
      recipients: [...new Set(v.recipients)],
      kinds: { contact: v.kind_contact, lead: v.kind_lead, newsletter: v.kind_newsletter },
      autoReply: { enabled: v.auto_reply, subject: v.auto_reply_subject, text: v.auto_reply_text },
      // The members come from their own fields (roundRobinMembersOf); the action checks them against the team.
      roundRobin: { enabled: v.round_robin, members: [] },
    }),
  );

export const webhookEndpointSchema = z.object({
  url: z.string().trim().min(1, "Enter the endpoint URL").max(2000, "The URL is too long"),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, "Choose at least one event"),
});

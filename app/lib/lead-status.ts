// The lead status workflow, shared by every kind of lead (contact requests, demo/dialog leads, subscribers, built
// forms' submissions).
// Browser-safe: the schema, the models and the inbox's status selects all read the list from here.
export const LEAD_STATUSES = ["new", "contacted", "qualified", "closed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

/**
 * The kinds of lead the inbox lists; each is its own table (not the form a lead came from: `LeadForm`). "form": a
 * submission of a form the team built.
 */
export const LEAD_KINDS = ["contact", "submission", "subscriber", "form"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export function isLeadKind(value: unknown): value is LeadKind {
  return typeof value === "string" && (LEAD_KINDS as readonly string[]).includes(value);
}

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  contact: "Contact request",
  submission: "Demo or dialog lead",
  subscriber: "Newsletter subscriber",
  form: "Form submission",
};

/** The public forms a submission comes from (contact page, contact/demo dialog, footer newsletter). */
export const LEAD_FORMS = ["contact", "lead", "newsletter"] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

/** Why a submission was held as suspected spam instead of stored as a lead. */
export const SPAM_REASONS = ["honeypot", "too-fast"] as const;
/** A built form's submission may also be held because its captcha could not be checked (the provider was away). */
export const FORM_SPAM_REASONS = [...SPAM_REASONS, "captcha-unchecked"] as const;
export type SpamReason = (typeof FORM_SPAM_REASONS)[number];

/** One held submission as the Spam view lists it. */
export interface HeldSubmission {
  id: string;
  /** "form": a submission of a form the team built (its row waits in form_responses). */
  kind: LeadForm | "form";
  /** A built form's name. */
  formName?: string;
  email: string;
  name: string | null;
  message: string | null;
  reason: SpamReason;
  /** For "too-fast": the milliseconds the browser measured. */
  elapsedMs: number | null;
  createdAt: Date | string;
}

/** The admin's person view of an e-mail address (every lead with it, any case): used by the inbox and alert mails. */
export function personHref(email: string): string {
  return `/admin/contacts/person/${encodeURIComponent(email.trim().toLowerCase())}`;
}

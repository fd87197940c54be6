// The rules of every public write (contact page, contact/demo dialog, footer newsletter), kept as plain data so
// the browser can check a form before sending without shipping a schema library to public pages (checkForm). The
// server builds its zod schemas from the same rules (lead-schema.server.ts) and checks again what it received:
// it stays the authority, and both agree on every message.
import type { FieldErrors } from "./forms";

export const CONTACT_MAX = { name: 100, email: 255, organization: 100, message: 1000 } as const;

export const INTEREST_OPTIONS = [
  { value: "ai-revenue-generation", label: "AI Revenue Generation" },
  { value: "sales-automation", label: "Sales Automation" },
  { value: "customer-service-ai", label: "Customer Service AI" },
  { value: "marketing-analytics", label: "Marketing Analytics" },
  { value: "custom-ai-solutions", label: "Custom AI Solutions" },
  { value: "consulting", label: "Consulting" },
  { value: "training", label: "Training" },
  { value: "other", label: "Other" },
] as const;

const INTERESTS = INTEREST_OPTIONS.map((o) => o.value) as [string, ...string[]];

/**
 * The visitor-facing messages, verbatim as listed in docs/product.md (Contact form, Contact and demo dialog,
 * Newsletter): the errors, which the forms' code shows.
 */
export const MESSAGES = {
  required: "Please fill in all required fields",
  email: "Please enter a valid email address",
  messageTooLong: "Message is too long (max 1000 characters)",
  contactFailure: "Failed to submit your message. Please try again.",
  dialogFailureTitle: "Error",
  dialogFailure: "Something went wrong. Please try again.",
} as const;

/** The honeypot: a field people never see or fill; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "contact_me_by_fax";
/** Milliseconds between the form becoming interactive and its submission, measured in the browser (time trap). */
export const ELAPSED_FIELD = "form_elapsed_ms";

/** Removes script elements (with their content) and stray script tags, NUL characters, then trims. */
export function cleanText(value: unknown): string {
  if (typeof value !== "string") return "";
  return value
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<\/?script\b[^>]*>/gi, "")
    .replaceAll(String.fromCharCode(0), "")
    .trim();
}

// A simple address pattern (docs/product.md, Contact form): something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What one text field must satisfy once cleaned (cleanText). A field breaking several rules reports the first, in
 * this order: required, max, email, oneOf.
 */
export interface FieldRule {
  /** The message when the field is empty; without it the field is optional (empty or missing gives ""). */
  required?: string;
  max?: { length: number; message: string };
  /** Must match EMAIL_PATTERN (message MESSAGES.email). */
  email?: true;
  oneOf?: { values: readonly string[]; message: string };
}

export type FieldRules = Record<string, FieldRule>;

const email = (required: string): FieldRule => ({
  required,
  max: { length: CONTACT_MAX.email, message: "Email is too long (max 255 characters)" },
  email: true,
});

/** Where the form was sent from (the server adds the first-visit attribution from its cookie). */
const SOURCE_FIELDS = {
  source_page: { max: { length: 500, message: "Source page is too long" } },
  source_section: { max: { length: 100, message: "Source section is too long" } },
} satisfies FieldRules;

export const CONTACT_FIELDS = {
  name: {
    required: MESSAGES.required,
    max: { length: CONTACT_MAX.name, message: "Name is too long (max 100 characters)" },
  },
  email: email(MESSAGES.required),
  organization: {
    max: { length: CONTACT_MAX.organization, message: "Organization is too long (max 100 characters)" },
  },
  interest: {
    required: MESSAGES.required,
    oneOf: { values: INTERESTS, message: "Please choose an interest from the list" },
  },
  message: {
    required: MESSAGES.required,
    max: { length: CONTACT_MAX.message, message: MESSAGES.messageTooLong },
  },
  ...SOURCE_FIELDS,
} satisfies FieldRules;

/** Contact dialog and demo request: only the email is required (docs/product.md, Contact and demo dialog). */
export const LEAD_FIELDS = {
  name: { max: { length: CONTACT_MAX.name, message: "Name is too long (max 100 characters)" } },
  email: email(MESSAGES.email),
  message: { max: { length: CONTACT_MAX.message, message: MESSAGES.messageTooLong } },
  purpose: { max: { length: 50, message: "Purpose is too long" } },
  ...SOURCE_FIELDS,
} satisfies FieldRules;

export const NEWSLETTER_FIELDS = { email: email(MESSAGES.email), ...SOURCE_FIELDS } satisfies FieldRules;

type ParseResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** The message of the first rule a cleaned value breaks (in FieldRule's order), or undefined when it passes. */
function fieldError(rule: FieldRule, value: string): string | undefined {
  if (rule.required !== undefined && value.length < 1) return rule.required;
  if (rule.max && value.length > rule.max.length) return rule.max.message;
  if (rule.email && !EMAIL_PATTERN.test(value)) return MESSAGES.email;
  if (rule.oneOf && !rule.oneOf.values.includes(value)) return rule.oneOf.message;
  return undefined;
}

/**
 * The browser's check before sending: the cleaned values, or the first message per field in the order the server
 * reports them (its zod schemas are built from the same rules). The honeypot is not a rule: any string passes.
 */
export function checkForm(
  fields: FieldRules,
  values: Record<string, unknown>,
): ParseResult<Record<string, string>> {
  const data: Record<string, string> = {};
  const errors: FieldErrors = {};
  for (const [name, rule] of Object.entries(fields)) {
    const value = cleanText(values[name]);
    const message = fieldError(rule, value);
    if (message) errors[name] = message;
    else data[name] = value;
  }
  return Object.keys(errors).length ? { ok: false, fieldErrors: errors } : { ok: true, data };
}

// The one form contract (forms.ts) serves the public forms too; re-exported so their imports stay in one place.
export { type FieldErrors, formValues } from "./forms";

/** The subject of a lead submission (docs/product.md, Contact and demo dialog). */
export function leadSubject(sourceSection: string | null | undefined): string {
  return `Lead from ${sourceSection?.trim() ? sourceSection.trim() : "website"}`;
}

/** What a lead endpoint answers: success with a toast, or failure with field errors and the input kept. */
export interface LeadResponse {
  ok: boolean;
  toast?: { type: "success" | "error"; message: string; title?: string };
  errors?: FieldErrors;
  values?: Record<string, string>;
}

/** First-visit attribution cookie (set by a small script in the document head, read by the server). */
export const ATTRIBUTION_COOKIE = "lead_attr";
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** Where a lead came from, as stored with it (first-visit cookie and the form's own source fields). */
export interface Attribution {
  sourcePage: string | null;
  sourceSection: string | null;
  referrer: string | null;
  landingPage: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
}

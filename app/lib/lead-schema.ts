// The zod schemas of every public write (contact page, contact/demo dialog, footer newsletter). The browser runs
// them before sending and the server runs them again on what it received, so both agree on every message.
import { z } from "zod";

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

export const INTERESTS = INTEREST_OPTIONS.map((o) => o.value) as [string, ...string[]];

/** Messages of SPEC.md §5 and §8, verbatim. */
export const MESSAGES = {
  required: "Please fill in all required fields",
  email: "Please enter a valid email address",
  messageTooLong: "Message is too long (max 1000 characters)",
  contactSuccess: "Thank you for your message! We'll get back to you soon.",
  contactFailure: "Failed to submit your message. Please try again.",
  dialogSuccessTitle: "Thank you!",
  dialogSuccess: "We'll be in touch soon.",
  dialogFailureTitle: "Error",
  dialogFailure: "Something went wrong. Please try again.",
  newsletterSuccess: "You're subscribed! Watch your inbox for our next update.",
} as const;

/** The honeypot: a field people never see or fill; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "contact_me_by_fax";

/** Removes script elements (with their content) and stray script tags, NUL characters, then trims. */
export function cleanText(value: unknown): string {
  if (typeof value !== "string") return "";
  return value
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<\/?script\b[^>]*>/gi, "")
    .replaceAll(String.fromCharCode(0), "")
    .trim();
}

// A simple address pattern (SPEC.md §5): something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = () => z.preprocess(cleanText, z.string());
const requiredText = (max: number, tooLong: string) =>
  text().pipe(z.string().min(1, MESSAGES.required).max(max, tooLong));
const optionalText = (max: number, tooLong: string) =>
  text().pipe(z.string().max(max, tooLong)).optional().default("");
const email = (required: string) =>
  text().pipe(
    z
      .string()
      .min(1, required)
      .max(CONTACT_MAX.email, "Email is too long (max 255 characters)")
      .regex(EMAIL_PATTERN, MESSAGES.email),
  );

const honeypot = { [HONEYPOT_FIELD]: z.string().optional() };

/** Where the form was sent from (the server adds the first-visit attribution from its cookie). */
const sourceFields = {
  source_page: optionalText(500, "Source page is too long"),
  source_section: optionalText(100, "Source section is too long"),
};

export const contactSchema = z.object({
  name: requiredText(CONTACT_MAX.name, "Name is too long (max 100 characters)"),
  email: email(MESSAGES.required),
  organization: optionalText(CONTACT_MAX.organization, "Organization is too long (max 100 characters)"),
  interest: text().pipe(
    z
      .string()
      .min(1, MESSAGES.required)
      .refine((v) => INTERESTS.includes(v), "Please choose an interest from the list"),
  ),
  message: requiredText(CONTACT_MAX.message, MESSAGES.messageTooLong),
  ...sourceFields,
  ...honeypot,
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Contact dialog and demo request: only the email is required (SPEC.md §5). */
export const leadSchema = z.object({
  name: optionalText(CONTACT_MAX.name, "Name is too long (max 100 characters)"),
  email: email(MESSAGES.email),
  message: optionalText(CONTACT_MAX.message, MESSAGES.messageTooLong),
  purpose: optionalText(50, "Purpose is too long"),
  ...sourceFields,
  ...honeypot,
});
export type LeadInput = z.infer<typeof leadSchema>;

export const newsletterSchema = z.object({
  email: email(MESSAGES.email),
  ...sourceFields,
  ...honeypot,
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

export type FieldErrors = Record<string, string>;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Runs a schema on form values and keeps the first message per field. */
export function parseForm<T>(schema: z.ZodType<T>, values: Record<string, unknown>): ParseResult<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Plain string values of a FormData (files ignored). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  return values;
}

/** The subject of a lead submission (SPEC.md §3). */
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

// The server's zod schemas of every public write, built from the field rules the browser checks too
// (lead-schema.ts). Server-only, so zod stays out of the public pages' JavaScript; the server is the authority.
import { z } from "zod";
import {
  CONTACT_FIELDS,
  cleanText,
  EMAIL_PATTERN,
  type FieldRule,
  type FieldRules,
  HONEYPOT_FIELD,
  LEAD_FIELDS,
  MESSAGES,
  NEWSLETTER_FIELDS,
} from "~/lib/lead-schema";
import { safeText } from "~/lib/safe-text";

/** A cleaned text field, safe for the database: zod's own checks, in FieldRule's order; optional fields default to "". */
function fieldSchema(rule: FieldRule) {
  let checked = z.string();
  if (rule.required !== undefined) checked = checked.min(1, rule.required);
  if (rule.max) checked = checked.max(rule.max.length, rule.max.message);
  if (rule.email) checked = checked.regex(EMAIL_PATTERN, MESSAGES.email);
  const oneOf = rule.oneOf;
  // cleanText as the browser applies it, then the text boundary (lone surrogates too): every field is stored.
  const cleaned = z
    .preprocess((value) => safeText(cleanText(value)), z.string())
    .pipe(oneOf ? checked.refine((v) => oneOf.values.includes(v), oneOf.message) : checked);
  return rule.required === undefined ? cleaned.optional().default("") : cleaned;
}

/** What a schema gives: every field as a cleaned string, and the honeypot as sent. */
type FormInput<F extends FieldRules> = { [K in keyof F]: string } & { [HONEYPOT_FIELD]?: string };

function formSchema<F extends FieldRules>(fields: F): z.ZodType<FormInput<F>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, rule] of Object.entries(fields)) shape[name] = fieldSchema(rule);
  return z.object({ ...shape, [HONEYPOT_FIELD]: z.string().optional() }) as unknown as z.ZodType<
    FormInput<F>
  >;
}

export const contactSchema = formSchema(CONTACT_FIELDS);
export type ContactInput = FormInput<typeof CONTACT_FIELDS>;

/** Contact dialog and demo request: only the email is required (docs/product.md, Contact and demo dialog). */
export const leadSchema = formSchema(LEAD_FIELDS);
export type LeadInput = FormInput<typeof LEAD_FIELDS>;

export const newsletterSchema = formSchema(NEWSLETTER_FIELDS);
export type NewsletterInput = FormInput<typeof NEWSLETTER_FIELDS>;

/** Each form's schema by its kind. */
export const LEAD_SCHEMAS = {
  contact: contactSchema,
  lead: leadSchema,
  newsletter: newsletterSchema,
} as const;

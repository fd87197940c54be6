// The site's own forms as the Forms screen lists them (docs/product.md, Forms): the contact form, the contact and demo
// dialog and the newsletter sign-up. Their fields, checks, messages and where their submissions go are the product's
// (lead-schema.ts); their texts — heading, each field's label, help and placeholder, the button, the success message —
// are the team's to change. Each text has its default (what the site says until someone changes it), a length limit,
// and whether it may be empty. Texts are kept and compared flat, by key ("name.label"), the shape a revision keeps.
// Browser-safe; public components import only its types, so the landing page's JavaScript carries none of it.
import type { FieldErrors } from "./forms";
import type { RevisionField } from "./revision-fields";
import { safeText } from "./safe-text";

/**
 * The success messages, verbatim as docs/product.md lists them: the defaults of texts the team may change, which
 * reach the browser as page data. Kept here rather than beside the error messages in lead-schema.ts, whose chunk the
 * landing page loads, so that no public page's code carries them.
 */
export const SUCCESS_MESSAGES = {
  contactSuccess: "Thank you for your message! We'll get back to you soon.",
  dialogSuccessTitle: "Thank you!",
  dialogSuccess: "We'll be in touch soon.",
  newsletterSuccess: "You're subscribed! Watch your inbox for our next update.",
} as const;

export const BUILTIN_FORM_KEYS = ["contact", "dialog", "newsletter"] as const;
export type BuiltinFormKey = (typeof BUILTIN_FORM_KEYS)[number];

export const isBuiltinFormKey = (value: unknown): value is BuiltinFormKey =>
  (BUILTIN_FORM_KEYS as readonly unknown[]).includes(value);

/** One editable text of a built-in form. */
export interface BuiltinText {
  key: string;
  /** What the editor calls it, within its group ("Label", "Help text"). */
  label: string;
  /** The group it is shown in ("Name field", "Button and success"). */
  group: string;
  default: string;
  max: number;
  /** May be left empty (help texts, placeholders, an introduction): nothing is shown then. */
  optional: boolean;
  /** Edited in a text area. */
  long: boolean;
}

/** A form's texts, by key: always every key of its specification (defaults filled in). */
export type BuiltinTexts = Record<string, string>;

type FieldTextKeys<Name extends string> = `${Name}.label` | `${Name}.help` | `${Name}.placeholder`;

/** Each form's texts as its components read them (the keys of its specification below). */
export interface SiteFormTexts {
  contact: Record<
    | "heading"
    | "intro"
    | FieldTextKeys<"name" | "email" | "organization" | "interest" | "message">
    | "submit"
    | "success",
    string
  >;
  dialog: Record<
    "heading" | "intro" | FieldTextKeys<"name" | "email" | "message"> | "submit" | "successTitle" | "success",
    string
  >;
  newsletter: Record<FieldTextKeys<"email"> | "submit" | "success", string>;
}
export type ContactTexts = SiteFormTexts["contact"];
export type DialogTexts = SiteFormTexts["dialog"];
export type NewsletterTexts = SiteFormTexts["newsletter"];

const text = (
  group: string,
  key: string,
  label: string,
  value: string,
  max: number,
  { optional = false, long = false } = {},
): BuiltinText => ({ key, label, group, default: value, max, optional, long });

/** A field's label (never empty), help text and placeholder (both may be). */
const field = (name: string, title: string, label: string, placeholder = ""): BuiltinText[] => [
  text(`${title} field`, `${name}.label`, "Label", label, 80),
  text(`${title} field`, `${name}.help`, "Help text", "", 200, { optional: true }),
  text(`${title} field`, `${name}.placeholder`, "Placeholder", placeholder, 100, { optional: true }),
];

const BUTTON = "Button and success";

export interface BuiltinFormSpec {
  key: BuiltinFormKey;
  /**
   * The fixed id its revisions and its live channel are kept under (content_revisions.item_id is a uuid). Fixed for
   * good: changing one would orphan that form's history. Random version-4 uuids, so no built form ever has one.
   */
  id: string;
  name: string;
  /** Where visitors meet it. */
  where: string;
  /** A page that shows it, for "View on site". */
  sample: string;
  texts: readonly BuiltinText[];
}

export const BUILTIN_FORMS: Record<BuiltinFormKey, BuiltinFormSpec> = {
  contact: {
    key: "contact",
    id: "7d2b7c1e-52f4-4a53-9a0e-3e8f4c6b1d27",
    name: "Contact form",
    where: "On the contact page, and wherever a page has the Contact form block (which has its own heading).",
    sample: "/contact",
    texts: [
      text("Heading", "heading", "Heading", "Send us a message", 120),
      text("Heading", "intro", "Introduction", "We'll get back to you within 24 hours.", 300, {
        optional: true,
        long: true,
      }),
      ...field("name", "Name", "Name"),
      ...field("email", "Email", "Email"),
      ...field("organization", "Organization", "Organization"),
      // A drop-down's placeholder is its first choice, "nothing chosen yet": it cannot be blank.
      text("Interest field", "interest.label", "Label", "Interest", 80),
      text("Interest field", "interest.help", "Help text", "", 200, { optional: true }),
      text(
        "Interest field",
        "interest.placeholder",
        "First choice (nothing chosen)",
        "Select your interest",
        100,
      ),
      ...field("message", "Message", "Message"),
      text(BUTTON, "submit", "Button label", "Send Message", 40),
      text(BUTTON, "success", "Success message", SUCCESS_MESSAGES.contactSuccess, 300, { long: true }),
    ],
  },
  dialog: {
    key: "dialog",
    id: "c3e1f0a4-8b6d-4f2e-9d57-21a6b9e40c83",
    name: "Contact and demo dialog",
    where: "The dialog that Request Demo opens on the landing page and other pages.",
    sample: "/",
    texts: [
      text("Heading", "heading", "Title", "Get in Touch", 120),
      text("Heading", "intro", "Description", "We'd love to learn more about your needs", 300, {
        long: true,
      }),
      ...field("name", "Name", "Name"),
      ...field("email", "Email", "Email"),
      ...field("message", "Message", "Message"),
      text(BUTTON, "submit", "Button label", "Send", 40),
      text(BUTTON, "successTitle", "Success title", SUCCESS_MESSAGES.dialogSuccessTitle, 80),
      text(BUTTON, "success", "Success message", SUCCESS_MESSAGES.dialogSuccess, 300, { long: true }),
    ],
  },
  newsletter: {
    key: "newsletter",
    id: "5a8f3d62-0c9e-4b71-8e24-b7d0c15f9a36",
    name: "Newsletter sign-up",
    where: "In the footer of every page while the newsletter is on, and in the Newsletter signup block.",
    sample: "/pricing",
    texts: [
      ...field("email", "Email", "Get product news and revenue playbooks", "you@company.com"),
      text(BUTTON, "submit", "Button label", "Subscribe", 40),
      text(BUTTON, "success", "Success message", SUCCESS_MESSAGES.newsletterSuccess, 300, { long: true }),
    ],
  },
};

/** Each form's texts as the site shows them before anyone changed them. */
export function defaultTexts<K extends BuiltinFormKey>(key: K): SiteFormTexts[K] {
  return Object.fromEntries(BUILTIN_FORMS[key].texts.map((t) => [t.key, t.default])) as SiteFormTexts[K];
}

/**
 * The texts the site shows: the stored ones over the defaults. Keys the form no longer has are ignored; a stored
 * empty text stays empty only where a text may be empty.
 */
export function resolveTexts<K extends BuiltinFormKey>(
  key: K,
  stored: Record<string, unknown> | null | undefined,
): SiteFormTexts[K] {
  const texts: BuiltinTexts = defaultTexts(key);
  for (const spec of BUILTIN_FORMS[key].texts) {
    const value = stored?.[spec.key];
    if (typeof value === "string" && (value !== "" || spec.optional)) texts[spec.key] = value;
  }
  return texts as SiteFormTexts[K];
}

/** What is stored for these texts: only those that differ from their default, so an unchanged one follows it. */
export function changedTexts(key: BuiltinFormKey, texts: Readonly<BuiltinTexts>): BuiltinTexts {
  return Object.fromEntries(
    BUILTIN_FORMS[key].texts
      .filter((t) => texts[t.key] !== t.default)
      .map((t) => [t.key, texts[t.key] ?? ""]),
  );
}

/** What a text is called on its own: "Button label", "Name field label", "Email field placeholder". */
export function textName(spec: BuiltinText): string {
  return spec.group.endsWith(" field") ? `${spec.group} ${spec.label.toLowerCase()}` : spec.label;
}

export const BUILTIN_TEXT_MESSAGES = {
  empty: (spec: BuiltinText) =>
    `The ${textName(spec).toLowerCase()} cannot be empty: write one, or reset it to the default.`,
  tooLong: (spec: BuiltinText) => `Keep it to ${spec.max} characters.`,
} as const;

/**
 * The texts a member sent (by key), trimmed and made safe to store, or a message beside each text that cannot be
 * saved: an empty one that may not be, one over its limit. Keys the form does not have are ignored; a missing key
 * keeps its default.
 */
export function checkTexts(
  key: BuiltinFormKey,
  values: Record<string, unknown>,
): { ok: true; texts: BuiltinTexts } | { ok: false; fieldErrors: FieldErrors } {
  const texts: BuiltinTexts = {};
  const fieldErrors: FieldErrors = {};
  for (const spec of BUILTIN_FORMS[key].texts) {
    const raw = values[spec.key];
    const value = typeof raw === "string" ? safeText(raw.trim()) : spec.default;
    if (!value && !spec.optional) fieldErrors[spec.key] = BUILTIN_TEXT_MESSAGES.empty(spec);
    else if ([...value].length > spec.max) fieldErrors[spec.key] = BUILTIN_TEXT_MESSAGES.tooLong(spec);
    texts[spec.key] = value;
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, texts };
}

/** The texts as a history and the conflict notice compare them: one field per text, by its name. */
export function builtinRevisionFields(key: BuiltinFormKey): RevisionField[] {
  return BUILTIN_FORMS[key].texts.map((t) => ({ key: t.key, label: textName(t), shape: "text" }));
}

// A form the team builds in the back office, as plain data: its fields (with their limits, options and the
// conditions that show or require them), what happens on success, and when it takes submissions. The same
// definition checks a submission in the browser, before sending, and on the server, which stays the authority
// (submission.ts). Browser-safe: no schema library; the editor's save is checked by
// app/infra/form-definition-schema.server.ts. A file field's kinds and limits are in files.ts.
import type { FileKind } from "./files";

/** The kinds of field a form can have. `step` is not a field but the break between two steps of the form. */
export const FIELD_TYPES = [
  "text",
  "textarea",
  "email",
  "phone",
  "number",
  "select",
  "radio",
  "checkboxes",
  "date",
  "file",
  "consent",
  "hidden",
  "step",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** How a condition compares the other field's value. */
export const CONDITION_OPERATORS = ["equals", "not-equals", "contains", "empty", "not-empty"] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** "When field `field` … `value`": for checkboxes, equals/contains test whether `value` is among the ticked. */
export interface Condition {
  field: string;
  operator: ConditionOperator;
  /** Unused by empty and not-empty. */
  value?: string;
}

export interface FieldOption {
  value: string;
  label: string;
}

/** Where a hidden field's value comes from. */
export const HIDDEN_SOURCES = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "referrer",
  "landing_page",
  "page",
  "url_parameter",
] as const;
export type HiddenSource = (typeof HIDDEN_SOURCES)[number];

export interface FormField {
  /** Stable within the form: the submitted value's key, [a-z][a-z0-9_]*, at most 40 characters. */
  name: string;
  type: FieldType;
  /** The label shown (for `step`: the step's title; for `consent`: the text beside the box). */
  label: string;
  help?: string;
  placeholder?: string;
  required?: boolean;
  /** Text, textarea, email, phone: lengths. Number: the range. */
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Text: a pattern the whole value must match (JavaScript syntax, no flags), with its message. */
  pattern?: string;
  patternMessage?: string;
  /** Select, radio, checkboxes. */
  options?: FieldOption[];
  /** Email: free-mail domains refused ("business e-mail only"). */
  businessOnly?: boolean;
  /** Consent: a link shown with the text (site path or http(s) URL). */
  linkUrl?: string;
  linkLabel?: string;
  /** Consent: ticking it also asks the sender to subscribe to the newsletter (double opt-in). */
  newsletter?: boolean;
  /** File: the kinds of file accepted (files.ts), and the largest file in MB (default 5, at most 10). */
  fileKinds?: FileKind[];
  maxSizeMb?: number;
  /** Hidden: where the value comes from; `url_parameter` reads the URL parameter named `parameter`. */
  source?: HiddenSource;
  parameter?: string;
  width?: "full" | "half";
  /** Shown only while this holds (a field not shown is neither checked nor stored). */
  showWhen?: Condition;
  /** Required only while this holds (in addition to `required`, which always holds). */
  requireWhen?: Condition;
}

export const FORM_STATUSES = ["draft", "open", "closed"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export type FormSuccess =
  /** `{name}` in the message is replaced by the submitted value of field `name`. */
  | { kind: "message"; message: string }
  /** A site path ("/thank-you") or an http(s) URL. */
  | { kind: "redirect"; to: string };

export interface FormDefinition {
  fields: FormField[];
  submitLabel: string;
  success: FormSuccess;
}

/** The texts a visitor reads when something is wrong with a field; one place, so browser and server agree. */
export const FORM_MESSAGES = {
  required: "This field is required.",
  email: "Please enter a valid email address",
  businessEmail: "Please use your work email address.",
  blockedDomain: "Addresses at this domain are not accepted here.",
  phone: "Please enter a valid phone number.",
  number: "Please enter a number.",
  date: "Please enter a date.",
  option: "Please choose one of the options.",
  consent: "Please tick this box to continue.",
  tooShort: (min: number) => `Please enter at least ${min} characters.`,
  tooLong: (max: number) => `Please keep this under ${max + 1} characters.`,
  tooSmall: (min: number) => `Please enter ${min} or more.`,
  tooLarge: (max: number) => `Please enter ${max} or less.`,
  pattern: "Please match the requested format.",
} as const;

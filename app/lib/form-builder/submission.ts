// What a built form accepts from a visitor, checked from its definition (definition.ts). The browser runs the same
// check before sending, and before moving to the next step, so the visitor sees the server's messages without a
// round trip; the server runs it again on what it received and stays the authority. Browser-safe: plain rules, no
// schema library.
import { cleanText, EMAIL_PATTERN } from "~/lib/lead-schema";
import { safeText } from "~/lib/safe-text";
import { type Condition, FORM_MESSAGES, type FormDefinition, type FormField } from "./definition";
import { type FileAnswer, fileAnswerText, type ShownFile } from "./files";
import { isFreeMailAddress } from "./free-mail";

/** A submission's values by field name: checkboxes give the ticked values, every other field one string. */
export type SubmittedValues = Record<string, string | string[]>;

/** The longest text a field takes when its definition sets no maxLength. */
export const DEFAULT_MAX_LENGTH = { text: 200, email: 200, phone: 200, textarea: 5000 } as const;

/** The longest value a hidden field carries; a longer one (a runaway URL) is dropped, not cut. */
export const HIDDEN_MAX_LENGTH = 500;

/** What a consent box sends when ticked, whatever the browser or client sent ("on", "true", …). */
export const CONSENT_TICKED = "yes";
const TICKED = new Set(["on", "true", "yes", "1"]);

/** Longer than any number a person types; keeps a megabyte of digits from reaching the comparison. */
const NUMBER_MAX_LENGTH = 50;
const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;
const PHONE_CHARACTERS = /^[\d\s+\-().]+$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isEmpty(value: string | string[] | undefined): boolean {
  return value === undefined || value.length === 0;
}

/** Whether `condition` holds for these values. A field without a value counts as empty. */
export function conditionHolds(condition: Condition, values: SubmittedValues): boolean {
  const value = Object.hasOwn(values, condition.field) ? values[condition.field] : undefined;
  const expected = condition.value ?? "";
  switch (condition.operator) {
    case "empty":
      return isEmpty(value);
    case "not-empty":
      return !isEmpty(value);
    case "equals":
      return Array.isArray(value) ? value.includes(expected) : (value ?? "") === expected;
    case "not-equals":
      return !conditionHolds({ ...condition, operator: "equals" }, values);
    case "contains": {
      const needle = expected.toLowerCase();
      if (Array.isArray(value)) return value.some((item) => item.toLowerCase().includes(needle));
      return (value ?? "").toLowerCase().includes(needle);
    }
    default:
      return false;
  }
}

/**
 * The fields shown for these values, in order (step breaks left out). A field is shown when it has no `showWhen`,
 * or when its condition holds and names a field above it that is itself shown; a condition naming a field below,
 * an unknown field or a step never holds, so a hidden branch hides everything that hangs from it.
 */
export function shownFields(definition: FormDefinition, values: SubmittedValues): FormField[] {
  const shown: FormField[] = [];
  const above = new Set<string>();
  for (const field of definition.fields) {
    if (field.type === "step") continue;
    if (field.showWhen && !holdsAbove(field.showWhen, above, values)) continue;
    shown.push(field);
    above.add(field.name);
  }
  return shown;
}

/** A condition of a field, holding only when it names a field shown above that field. */
function holdsAbove(condition: Condition, above: ReadonlySet<string>, values: SubmittedValues): boolean {
  return above.has(condition.field) && conditionHolds(condition, values);
}

/** Whether the field must be filled: `required`, or its `requireWhen` holds. Hidden fields never are. */
export function isRequired(field: FormField, values: SubmittedValues): boolean {
  if (field.type === "hidden" || field.type === "step") return false;
  if (field.required) return true;
  return field.requireWhen ? conditionHolds(field.requireWhen, values) : false;
}

/** isRequired within a form: a `requireWhen` holds only when it names a field shown above this one. */
function mustFill(field: FormField, above: ReadonlySet<string>, values: SubmittedValues): boolean {
  if (field.type === "hidden" || field.type === "step") return false;
  return !!field.required || (!!field.requireWhen && holdsAbove(field.requireWhen, above, values));
}

/**
 * The form's steps: the fields between step breaks, each titled by the break before it. The first step has no
 * title unless the list starts with a break; a step without fields (two breaks in a row, a break at the end) is
 * left out. A form always has at least one step.
 */
export function stepsOf(definition: FormDefinition): { title: string; fields: FormField[] }[] {
  const steps: { title: string; fields: FormField[] }[] = [];
  let current: { title: string; fields: FormField[] } = { title: "", fields: [] };
  for (const field of definition.fields) {
    if (field.type !== "step") {
      current.fields.push(field);
      continue;
    }
    if (current.fields.length > 0) steps.push(current);
    current = { title: field.label, fields: [] };
  }
  if (current.fields.length > 0 || steps.length === 0) steps.push(current);
  return steps;
}

/** A text as it is checked and stored: cleanText, then safe for the database (safe-text.ts). */
function cleaned(raw: unknown): string {
  return safeText(cleanText(raw));
}

/**
 * The value as the field keeps it, before any rule: texts cleaned, checkboxes as distinct non-empty values (one
 * string meaning one ticked box), a consent box as "yes" or "", a hidden value over its limit dropped.
 */
function normalise(field: FormField, raw: unknown): string | string[] {
  switch (field.type) {
    case "checkboxes": {
      const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
      return [...new Set(list.map(cleaned).filter((item) => item !== ""))];
    }
    case "consent":
      return TICKED.has(cleaned(raw).toLowerCase()) ? CONSENT_TICKED : "";
    case "hidden": {
      const text = cleaned(raw);
      return text.length > HIDDEN_MAX_LENGTH ? "" : text;
    }
    default:
      return cleaned(raw);
  }
}

function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, unlike Date.UTC, takes years below 100 literally; an impossible day rolls over and shows.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A pattern the whole value must match; one that does not compile is no rule at all. */
function wholeMatch(pattern: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return undefined;
  }
}

function textError(field: FormField, text: string): string | undefined {
  if (field.minLength !== undefined && text.length < field.minLength)
    return FORM_MESSAGES.tooShort(field.minLength);
  const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type as keyof typeof DEFAULT_MAX_LENGTH];
  if (text.length > max) return FORM_MESSAGES.tooLong(max);
  if (field.type === "text" && field.pattern) {
    const pattern = wholeMatch(field.pattern);
    if (pattern && !pattern.test(text)) return field.patternMessage?.trim() || FORM_MESSAGES.pattern;
  }
  if (field.type === "email") {
    if (!EMAIL_PATTERN.test(text)) return FORM_MESSAGES.email;
    if (field.businessOnly && isFreeMailAddress(text)) return FORM_MESSAGES.businessEmail;
  }
  if (field.type === "phone") {
    const digits = text.replace(/\D/g, "").length;
    if (!PHONE_CHARACTERS.test(text) || digits < 6 || digits > 20) return FORM_MESSAGES.phone;
  }
  return undefined;
}

function numberError(field: FormField, text: string): string | undefined {
  if (text.length > NUMBER_MAX_LENGTH || !NUMBER_PATTERN.test(text)) return FORM_MESSAGES.number;
  const number = Number(text);
  if (!Number.isFinite(number)) return FORM_MESSAGES.number;
  if (field.min !== undefined && number < field.min) return FORM_MESSAGES.tooSmall(field.min);
  if (field.max !== undefined && number > field.max) return FORM_MESSAGES.tooLarge(field.max);
  return undefined;
}

/** The first rule a non-empty value breaks, or undefined when it passes. */
function valueError(field: FormField, value: string | string[]): string | undefined {
  const options = field.options ?? [];
  if (Array.isArray(value)) {
    const known = value.every((item) => options.some((option) => option.value === item));
    return known && value.length <= options.length ? undefined : FORM_MESSAGES.option;
  }
  switch (field.type) {
    case "text":
    case "textarea":
    case "email":
    case "phone":
      return textError(field, value);
    case "number":
      return numberError(field, value);
    case "date":
      return isCalendarDate(value) ? undefined : FORM_MESSAGES.date;
    case "select":
    case "radio":
      return options.some((option) => option.value === value) ? undefined : FORM_MESSAGES.option;
    default:
      // Consent is "yes" by now; a hidden value is never an error.
      return undefined;
  }
}

export type SubmissionResult =
  | { ok: true; values: SubmittedValues }
  | { ok: false; fieldErrors: Record<string, string>; values: SubmittedValues };

/**
 * Checks a submission against the form: the values of the fields shown, cleaned, or the first message of each
 * field that fails (with the values, so the form shows them again). What `raw` holds beyond the shown fields is
 * dropped without a word: unknown names, and the answers to fields a condition has hidden since they were typed.
 * Empty optional fields come back as "" (checkboxes as []); an unticked optional consent box as "".
 *
 * `only` checks just those fields (one step, before the next), and returns just their values; which fields are
 * shown, and which conditionally required, still follows every value sent. Here a `requireWhen`, like a
 * `showWhen`, holds only when it names a field shown above.
 */
export function checkSubmission(
  definition: FormDefinition,
  raw: Record<string, unknown>,
  options: { only?: string[] } = {},
): SubmissionResult {
  const all: SubmittedValues = {};
  for (const field of definition.fields) {
    if (field.type === "step") continue;
    all[field.name] = normalise(field, Object.hasOwn(raw, field.name) ? raw[field.name] : undefined);
  }
  const only = options.only ? new Set(options.only) : undefined;
  const values: SubmittedValues = {};
  const fieldErrors: Record<string, string> = {};
  // A field not shown is not part of the submission: requirements, like conditions, see only the shown fields.
  const shown = shownFields(definition, all);
  const shownValues: SubmittedValues = {};
  for (const field of shown) shownValues[field.name] = all[field.name] ?? "";
  const above = new Set<string>();
  for (const field of shown) {
    const value = shownValues[field.name] ?? "";
    const required = mustFill(field, above, shownValues);
    above.add(field.name);
    if (only && !only.has(field.name)) continue;
    values[field.name] = value;
    if (isEmpty(value)) {
      if (required)
        fieldErrors[field.name] = field.type === "consent" ? FORM_MESSAGES.consent : FORM_MESSAGES.required;
      continue;
    }
    const message = valueError(field, value);
    if (message) fieldErrors[field.name] = message;
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors, values } : { ok: true, values };
}

/**
 * The template with each `{name}` replaced by the submitted value of field `name` (ticked values joined with
 * ", "), and by nothing when the form has no such value. Braces around anything but a field name stay as they are;
 * "{{name}}" keeps its outer braces. Plain text: the caller escapes it for wherever it goes.
 */
export function fillPlaceholders(template: string, values: SubmittedValues): string {
  return template.replace(/\{([a-z][a-z0-9_]{0,39})\}/g, (_, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) return "";
    return Array.isArray(value) ? value.join(", ") : value;
  });
}

export type UtmKey = "utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content";

/** What the page knows of the visitor's visit: first-visit attribution, the current page and its URL parameters. */
export interface HiddenContext {
  utm: Partial<Record<UtmKey, string>>;
  referrer?: string;
  landingPage?: string;
  page?: string;
  params?: Record<string, string>;
}

/**
 * The value a hidden field carries, from its source: cleaned like any submitted text, and "" when the visit does
 * not have it or it is longer than a hidden field holds.
 */
export function hiddenValue(field: FormField, context: HiddenContext): string {
  if (field.type !== "hidden") return "";
  let value: string | undefined;
  switch (field.source) {
    case "utm_source":
    case "utm_medium":
    case "utm_campaign":
    case "utm_term":
    case "utm_content":
      value = context.utm[field.source];
      break;
    case "referrer":
      value = context.referrer;
      break;
    case "landing_page":
      value = context.landingPage;
      break;
    case "page":
      value = context.page;
      break;
    case "url_parameter": {
      const params = context.params ?? {};
      value = field.parameter && Object.hasOwn(params, field.parameter) ? params[field.parameter] : undefined;
      break;
    }
  }
  const text = normalise(field, value);
  return typeof text === "string" ? text : "";
}

/** An answer as text: ticked values joined with ", " (lists, exports). */
export const answerText = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(", ") : (value ?? "");

/** One answer of a submission as people read it: the field's label, and chosen options by their labels. */
export interface ShownAnswer {
  name: string;
  label: string;
  text: string;
  /** A file field's stored file (name and size), which the back office offers for download. */
  file?: ShownFile;
}

/**
 * A submission's answers in its form's order (fields left empty out), as the inbox, the person view and alerts show
 * them; a file answer by its stored file's name and size.
 */
export function answersOf(
  definition: FormDefinition,
  values: SubmittedValues,
  files: Readonly<Record<string, FileAnswer>> = {},
): ShownAnswer[] {
  return definition.fields.flatMap((field) => {
    const file = field.type === "file" && Object.hasOwn(files, field.name) ? files[field.name] : undefined;
    if (file) {
      const shown = { name: file.name, size: file.size };
      return [
        { name: field.name, label: field.label || field.name, text: fileAnswerText(shown), file: shown },
      ];
    }
    const value = values[field.name];
    if (
      field.type === "step" ||
      value === undefined ||
      value === "" ||
      (Array.isArray(value) && !value.length)
    )
      return [];
    const labelOf = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v;
    const text =
      field.type === "consent"
        ? "Yes"
        : answerText(Array.isArray(value) ? value.map(labelOf) : labelOf(value));
    return [{ name: field.name, label: field.label || field.name, text }];
  });
}

/** Answers as plain text, one "Label: answer" a line (alert mails, the inbox's export, the Spam view). */
export const answerLines = (answers: readonly ShownAnswer[]): string =>
  answers.map((a) => `${a.label}: ${a.text}`).join("\n");

// The one form contract of the product. Every action that takes a form answers with an `ActionResult`:
// `fieldErrors` (one message per field), `values` (what was submitted, so the form re-renders it after a 400) and
// `toast` (the message shown once). Routes parse with `parseForm` and answer with `done`, `refuse`, `gone` or `invalid`.
// Browser-safe: zod is only referenced as a type, so importing this file ships no schema library.
import { data } from "react-router";
import type { z } from "zod";
import { slugify } from "./content";
import type { EditConflict, EditVersion } from "./edit-conflict";

/** One message per field name; "form" holds a message that belongs to no single field. */
export type FieldErrors = Partial<Record<string, string>>;

/** A message shown once as a toast (app/components/ui/toaster.tsx shows it). */
export interface ToastMessage {
  type: "success" | "error";
  /** The product's message, verbatim (docs/product.md lists them). */
  message: string;
  /** Optional title (e.g. 'Thank you!' with description 'We'll be in touch soon.'). */
  title?: string;
}

/** What every form action answers, on success and on refusal. */
export interface ActionResult<V = Record<string, string>> {
  /** Which of a page's forms answered (pages with several forms post an `intent` field). */
  intent?: string;
  ok: boolean;
  fieldErrors?: FieldErrors;
  values?: V;
  toast?: ToastMessage;
  /** A save refused because a teammate saved the document after the editor loaded it (409). */
  conflict?: EditConflict;
  /** The version a successful save stored: the editor's next base. */
  version?: EditVersion;
}

type ParsedForm<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/** Plain string values of a FormData (files are read separately by the routes that take them). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  return values;
}

/** The first message of each field of a failed zod parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** Runs a schema on a form: the parsed data, or the field errors; the submitted values come back either way. */
export function parseForm<T>(schema: z.ZodType<T>, form: FormData | Record<string, string>): ParsedForm<T> {
  const values = form instanceof FormData ? formValues(form) : form;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, fieldErrors: fieldErrorsOf(result.error), values };
}

type ParsedRequiredForm<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string>; message: string };

/**
 * parseForm for the content forms (blog, academy): required fields that are missing give the form's single message
 * (and "Required" on each missing field); any other problem gives per-field messages under a general one. A slug
 * counts as missing when nothing of it survives slugify.
 */
export function parseRequiredForm<T extends Record<string, unknown>>(
  schema: z.ZodType<T>,
  form: FormData | Record<string, string>,
  required: readonly string[],
  requiredMessage: string,
): ParsedRequiredForm<T> {
  const parsed = parseForm(schema, form);
  const { values } = parsed;
  const fieldErrors: FieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  let missing = false;
  for (const field of required) {
    const value = parsed.ok
      ? String(parsed.data[field] ?? "")
      : field === "slug"
        ? slugify(values[field] ?? "")
        : (values[field] ?? "").trim();
    if (value) continue;
    missing = true;
    fieldErrors[field] =
      field === "slug" && values.slug?.trim() ? "Use letters or digits in the slug" : "Required";
  }
  if (parsed.ok && !missing) return parsed;
  return {
    ok: false,
    fieldErrors,
    values,
    message: missing ? requiredMessage : "Please check the highlighted fields",
  };
}

/**
 * The status of "that row is already gone" (edited or deleted elsewhere, the page showed stale data): 404, with the
 * action's own failure toast. One rule for every admin action and the content API (docs/architecture.md, Forms).
 */
export const GONE_STATUS = 404;

/** A 400 answer that keeps what the user typed. */
export function invalid<V>(result: Omit<ActionResult<V>, "ok">, status = 400) {
  return data<ActionResult<V>>({ ...result, ok: false }, { status });
}

/** A refusal with its error toast (400 unless said otherwise), keeping whatever else the form needs. */
export function refuse<V>(message: string, extra: Omit<ActionResult<V>, "ok" | "toast"> = {}, status = 400) {
  return invalid<V>({ ...extra, toast: { type: "error", message } }, status);
}

/** The row the action names is already gone: the action's failure message, answered with GONE_STATUS. */
export function gone<V>(message: string, extra: Omit<ActionResult<V>, "ok" | "toast"> = {}) {
  return refuse<V>(message, extra, GONE_STATUS);
}

/** A success answer with its toast. */
export function done<V>(message: string, extra: Omit<ActionResult<V>, "ok" | "toast"> = {}) {
  return data<ActionResult<V>>({ ...extra, ok: true, toast: { type: "success", message } });
}

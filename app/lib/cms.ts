// Validation of the admin blog and academy forms (the form contract is moving to app/lib/forms.ts). The rest of
// what used to live here has its own module: cms-messages, content-schemas, content-status, meta-templates,
// blocks, growth.
import type { z } from "zod";
import { slugify } from "./content";

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Validates a submitted form. Required fields missing give the form's single message (and a field error on each
 * missing field); other problems give per-field messages.
 */
export function validateForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  values: Record<string, string>,
  required: readonly string[],
  requiredMessage: string,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors; message: string } {
  const errors: FieldErrors = {};
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      errors[key] ??= issue.message;
    }
  }
  let missing = false;
  for (const field of required) {
    const value = parsed.success
      ? String((parsed.data as Record<string, unknown>)[field] ?? "")
      : field === "slug"
        ? slugify(values[field] ?? "")
        : (values[field] ?? "").trim();
    if (!value) {
      missing = true;
      errors[field] =
        field === "slug" && values.slug?.trim() ? "Use letters or digits in the slug" : "Required";
    }
  }
  if (!parsed.success || missing) {
    const message = missing ? requiredMessage : "Please check the highlighted fields";
    return { ok: false, errors, message };
  }
  return { ok: true, data: parsed.data };
}

/** The text fields of a submission (files and repeated keys are not used by these forms). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  return values;
}

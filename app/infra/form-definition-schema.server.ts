// What the form editor may save: a whole form definition (app/lib/form-builder/definition.ts) checked on the
// server before it is stored, with messages a marketer can act on, each at the place in the editor it belongs to
// ("fields.2.label"). Server-only, so zod stays out of the public pages. Checks that compare fields (unique names,
// conditions pointing up, one newsletter box) run once every field is well-formed on its own.
import { z } from "zod";
import {
  CONDITION_OPERATORS,
  FIELD_TYPES,
  type FormDefinition,
  type FormField,
  HIDDEN_SOURCES,
} from "~/lib/form-builder/definition";
import { FILE_KINDS, MAX_FILE_FIELDS, MAX_FILE_MB } from "~/lib/form-builder/files";

const NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const PARAMETER_PATTERN = /^[A-Za-z0-9_.-]{1,60}$/;
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;
const MAX_FIELDS = 100;
const MAX_OPTIONS = 50;
const MAX_LENGTH_LIMIT = 10000;
const CHOICE_TYPES = new Set<FormField["type"]>(["select", "radio", "checkboxes"]);

/** A path on this site ("/thank-you", not "//elsewhere") or an http(s) address; nothing a browser would run. */
function isLinkTarget(value: string): boolean {
  if (SITE_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const LINK_RULE = "Use a page of this site (starting with /) or a full http(s) address.";

const text = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} can be at most ${max} characters.`);

const length = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .min(0, `${what} cannot be negative.`)
    .max(MAX_LENGTH_LIMIT, `${what} can be at most ${MAX_LENGTH_LIMIT}.`);

const bound = (what: string) => z.number({ error: `${what} must be a number.` });

const flag = z.boolean({ error: "This must be on or off." });

const conditionSchema = z.object({
  field: z.string({ error: "Choose the field this condition depends on." }),
  operator: z.enum(CONDITION_OPERATORS, { error: "Choose how the condition compares the value." }),
  value: text(200, "The condition's value").optional(),
});

const optionSchema = z.object({
  value: text(100, "An option's value").min(1, "Give every option a value."),
  label: text(200, "An option's label").min(1, "Give every option a label."),
});

const fieldSchema = z
  .object({
    name: z
      .string({ error: "Give this field a name." })
      .regex(
        NAME_PATTERN,
        "A field name starts with a lowercase letter and has at most 40 lowercase letters, digits and underscores.",
      ),
    type: z.enum(FIELD_TYPES, { error: "Choose a field type." }),
    label: text(200, "The label"),
    help: text(500, "The help text").optional(),
    placeholder: text(200, "The placeholder").optional(),
    required: flag.optional(),
    minLength: length("The minimum length").optional(),
    maxLength: length("The maximum length").optional(),
    min: bound("The minimum").optional(),
    max: bound("The maximum").optional(),
    pattern: z
      .string({ error: "The pattern must be text." })
      .max(200, "The pattern can be at most 200 characters.")
      .optional(),
    patternMessage: text(200, "The pattern's message").optional(),
    options: z.array(optionSchema, { error: "The options must be a list." }).optional(),
    businessOnly: flag.optional(),
    linkUrl: text(500, "The link").optional(),
    linkLabel: text(200, "The link's text").optional(),
    newsletter: flag.optional(),
    fileKinds: z
      .array(z.enum(FILE_KINDS, { error: "Choose the kinds of file from the list." }), {
        error: "The kinds of file must be a list.",
      })
      .max(FILE_KINDS.length, "Each kind of file can be chosen once.")
      .optional(),
    maxSizeMb: z
      .number({ error: "The largest file must be a number of MB." })
      .int("The largest file must be a whole number of MB.")
      .min(1, "The largest file must be at least 1 MB.")
      .max(MAX_FILE_MB, `The largest file can be at most ${MAX_FILE_MB} MB.`)
      .optional(),
    source: z
      .enum(HIDDEN_SOURCES, { error: "Choose where this hidden field's value comes from." })
      .optional(),
    parameter: z.string({ error: "The URL parameter must be text." }).trim().optional(),
    width: z.enum(["full", "half"], { error: "Choose a full or half width." }).optional(),
    showWhen: conditionSchema.optional(),
    requireWhen: conditionSchema.optional(),
  })
  .superRefine((field, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message });
    if (field.type !== "step" && field.label === "") issue(["label"], "Give this field a label.");
    if (CHOICE_TYPES.has(field.type)) {
      const options = field.options ?? [];
      if (options.length === 0) issue(["options"], "Add at least one option to choose from.");
      if (options.length > MAX_OPTIONS)
        issue(["options"], `A field can have at most ${MAX_OPTIONS} options.`);
      const seen = new Set<string>();
      options.forEach((option, index) => {
        if (seen.has(option.value))
          issue(
            ["options", index, "value"],
            `Two options have the value "${option.value}"; each needs its own.`,
          );
        seen.add(option.value);
      });
    }
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength)
      issue(["maxLength"], "The maximum length cannot be less than the minimum length.");
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      issue(["max"], "The maximum cannot be less than the minimum.");
    if (field.pattern !== undefined && !compiles(field.pattern))
      issue(["pattern"], "This pattern is not a valid regular expression.");
    if (field.type === "hidden") {
      if (!field.source) issue(["source"], "Choose where this hidden field's value comes from.");
      else if (field.source === "url_parameter" && !PARAMETER_PATTERN.test(field.parameter ?? ""))
        issue(
          ["parameter"],
          "Name the URL parameter: up to 60 letters, digits, dots, dashes and underscores, without spaces.",
        );
    }
    if (field.linkUrl && !isLinkTarget(field.linkUrl)) issue(["linkUrl"], LINK_RULE);
    if (field.type === "file") {
      const kinds = field.fileKinds ?? [];
      if (kinds.length === 0) issue(["fileKinds"], "Choose at least one kind of file this field accepts.");
      else if (new Set(kinds).size < kinds.length)
        issue(["fileKinds"], "Each kind of file can be chosen once.");
    }
  });

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const successSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("message"),
      message: text(1000, "The thank-you message").min(1, "Write the message shown after sending."),
    }),
    z.object({
      kind: z.literal("redirect"),
      to: z
        .string({ error: "Give the page to go to after sending." })
        .trim()
        .min(1, "Give the page to go to after sending.")
        .max(2000, "The address can be at most 2000 characters.")
        .refine(isLinkTarget, LINK_RULE),
    }),
  ],
  { error: "Choose whether to show a message or go to another page after sending." },
);

/** The checks that compare fields with each other (paths from the list of fields). */
function checkFields(fields: FormField[], ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: "custom", path, message });
  const firstIndex = new Map<string, number>();
  fields.forEach((field, index) => {
    if (firstIndex.has(field.name))
      issue(
        [index, "name"],
        `The name "${field.name}" is already used by another field; each needs its own.`,
      );
    else firstIndex.set(field.name, index);
  });
  let newsletterBoxes = 0;
  fields.forEach((field, index) => {
    for (const key of ["showWhen", "requireWhen"] as const) {
      const condition = field[key];
      if (!condition) continue;
      const target = firstIndex.get(condition.field);
      if (target === undefined || target >= index || fields[target]?.type === "step")
        issue([index, key, "field"], "A condition can only depend on a field above it.");
    }
    if (field.type === "consent" && field.newsletter && ++newsletterBoxes > 1)
      issue([index, "newsletter"], "Only one consent box can sign the visitor up for the newsletter.");
  });
  const fileFields = fields.flatMap((field, index) => (field.type === "file" ? [index] : []));
  if (fileFields.length > MAX_FILE_FIELDS)
    issue(
      [fileFields[MAX_FILE_FIELDS] ?? 0, "type"],
      `A form can have at most ${MAX_FILE_FIELDS} file fields.`,
    );
  if (fields[0]?.type === "step") issue([0, "type"], "A form cannot start with a step break.");
  const last = fields.length - 1;
  if (last > 0 && fields[last]?.type === "step")
    issue([last, "type"], "A form cannot end with a step break.");
  if (!fields.some((field) => field.type !== "step" && field.type !== "hidden"))
    issue([], "Add at least one field a visitor can fill in.");
}

export const formDefinitionSchema = z
  .object({
    fields: z
      .array(fieldSchema, { error: "The fields must be a list." })
      .min(1, "Add at least one field.")
      .max(MAX_FIELDS, `A form can have at most ${MAX_FIELDS} fields.`)
      .superRefine(checkFields),
    submitLabel: text(60, "The button's label").min(1, "Give the submit button a label."),
    success: successSchema,
  })
  .transform((definition): FormDefinition => definition);

export type FormDefinitionErrors = { path: string; message: string }[];

/** The message for a value of the wrong kind zod reports in its own words (only a broken editor sends one). */
const FALLBACK = "This value is missing or not of the expected kind.";

/**
 * The definition as it is stored (text trimmed, unknown keys dropped), or every problem found, each with the
 * place it belongs to ("fields.2.label"; "form" for the definition as a whole).
 */
export function parseFormDefinition(
  input: unknown,
): { ok: true; definition: FormDefinition } | { ok: false; errors: FormDefinitionErrors } {
  const result = formDefinitionSchema.safeParse(input);
  if (result.success) return { ok: true, definition: result.data };
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join(".") : "form",
    message: issue.message.startsWith("Invalid input") ? FALLBACK : issue.message,
  }));
  return { ok: false, errors };
}

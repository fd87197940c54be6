// What the form editor shows for each kind of field: the palette a field is added from, and the settings of one
// field (built from the same field specs as a page block's panel, so they edit, show errors and read the same).
// The editor keeps each field with an `id` of its own for the list; the form it saves has none, and no empty
// settings (a blank limit is no limit, a condition without a field is no condition).
import type { FieldOption, FieldSpec } from "~/blocks/fields";
import { setAt } from "~/components/admin/page-fields";
import type { PaletteEntry } from "~/components/admin/use-block-list";
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  type FieldType,
  HIDDEN_SOURCES,
  type HiddenSource,
} from "~/lib/form-builder/definition";
import { DEFAULT_FILE_MB, FILE_KIND_LABELS, FILE_KINDS, MAX_FILE_MB } from "~/lib/form-builder/files";

type Value = Record<string, unknown>;

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: "Short text",
  textarea: "Long text",
  email: "E-mail",
  phone: "Phone",
  number: "Number",
  select: "Drop-down",
  radio: "Choice (one)",
  checkboxes: "Checkboxes (several)",
  date: "Date",
  file: "File upload",
  consent: "Consent",
  hidden: "Hidden",
  step: "Step break",
};

const DESCRIPTIONS: Record<FieldType, string> = {
  text: "One line: a name, a company, a job title.",
  textarea: "Several lines: a question, a message.",
  email: "An address, checked; can refuse free-mail addresses.",
  phone: "A phone number.",
  number: "A number, with a range if you like.",
  select: "One choice from a drop-down list.",
  radio: "One choice, all options shown.",
  checkboxes: "Any number of choices.",
  date: "A day from a calendar.",
  file: "One file: a CV, a brief, a spreadsheet. Kept private, for the team only.",
  consent: "A box to tick, with its text and a link, stored with the submission.",
  hidden: "Filled for you: a UTM value, the referrer, the page, a URL parameter.",
  step: "Starts the next step of a multi-step form.",
};

const HAS_OPTIONS: readonly FieldType[] = ["select", "radio", "checkboxes"];

function created(type: FieldType): Value {
  const label = type === "step" ? "Next step" : type === "consent" ? "I agree to be contacted." : "";
  // Its key follows its label until the member sets one (fieldChanged).
  const base: Value = { name: "", label, required: false, width: "full", nameFromLabel: true };
  if (HAS_OPTIONS.includes(type))
    base.options = [
      { value: "option_1", label: "Option 1" },
      { value: "option_2", label: "Option 2" },
    ];
  if (type === "hidden") base.source = "utm_campaign";
  if (type === "file") Object.assign(base, { fileKinds: ["pdf"], maxSizeMb: DEFAULT_FILE_MB });
  return base;
}

export const FIELD_PALETTE: PaletteEntry[] = (Object.keys(FIELD_TYPE_LABELS) as FieldType[]).map((type) => ({
  type,
  label: FIELD_TYPE_LABELS[type],
  description: DESCRIPTIONS[type],
  fields: [],
  create: created(type),
}));

const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  equals: "is",
  "not-equals": "is not",
  contains: "contains",
  empty: "is empty",
  "not-empty": "is not empty",
};

const SOURCE_LABELS: Record<HiddenSource, string> = {
  utm_source: "UTM source",
  utm_medium: "UTM medium",
  utm_campaign: "UTM campaign",
  utm_term: "UTM term",
  utm_content: "UTM content",
  referrer: "Referrer",
  landing_page: "Landing page",
  page: "The page the form is on",
  url_parameter: "A URL parameter",
};

const text = (name: string, label: string, hint?: string): FieldSpec => ({ name, label, kind: "text", hint });
const flag = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  kind: "boolean",
  hint,
});
const count = (name: string, label: string): FieldSpec => ({
  name,
  label,
  kind: "number",
  min: 0,
  max: 10_000,
});

/** "When [field] [is] [value]": the fields above this one are the ones a condition may name. */
function condition(
  prefix: "showWhen" | "requireWhen",
  label: string,
  earlier: FieldOption[],
  current: unknown,
): FieldSpec[] {
  const choose: FieldSpec = {
    name: `${prefix}.field`,
    label,
    kind: "select",
    options: [{ value: "", label: prefix === "showWhen" ? "Always" : "Never" }, ...earlier],
  };
  // The comparison appears once a field is chosen.
  if (!(current as Value | undefined)?.field) return [choose];
  return [
    choose,
    {
      name: `${prefix}.operator`,
      label: "Condition",
      kind: "select",
      options: CONDITION_OPERATORS.map((value) => ({ value, label: OPERATOR_LABELS[value] })),
    },
    text(`${prefix}.value`, "Value", "For a choice, its value (the part before the label in the options)."),
  ];
}

/** The settings of one field, in the order the panel shows them. */
export function settingsOf(field: Value, earlier: Value[]): FieldSpec[] {
  const type = field.type as FieldType;
  const conditionFields = earlier
    .filter((f) => f.type !== "step" && typeof f.name === "string" && f.name)
    .map((f) => ({ value: String(f.name), label: `${f.label || f.name}` }));
  if (type === "step") return [text("label", "Step title", "Shown above the step's fields.")];
  const specs: FieldSpec[] = [
    type === "consent"
      ? { name: "label", label: "Text beside the box", kind: "textarea" }
      : text("label", "Label"),
    text(
      "name",
      "Answer key",
      "How the answer is named in exports, webhooks and {placeholders}. Letters, digits, _.",
    ),
  ];
  if (type === "hidden") {
    specs.push({
      name: "source",
      label: "Filled with",
      kind: "select",
      options: HIDDEN_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] })),
    });
    if (field.source === "url_parameter")
      specs.push(text("parameter", "URL parameter", "Its name in the page's address, e.g. partner."));
    return specs;
  }
  specs.push(text("help", "Help text"));
  if (!["checkboxes", "radio", "consent", "date", "file"].includes(type))
    specs.push(text("placeholder", "Placeholder"));
  specs.push(flag("required", "Required"));
  if (type === "file")
    specs.push(
      {
        name: "fileKinds",
        label: "Files accepted",
        kind: "choices",
        options: FILE_KINDS.map((value) => ({ value, label: FILE_KIND_LABELS[value] })),
        hint: "Checked by the file's content too: a file that is not what its name says is refused.",
      },
      {
        name: "maxSizeMb",
        label: `Largest file (MB, at most ${MAX_FILE_MB})`,
        kind: "number",
        min: 1,
        max: MAX_FILE_MB,
      },
    );
  if (HAS_OPTIONS.includes(type))
    specs.push({
      name: "options",
      label: "Options",
      kind: "items",
      itemLabel: "Option",
      fields: [text("value", "Value"), text("label", "Label")],
    });
  if (["text", "textarea", "email", "phone"].includes(type))
    specs.push(count("minLength", "Fewest characters"), count("maxLength", "Most characters"));
  if (type === "text")
    specs.push(
      text("pattern", "Pattern", "A regular expression the whole answer must match, e.g. [A-Z]{2}[0-9]{4}."),
      text("patternMessage", "Message when it does not match"),
    );
  if (type === "email")
    specs.push(
      flag("businessOnly", "Business e-mail only", "Refuses Gmail, Outlook, Yahoo and other free-mail."),
    );
  if (type === "number")
    specs.push(
      { name: "min", label: "Smallest", kind: "number", min: -1_000_000_000, max: 1_000_000_000 },
      { name: "max", label: "Largest", kind: "number", min: -1_000_000_000, max: 1_000_000_000 },
    );
  if (type === "consent")
    specs.push(
      { name: "linkUrl", label: "Link (privacy policy, terms)", kind: "href" },
      text("linkLabel", "Link text"),
    );
  specs.push({
    name: "width",
    label: "Width",
    kind: "select",
    options: [
      { value: "full", label: "Full width" },
      { value: "half", label: "Half (two side by side)" },
    ],
  });
  specs.push(...condition("showWhen", "Show this field when", conditionFields, field.showWhen));
  specs.push(...condition("requireWhen", "Also required when", conditionFields, field.requireWhen));
  return specs;
}

/** A key made from a label: "Work e-mail" → "work_e_mail". */
export function keyFromLabel(label: string): string {
  const key = label
    .toLowerCase()
    .normalize("NFKD")
    // Accents go (é → e); any other run of characters becomes one _.
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+|_+$/g, "")
    .slice(0, 40);
  return key || "field";
}

/** A key from `label` that no other field of `fields` (but the one at `index`) has. */
function uniqueKey(fields: Value[], index: number, label: string): string {
  const taken = new Set(fields.filter((_, i) => i !== index).map((f) => String(f.name ?? "")));
  const stem = keyFromLabel(label);
  let name = stem;
  for (let n = 2; taken.has(name); n++) name = `${stem}_${n}`;
  return name;
}

/**
 * The fields after one setting of the field at `index` changed. A new field's key follows its label until the
 * member types one; when a key changes, the conditions that name it follow, so a condition never loses its field.
 */
export function fieldChanged(fields: Value[], index: number, path: string, next: unknown): Value[] {
  const field = fields[index];
  if (!field) return fields;
  let changed = setAt(field, path, next);
  if (path === "name") changed = { ...changed, nameFromLabel: false };
  else if (path === "label" && field.nameFromLabel && field.type !== "step")
    changed = { ...changed, name: uniqueKey(fields, index, String(next ?? "")) };
  const from = String(field.name ?? "");
  const to = String(changed.name ?? "");
  return fields.map((f, i) => {
    if (i === index) return changed;
    if (!from || from === to) return f;
    let other = f;
    for (const key of ["showWhen", "requireWhen"] as const)
      if ((other[key] as Value | undefined)?.field === from) other = setAt(other, `${key}.field`, to);
    return other;
  });
}

/**
 * The fields as the form saves them: no editor id, every blank setting left out, and a key for each field that has
 * none yet (from its label, made unique), so a member never has to think of one.
 */
export function savedFields(fields: Value[]): Value[] {
  const taken = new Set(fields.map((f) => String(f.name ?? "")).filter(Boolean));
  return fields.map((field) => {
    const out: Value = {};
    for (const [key, value] of Object.entries(field)) {
      if (
        key === "id" ||
        key === "nameFromLabel" ||
        value === "" ||
        value === undefined ||
        value === null ||
        value === false
      )
        continue;
      if (key === "showWhen" || key === "requireWhen") {
        const { field: on, operator, value: compared } = value as Value;
        if (!on) continue;
        out[key] = { field: on, operator: operator || "equals", ...(compared ? { value: compared } : {}) };
        continue;
      }
      out[key] = value;
    }
    if (!out.name) {
      const stem = field.type === "step" ? "step" : keyFromLabel(String(field.label ?? ""));
      let name = stem;
      for (let n = 2; taken.has(name); n++) name = `${stem}_${n}`;
      taken.add(name);
      out.name = name;
    }
    if (out.type === "step") return { type: "step", name: out.name, label: out.label ?? "" };
    return out;
  });
}

import { describe, expect, it } from "vitest";
import type { FormDefinition, FormField } from "~/lib/form-builder/definition";
import { checkSubmission } from "~/lib/form-builder/submission";
import { parseFormDefinition } from "./form-definition-schema.server";

const webinar: FormDefinition = {
  fields: [
    { name: "name", type: "text", label: "Your name", required: true },
    { name: "email", type: "email", label: "Work email", required: true, businessOnly: true },
    {
      name: "company_size",
      type: "select",
      label: "Company size",
      required: true,
      options: [
        { value: "1-10", label: "1–10" },
        { value: "11-200", label: "11–200" },
        { value: "201+", label: "201 or more" },
      ],
    },
    {
      name: "topics",
      type: "checkboxes",
      label: "Topics",
      options: [
        { value: "ai", label: "AI" },
        { value: "sales", label: "Sales" },
        { value: "other", label: "Other" },
      ],
    },
    {
      name: "more",
      type: "textarea",
      label: "Tell us more",
      showWhen: { field: "topics", operator: "equals", value: "other" },
    },
    {
      name: "consent",
      type: "consent",
      label: "Send me the newsletter",
      newsletter: true,
      linkUrl: "/privacy",
      linkLabel: "Privacy policy",
    },
    { name: "campaign", type: "hidden", label: "Campaign", source: "utm_campaign" },
  ],
  submitLabel: "Register",
  success: { kind: "message", message: "See you there, {name}!" },
};

/** The webinar form with field `index` changed (or the definition changed as a whole). */
const withField = (index: number, change: Partial<FormField>): unknown => ({
  ...webinar,
  fields: webinar.fields.map((field, i) => (i === index ? { ...field, ...change } : field)),
});
const withFields = (...fields: Partial<FormField>[]): unknown => ({ ...webinar, fields });
const errorsOf = (input: unknown) => {
  const result = parseFormDefinition(input);
  return result.ok ? [] : result.errors;
};
const messageAt = (input: unknown, path: string) => errorsOf(input).find((e) => e.path === path)?.message;

describe("form definitions", () => {
  it("accepts the webinar registration form, trimmed and without unknown keys", () => {
    const sent = withField(2, {
      label: "  Company size ",
      options: [{ value: " 1-10 ", label: " Small ", colour: "red" } as never],
      extra: true,
    } as Partial<FormField>);
    const result = parseFormDefinition(sent);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.definition.fields[2]).toEqual({
      name: "company_size",
      type: "select",
      label: "Company size",
      required: true,
      options: [{ value: "1-10", label: "Small" }],
    });
    expect(parseFormDefinition(webinar)).toEqual({ ok: true, definition: webinar });
    // And it works as a form: "Tell us more" only counts once "other" is ticked.
    const submitted = checkSubmission(webinar, {
      name: "Ada",
      email: "ada@example.com",
      company_size: "11-200",
      topics: ["other"],
      more: "Pricing",
      consent: "on",
      campaign: "spring",
    });
    expect(submitted).toMatchObject({
      ok: true,
      values: { more: "Pricing", consent: "yes", campaign: "spring" },
    });
  });

  it("refuses bad names, duplicates naming the name, and labels", () => {
    expect(messageAt(withField(0, { name: "Full name" }), "fields.0.name")).toMatch(/lowercase letter/);
    expect(messageAt(withField(0, { name: "a".repeat(41) }), "fields.0.name")).toMatch(/at most 40/);
    expect(messageAt(withField(1, { name: "name" }), "fields.1.name")).toBe(
      'The name "name" is already used by another field; each needs its own.',
    );
    expect(messageAt(withField(0, { label: "   " }), "fields.0.label")).toBe("Give this field a label.");
    expect(messageAt(withField(0, { label: "x".repeat(201) }), "fields.0.label")).toMatch(/at most 200/);
    expect(messageAt(withField(0, { help: "x".repeat(501) }), "fields.0.help")).toMatch(/at most 500/);
    expect(messageAt(withField(0, { placeholder: "x".repeat(201) }), "fields.0.placeholder")).toMatch(/200/);
    expect(messageAt(withField(0, { type: "slider" as never }), "fields.0.type")).toBe(
      "Choose a field type.",
    );
  });

  it("takes a file field with the kinds of file it accepts and its largest size, at most three of them", () => {
    const cv = { name: "cv", type: "file", label: "Your CV", fileKinds: ["pdf", "office"], maxSizeMb: 8 };
    const parsed = parseFormDefinition(
      withFields({ name: "name", type: "text", label: "Name" }, cv as FormField),
    );
    expect(parsed.ok && parsed.definition.fields[1]).toEqual(cv);
    const one = (change: Record<string, unknown>) => withFields({ ...cv, ...change } as FormField);
    expect(messageAt(one({ fileKinds: [] }), "fields.0.fileKinds")).toBe(
      "Choose at least one kind of file this field accepts.",
    );
    expect(messageAt(one({ fileKinds: undefined }), "fields.0.fileKinds")).toBe(
      "Choose at least one kind of file this field accepts.",
    );
    expect(messageAt(one({ fileKinds: ["pdf", "pdf"] }), "fields.0.fileKinds")).toBe(
      "Each kind of file can be chosen once.",
    );
    expect(messageAt(one({ fileKinds: ["exe"] }), "fields.0.fileKinds.0")).toBe(
      "Choose the kinds of file from the list.",
    );
    expect(messageAt(one({ maxSizeMb: 11 }), "fields.0.maxSizeMb")).toBe(
      "The largest file can be at most 10 MB.",
    );
    expect(messageAt(one({ maxSizeMb: 0 }), "fields.0.maxSizeMb")).toBe(
      "The largest file must be at least 1 MB.",
    );
    expect(messageAt(one({ maxSizeMb: 2.5 }), "fields.0.maxSizeMb")).toMatch(/whole number/);
    const four = ["a", "b", "c", "d"].map((name) => ({ ...cv, name }) as FormField);
    expect(messageAt(withFields(...four), "fields.3.type")).toBe("A form can have at most 3 file fields.");
    expect(errorsOf(withFields(...four.slice(0, 3)))).toEqual([]);
  });

  it("counts the fields", () => {
    expect(messageAt(withFields(), "fields")).toBe("Add at least one field.");
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, type: "text", label: "F" }));
    expect(messageAt(withFields(...(many as FormField[])), "fields")).toMatch(/at most 100 fields/);
    expect(messageAt(withFields({ name: "c", type: "hidden", label: "C", source: "page" }), "fields")).toBe(
      "Add at least one field a visitor can fill in.",
    );
  });

  it("needs options, unique and filled in, for choice fields", () => {
    expect(messageAt(withField(2, { options: [] }), "fields.2.options")).toMatch(/at least one option/);
    expect(messageAt(withField(3, { options: undefined }), "fields.3.options")).toMatch(
      /at least one option/,
    );
    const fiftyOne = Array.from({ length: 51 }, (_, i) => ({ value: `v${i}`, label: "L" }));
    expect(messageAt(withField(2, { options: fiftyOne }), "fields.2.options")).toMatch(/at most 50/);
    const twice = [
      { value: "a", label: "A" },
      { value: "a", label: "Also A" },
    ];
    expect(messageAt(withField(2, { options: twice }), "fields.2.options.1.value")).toMatch(/"a"/);
    expect(
      messageAt(withField(2, { options: [{ value: " ", label: "A" }] }), "fields.2.options.0.value"),
    ).toBe("Give every option a value.");
    expect(
      messageAt(withField(2, { options: [{ value: "a", label: "" }] }), "fields.2.options.0.label"),
    ).toBe("Give every option a label.");
    expect(
      messageAt(
        withField(2, { options: [{ value: "v".repeat(101), label: "A" }] }),
        "fields.2.options.0.value",
      ),
    ).toMatch(/at most 100/);
  });

  it("checks lengths, ranges and patterns", () => {
    expect(messageAt(withField(0, { minLength: 10, maxLength: 5 }), "fields.0.maxLength")).toMatch(
      /less than/,
    );
    expect(messageAt(withField(0, { minLength: -1 }), "fields.0.minLength")).toMatch(/negative/);
    expect(messageAt(withField(0, { maxLength: 2.5 }), "fields.0.maxLength")).toMatch(/whole number/);
    expect(messageAt(withField(0, { maxLength: 10001 }), "fields.0.maxLength")).toMatch(/10000/);
    expect(messageAt(withField(0, { type: "number", min: 5, max: 1 }), "fields.0.max")).toMatch(/less than/);
    expect(messageAt(withField(0, { pattern: "([a-z" }), "fields.0.pattern")).toMatch(/not a valid/);
    expect(messageAt(withField(0, { pattern: "a".repeat(201) }), "fields.0.pattern")).toMatch(/200/);
    expect(
      parseFormDefinition(withField(0, { pattern: "[A-Z]{2}\\d+", minLength: 2, maxLength: 2 })).ok,
    ).toBe(true);
  });

  it("needs a source for hidden fields, and a parameter name for url_parameter", () => {
    expect(messageAt(withField(6, { source: undefined }), "fields.6.source")).toMatch(/comes from/);
    expect(messageAt(withField(6, { source: "cookie" as never }), "fields.6.source")).toMatch(/comes from/);
    const parameter = (name: string | undefined) =>
      withField(6, { source: "url_parameter", parameter: name });
    expect(messageAt(parameter(undefined), "fields.6.parameter")).toMatch(/URL parameter/);
    expect(messageAt(parameter("a b"), "fields.6.parameter")).toMatch(/URL parameter/);
    expect(parseFormDefinition(parameter("gclid")).ok).toBe(true);
  });

  it("lets a condition depend only on a field above it", () => {
    const rule = "A condition can only depend on a field above it.";
    const onItself = { field: "more", operator: "not-empty" } as const;
    expect(messageAt(withField(4, { showWhen: onItself }), "fields.4.showWhen.field")).toBe(rule);
    const below = { field: "consent", operator: "empty" } as const;
    expect(messageAt(withField(4, { requireWhen: below }), "fields.4.requireWhen.field")).toBe(rule);
    const unknown = { field: "ghost", operator: "empty" } as const;
    expect(messageAt(withField(4, { showWhen: unknown }), "fields.4.showWhen.field")).toBe(rule);
    const onStep = withFields(
      { name: "a", type: "text", label: "A" },
      { name: "s", type: "step", label: "" },
      { name: "b", type: "text", label: "B", showWhen: { field: "s", operator: "empty" } },
    );
    expect(messageAt(onStep, "fields.2.showWhen.field")).toBe(rule);
    const long = { field: "topics", operator: "equals", value: "x".repeat(201) } as const;
    expect(messageAt(withField(4, { showWhen: long }), "fields.4.showWhen.value")).toMatch(/200/);
  });

  it("checks consent links and allows one newsletter box", () => {
    for (const bad of ["javascript:alert(1)", "//evil.example", "privacy", "ftp://x.example"])
      expect(messageAt(withField(5, { linkUrl: bad }), "fields.5.linkUrl"), bad).toMatch(/site/);
    expect(parseFormDefinition(withField(5, { linkUrl: "https://example.com/privacy" })).ok).toBe(true);
    const second = { name: "consent_2", type: "consent", label: "Also", newsletter: true } as const;
    const twoBoxes = { ...webinar, fields: [...webinar.fields, second] };
    expect(messageAt(twoBoxes, "fields.7.newsletter")).toMatch(/Only one consent box/);
  });

  it("keeps step breaks inside the form", () => {
    const step = { name: "step_1", type: "step", label: "" } as const;
    expect(messageAt({ ...webinar, fields: [step, ...webinar.fields] }, "fields.0.type")).toMatch(/start/);
    expect(messageAt({ ...webinar, fields: [...webinar.fields, step] }, "fields.7.type")).toMatch(/end/);
    expect(parseFormDefinition({ ...webinar, fields: [webinar.fields[0], step, webinar.fields[1]] }).ok).toBe(
      true,
    );
  });

  it("checks the submit label and what happens after sending", () => {
    expect(messageAt({ ...webinar, submitLabel: " " }, "submitLabel")).toMatch(/label/);
    expect(messageAt({ ...webinar, submitLabel: "x".repeat(61) }, "submitLabel")).toMatch(/60/);
    expect(messageAt({ ...webinar, success: { kind: "message", message: "" } }, "success.message")).toMatch(
      /message/,
    );
    const tooLong = { kind: "message", message: "x".repeat(1001) };
    expect(messageAt({ ...webinar, success: tooLong }, "success.message")).toMatch(/1000/);
    for (const to of ["javascript:alert(1)", "//evil.example", "thank-you"])
      expect(messageAt({ ...webinar, success: { kind: "redirect", to } }, "success.to"), to).toMatch(/site/);
    for (const to of ["/thank-you", "https://example.com/thanks"])
      expect(parseFormDefinition({ ...webinar, success: { kind: "redirect", to } }).ok, to).toBe(true);
    expect(messageAt({ ...webinar, success: { kind: "popup" } }, "success.kind")).toMatch(/after sending/);
  });

  it("answers something that is not a definition in plain words", () => {
    expect(errorsOf("nonsense")).toEqual([
      { path: "form", message: "This value is missing or not of the expected kind." },
    ]);
    expect(messageAt({ ...webinar, submitLabel: undefined }, "submitLabel")).toBe(
      "The button's label must be text.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { type Condition, FORM_MESSAGES, type FormDefinition, type FormField } from "./definition";
import { FREE_MAIL_DOMAINS, isFreeMailAddress } from "./free-mail";
import {
  checkSubmission,
  conditionHolds,
  DEFAULT_MAX_LENGTH,
  fillPlaceholders,
  hiddenValue,
  isRequired,
  shownFields,
  stepsOf,
} from "./submission";

const form = (...fields: FormField[]): FormDefinition => ({
  fields,
  submitLabel: "Send",
  success: { kind: "message", message: "Thanks" },
});
const field = (name: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({
  name,
  type,
  label: name,
  ...extra,
});
const options = (...values: string[]) => values.map((value) => ({ value, label: value.toUpperCase() }));
const when = (fieldName: string, operator: Condition["operator"], value?: string): Condition => ({
  field: fieldName,
  operator,
  value,
});
/** The message of one field, alone in a form. */
const errorOf = (one: FormField, raw: unknown) => {
  const result = checkSubmission(form(one), { [one.name]: raw });
  return result.ok ? undefined : result.fieldErrors[one.name];
};

describe("conditions", () => {
  const values = { country: "Germany", topics: ["ai", "other"], none: [], blank: "" };

  it("compares strings and ticked values with each operator", () => {
    expect(conditionHolds(when("country", "equals", "Germany"), values)).toBe(true);
    expect(conditionHolds(when("country", "equals", "germany"), values)).toBe(false);
    expect(conditionHolds(when("topics", "equals", "other"), values)).toBe(true);
    expect(conditionHolds(when("topics", "equals", "oth"), values)).toBe(false);
    expect(conditionHolds(when("country", "not-equals", "France"), values)).toBe(true);
    expect(conditionHolds(when("topics", "not-equals", "ai"), values)).toBe(false);
    expect(conditionHolds(when("country", "contains", "RMAN"), values)).toBe(true);
    expect(conditionHolds(when("country", "contains", "france"), values)).toBe(false);
    expect(conditionHolds(when("topics", "contains", "OTH"), values)).toBe(true);
    expect(conditionHolds(when("topics", "contains", "sales"), values)).toBe(false);
  });

  it('counts "", no ticked box and a missing value as empty', () => {
    for (const name of ["blank", "none", "missing"]) {
      expect(conditionHolds(when(name, "empty"), values), name).toBe(true);
      expect(conditionHolds(when(name, "not-empty"), values), name).toBe(false);
    }
    expect(conditionHolds(when("topics", "empty"), values)).toBe(false);
    expect(conditionHolds(when("country", "not-empty"), values)).toBe(true);
    expect(conditionHolds(when("constructor", "not-empty"), values)).toBe(false);
  });
});

describe("shown fields", () => {
  const topics = field("topics", "checkboxes", { options: options("ai", "other") });
  const otherTopic = field("other_topic", "text", {
    showWhen: when("topics", "equals", "other"),
    required: true,
  });
  const detail = field("detail", "text", { showWhen: when("other_topic", "not-empty") });
  const survey = form(topics, otherTopic, detail);
  const names = (values: Record<string, string | string[]>) => shownFields(survey, values).map((f) => f.name);

  it("shows a field while its condition holds, and hides what hangs from a hidden field", () => {
    expect(names({ topics: ["ai"] })).toEqual(["topics"]);
    expect(names({ topics: ["ai", "other"] })).toEqual(["topics", "other_topic"]);
    expect(names({ topics: ["ai", "other"], other_topic: "Robots" })).toEqual([
      "topics",
      "other_topic",
      "detail",
    ]);
    // The chain breaks when "other" is unticked, even though the old answer is still in the values.
    expect(names({ topics: ["ai"], other_topic: "Robots" })).toEqual(["topics"]);
  });

  it("never shows a field whose condition names a field below it, an unknown one or a step", () => {
    const later = form(field("a", "text", { showWhen: when("b", "empty") }), field("b", "text"));
    expect(shownFields(later, {}).map((f) => f.name)).toEqual(["b"]);
    const unknown = form(field("a", "text", { showWhen: when("ghost", "empty") }));
    expect(shownFields(unknown, {})).toEqual([]);
    const step = form(field("s", "step"), field("a", "text", { showWhen: when("s", "empty") }));
    expect(shownFields(step, {})).toEqual([]);
  });

  it('checks the "Other" answer only when "Other" is ticked, and drops it otherwise', () => {
    expect(checkSubmission(survey, { topics: "ai", other_topic: "Robots", stray: "x" })).toEqual({
      ok: true,
      values: { topics: ["ai"] },
    });
    expect(checkSubmission(survey, { topics: ["ai", "other"] })).toEqual({
      ok: false,
      fieldErrors: { other_topic: FORM_MESSAGES.required },
      values: { topics: ["ai", "other"], other_topic: "" },
    });
    expect(checkSubmission(survey, { topics: ["other"], other_topic: " Robots " })).toEqual({
      ok: true,
      values: { topics: ["other"], other_topic: "Robots", detail: "" },
    });
  });
});

describe("requirements", () => {
  it("requires a field always, or while its requireWhen holds; never a hidden one", () => {
    const phone = field("phone", "phone", { requireWhen: when("contact", "equals", "call") });
    expect(isRequired(phone, { contact: "call" })).toBe(true);
    expect(isRequired(phone, { contact: "mail" })).toBe(false);
    expect(isRequired({ ...phone, required: true }, {})).toBe(true);
    expect(isRequired(field("h", "hidden", { required: true, source: "page" }), {})).toBe(false);
    const contact = field("contact", "radio", { options: options("call", "mail") });
    expect(checkSubmission(form(contact, phone), { contact: "call" })).toMatchObject({
      fieldErrors: { phone: FORM_MESSAGES.required },
    });
    expect(checkSubmission(form(contact, phone), { contact: "mail" }).ok).toBe(true);
  });
});

describe("steps", () => {
  it("splits on step breaks, titles each step and drops empty steps", () => {
    const titled = (definition: FormDefinition) =>
      stepsOf(definition).map((s) => [s.title, s.fields.map((f) => f.name)]);
    expect(titled(form(field("a", "text"), field("b", "text")))).toEqual([["", ["a", "b"]]]);
    expect(
      titled(
        form(
          field("a", "text"),
          field("s1", "step", { label: "About you" }),
          field("s2", "step", { label: "Skipped" }),
          field("b", "text"),
          field("s3", "step", { label: "Trailing" }),
        ),
      ),
    ).toEqual([
      ["", ["a"]],
      ["Skipped", ["b"]],
    ]);
    expect(titled(form(field("s", "step", { label: "Start" }), field("a", "text")))).toEqual([
      ["Start", ["a"]],
    ]);
  });

  it("checks one step with `only`, still following conditions on the other steps", () => {
    const definition = form(
      field("email", "email", { required: true }),
      field("s", "step", { label: "More" }),
      field("company", "text", { required: true, showWhen: when("email", "not-empty") }),
      field("role", "text", { required: true }),
    );
    expect(checkSubmission(definition, { email: "a@b.example" }, { only: ["email"] })).toEqual({
      ok: true,
      values: { email: "a@b.example" },
    });
    expect(checkSubmission(definition, { email: "a@b.example" }, { only: ["company", "role"] })).toEqual({
      ok: false,
      fieldErrors: { company: FORM_MESSAGES.required, role: FORM_MESSAGES.required },
      values: { company: "", role: "" },
    });
    expect(checkSubmission(definition, {}, { only: ["company", "role"] })).toMatchObject({
      fieldErrors: { role: FORM_MESSAGES.required },
      values: { role: "" },
    });
  });
});

describe("rules of each field type", () => {
  it("text: cleaned, required, lengths and pattern, in that order", () => {
    const name = field("name", "text", { required: true, minLength: 3, maxLength: 5 });
    expect(errorOf(name, "  <script>x</script> ")).toBe(FORM_MESSAGES.required);
    expect(errorOf(name, "ab")).toBe(FORM_MESSAGES.tooShort(3));
    expect(errorOf(name, "abcdef")).toBe(FORM_MESSAGES.tooLong(5));
    expect(errorOf(name, " abcde ")).toBeUndefined();
    const code = field("code", "text", { pattern: "[A-Z]{2}\\d+", patternMessage: "Like AB12." });
    expect(errorOf(code, "xAB12")).toBe("Like AB12.");
    expect(errorOf({ ...code, patternMessage: undefined }, "AB")).toBe(FORM_MESSAGES.pattern);
    expect(errorOf(code, "AB12")).toBeUndefined();
    expect(errorOf(field("x", "text", { pattern: "([" }), "anything")).toBeUndefined();
    expect(errorOf(field("x", "text", { pattern: "a|b" }), "ab")).toBe(FORM_MESSAGES.pattern);
  });

  it("text fields have default maximum lengths", () => {
    expect(errorOf(field("t", "text"), "x".repeat(DEFAULT_MAX_LENGTH.text))).toBeUndefined();
    expect(errorOf(field("t", "text"), "x".repeat(201))).toBe(FORM_MESSAGES.tooLong(200));
    expect(errorOf(field("t", "textarea"), "x".repeat(5000))).toBeUndefined();
    expect(errorOf(field("t", "textarea"), "x".repeat(5001))).toBe(FORM_MESSAGES.tooLong(5000));
  });

  it("email: a valid address, a work address when businessOnly", () => {
    const email = field("email", "email", { businessOnly: true });
    expect(errorOf(email, "not an address")).toBe(FORM_MESSAGES.email);
    expect(errorOf(email, "ada@GMAIL.com")).toBe(FORM_MESSAGES.businessEmail);
    expect(errorOf(email, "ada@web.de")).toBe(FORM_MESSAGES.businessEmail);
    expect(errorOf(email, "ada@example.com")).toBeUndefined();
    expect(errorOf({ ...email, businessOnly: false }, "ada@gmail.com")).toBeUndefined();
    expect(errorOf(email, "")).toBeUndefined();
  });

  it("free-mail domains match exactly, without case", () => {
    expect(FREE_MAIL_DOMAINS.size).toBeGreaterThanOrEqual(60);
    expect(isFreeMailAddress("a@Hotmail.co.uk")).toBe(true);
    expect(isFreeMailAddress("a@mail.gmail.com")).toBe(false);
    expect(isFreeMailAddress("a@gmail.company")).toBe(false);
    expect(isFreeMailAddress("gmail.com")).toBe(false);
  });

  it("phone: digits and + - ( ) . and spaces, 6 to 20 digits", () => {
    const phone = field("phone", "phone");
    expect(errorOf(phone, "+49 (30) 123-45.67")).toBeUndefined();
    expect(errorOf(phone, "12345")).toBe(FORM_MESSAGES.phone);
    expect(errorOf(phone, "1".repeat(21))).toBe(FORM_MESSAGES.phone);
    expect(errorOf(phone, "123456 ext")).toBe(FORM_MESSAGES.phone);
  });

  it("number: a decimal number, then the range", () => {
    const seats = field("seats", "number", { min: 1, max: 10 });
    expect(errorOf(seats, "1e3")).toBe(FORM_MESSAGES.number);
    expect(errorOf(seats, "3.")).toBe(FORM_MESSAGES.number);
    expect(errorOf(seats, "0")).toBe(FORM_MESSAGES.tooSmall(1));
    expect(errorOf(seats, "10.5")).toBe(FORM_MESSAGES.tooLarge(10));
    expect(errorOf(seats, "9.5")).toBeUndefined();
    expect(errorOf(field("n", "number"), "-42")).toBeUndefined();
    expect(errorOf(field("n", "number"), "9".repeat(400))).toBe(FORM_MESSAGES.number);
  });

  it("date: a real calendar day", () => {
    const day = field("day", "date", { min: 5 });
    expect(errorOf(day, "2024-02-29")).toBeUndefined();
    expect(errorOf(day, "2023-02-29")).toBe(FORM_MESSAGES.date);
    expect(errorOf(day, "2024-13-01")).toBe(FORM_MESSAGES.date);
    expect(errorOf(day, "29.02.2024")).toBe(FORM_MESSAGES.date);
  });

  it("select and radio: one of the options", () => {
    for (const type of ["select", "radio"] as const) {
      const size = field("size", type, { options: options("1-10", "11-50"), required: true });
      expect(errorOf(size, "11-50")).toBeUndefined();
      expect(errorOf(size, "500")).toBe(FORM_MESSAGES.option);
      expect(errorOf(size, "")).toBe(FORM_MESSAGES.required);
    }
  });

  it("checkboxes: known values, each once; none ticked when required", () => {
    const topics = field("topics", "checkboxes", { options: options("a", "b"), required: true });
    expect(errorOf(topics, [])).toBe(FORM_MESSAGES.required);
    expect(errorOf(topics, ["a", "z"])).toBe(FORM_MESSAGES.option);
    expect(checkSubmission(form(topics), { topics: ["b", "a", "b", " "] })).toEqual({
      ok: true,
      values: { topics: ["b", "a"] },
    });
    expect(checkSubmission(form({ ...topics, required: false }), {})).toEqual({
      ok: true,
      values: { topics: [] },
    });
  });

  it('consent: ticked means "yes"; unticked is refused when required, "" otherwise', () => {
    const terms = field("terms", "consent", { required: true });
    expect(errorOf(terms, "")).toBe(FORM_MESSAGES.consent);
    expect(errorOf(terms, "nope")).toBe(FORM_MESSAGES.consent);
    for (const ticked of ["on", "TRUE", "yes", "1"])
      expect(checkSubmission(form(terms), { terms: ticked })).toEqual({ ok: true, values: { terms: "yes" } });
    expect(checkSubmission(form({ ...terms, required: false }), {})).toEqual({
      ok: true,
      values: { terms: "" },
    });
  });

  it("hidden: cleaned, never required, dropped beyond 500 characters", () => {
    const campaign = field("campaign", "hidden", { source: "utm_campaign", required: true });
    expect(checkSubmission(form(campaign), {})).toEqual({ ok: true, values: { campaign: "" } });
    expect(checkSubmission(form(campaign), { campaign: " spring<script>x</script> " })).toEqual({
      ok: true,
      values: { campaign: "spring" },
    });
    expect(checkSubmission(form(campaign), { campaign: "x".repeat(501) })).toEqual({
      ok: true,
      values: { campaign: "" },
    });
  });
});

describe("placeholders", () => {
  it("fills {name} with the value, ticked values joined, unknown names with nothing", () => {
    const values = { name: "Ada", topics: ["AI", "Sales"] };
    expect(fillPlaceholders("Thanks {name}! Topics: {topics}.", values)).toBe(
      "Thanks Ada! Topics: AI, Sales.",
    );
    expect(fillPlaceholders("Hi {nobody}{constructor}.", values)).toBe("Hi .");
    expect(fillPlaceholders("{{name}} {Name} { name }", values)).toBe("{Ada} {Name} { name }");
  });
});

describe("hidden values", () => {
  const context = {
    utm: { utm_campaign: "spring", utm_source: "news" },
    referrer: "https://search.example/",
    landingPage: "/pricing",
    page: "/webinar",
    params: { gclid: "abc", long: "y".repeat(501) },
  };
  const hidden = (extra: Partial<FormField>) => hiddenValue(field("h", "hidden", extra), context);

  it("carries the visit's attribution from the field's source", () => {
    expect(hidden({ source: "utm_campaign" })).toBe("spring");
    expect(hidden({ source: "utm_source" })).toBe("news");
    expect(hidden({ source: "utm_term" })).toBe("");
    expect(hidden({ source: "referrer" })).toBe("https://search.example/");
    expect(hidden({ source: "landing_page" })).toBe("/pricing");
    expect(hidden({ source: "page" })).toBe("/webinar");
    expect(hidden({ source: "url_parameter", parameter: "gclid" })).toBe("abc");
    expect(hidden({ source: "url_parameter", parameter: "toString" })).toBe("");
    expect(hidden({ source: "url_parameter", parameter: "long" })).toBe("");
    expect(hiddenValue(field("t", "text", { source: "page" }), context)).toBe("");
  });
});

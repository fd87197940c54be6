import { describe, expect, it } from "vitest";
import { contactSchema, leadSchema, newsletterSchema } from "../infra/lead-schema.server";
import { parseForm } from "./forms";
import {
  CONTACT_FIELDS,
  checkForm,
  cleanText,
  type FieldRules,
  HONEYPOT_FIELD,
  LEAD_FIELDS,
  leadSubject,
  MESSAGES,
  NEWSLETTER_FIELDS,
} from "./lead-schema";

const valid = { name: "Ada", email: "ada@example.com", interest: "consulting", message: "Hello" };

describe("contact schema", () => {
  it("strips script tags and trims before validating", () => {
    expect(cleanText("  Hi <script type='x'>alert(1)</script>there </script> ")).toBe("Hi there");
    const parsed = parseForm(contactSchema, { ...valid, name: "<script>x</script>" });
    expect(parsed).toMatchObject({ ok: false, fieldErrors: { name: MESSAGES.required } });
  });

  it("uses the spec's messages for missing fields, bad addresses and long messages", () => {
    const empty = parseForm(contactSchema, {});
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      for (const field of ["name", "email", "interest", "message"]) {
        expect(empty.fieldErrors[field]).toBe(MESSAGES.required);
      }
    }
    const bad = parseForm(contactSchema, { ...valid, email: "a@b" });
    expect(!bad.ok && bad.fieldErrors.email).toBe(MESSAGES.email);
    const long = parseForm(contactSchema, { ...valid, message: "x".repeat(1001) });
    expect(!long.ok && long.fieldErrors.message).toBe(MESSAGES.messageTooLong);
    expect(parseForm(contactSchema, { ...valid, message: "x".repeat(1000) }).ok).toBe(true);
  });

  it("accepts only the eight interests", () => {
    expect(parseForm(contactSchema, { ...valid, interest: "training" }).ok).toBe(true);
    expect(parseForm(contactSchema, { ...valid, interest: "crypto" }).ok).toBe(false);
  });
});

describe("lead subject", () => {
  it("names the source section, or the website", () => {
    expect(leadSubject("hero_section")).toBe("Lead from hero_section");
    expect(leadSubject(undefined)).toBe("Lead from website");
    expect(leadSubject("  ")).toBe("Lead from website");
  });
});

describe("the browser's check and the server's schemas", () => {
  // Values at and around every rule's edge, alone and among valid ones, so both sides meet each rule both ways.
  const texts = (max: number) => [
    "",
    "   ",
    "<script>x</script>",
    "ok",
    " padded ",
    "x".repeat(max),
    "x".repeat(max + 1),
    ` ${"y".repeat(max)} `,
    `${"z".repeat(max)}<script>a</script>`,
    String.fromCharCode(0),
  ];
  const candidates: Record<string, string[]> = {
    name: texts(100),
    organization: texts(100),
    message: texts(1000),
    purpose: texts(50),
    source_page: texts(500),
    source_section: texts(100),
    email: [
      ...texts(255),
      "a@b",
      "a@b.c",
      " ada@example.com ",
      "a b@c.de",
      "@b.cd",
      `${"e".repeat(250)}@b.cd`,
      `${"e".repeat(251)}@b.cd`,
      "<script>x</script>a@b.cd",
    ],
    interest: [
      ...texts(20),
      "consulting",
      "training",
      "crypto",
      " other ",
      "Other",
      "<script></script>training",
    ],
  };
  const base: Record<string, string> = {
    ...valid,
    organization: "Org",
    purpose: "contact",
    source_page: "/",
    source_section: "hero",
  };
  const cases: Record<string, string>[] = [{}, base, { ...base, [HONEYPOT_FIELD]: "bot", kind: "lead" }];
  for (const [field, values] of Object.entries(candidates)) {
    const { [field]: _, ...without } = base;
    cases.push(without);
    for (const value of values) cases.push({ ...base, [field]: value }, { [field]: value });
  }
  cases.push({
    name: "x".repeat(101),
    email: "bad",
    interest: "crypto",
    message: "",
    organization: "o".repeat(101),
  });

  it.each<[string, FieldRules, Parameters<typeof parseForm>[0]]>([
    ["contact", CONTACT_FIELDS, contactSchema],
    ["lead", LEAD_FIELDS, leadSchema],
    ["newsletter", NEWSLETTER_FIELDS, newsletterSchema],
  ])(
    "agree on every %s form: same verdict, same first message per field in the same order",
    (_, fields, schema) => {
      for (const values of cases) {
        const server = parseForm(schema, values);
        const browser = checkForm(fields, values);
        expect(browser.ok, JSON.stringify(values)).toBe(server.ok);
        if (!browser.ok && !server.ok)
          expect(Object.entries(browser.fieldErrors)).toEqual(Object.entries(server.fieldErrors));
        if (browser.ok && server.ok) expect(server.data).toMatchObject(browser.data);
      }
    },
  );
});

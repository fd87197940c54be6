import { describe, expect, it } from "vitest";
import { cleanText, contactSchema, leadSubject, MESSAGES, parseForm } from "./lead-schema";

const valid = { name: "Ada", email: "ada@example.com", interest: "consulting", message: "Hello" };

describe("contact schema", () => {
  it("strips script tags and trims before validating", () => {
    expect(cleanText("  Hi <script type='x'>alert(1)</script>there </script> ")).toBe("Hi there");
    const parsed = parseForm(contactSchema, { ...valid, name: "<script>x</script>" });
    expect(parsed).toEqual({ ok: false, errors: { name: MESSAGES.required } });
  });

  it("uses the spec's messages for missing fields, bad addresses and long messages", () => {
    const empty = parseForm(contactSchema, {});
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      for (const field of ["name", "email", "interest", "message"]) {
        expect(empty.errors[field]).toBe(MESSAGES.required);
      }
    }
    const bad = parseForm(contactSchema, { ...valid, email: "a@b" });
    expect(!bad.ok && bad.errors.email).toBe(MESSAGES.email);
    const long = parseForm(contactSchema, { ...valid, message: "x".repeat(1001) });
    expect(!long.ok && long.errors.message).toBe(MESSAGES.messageTooLong);
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

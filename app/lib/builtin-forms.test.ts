import { describe, expect, it } from "vitest";
import {
  BUILTIN_FORM_KEYS,
  BUILTIN_FORMS,
  changedTexts,
  checkTexts,
  defaultTexts,
  resolveTexts,
  SUCCESS_MESSAGES,
} from "./builtin-forms";

describe("built-in forms' texts", () => {
  it("each form has its fixed history id and its texts once each, in the groups the editor shows", () => {
    const ids = BUILTIN_FORM_KEYS.map((key) => BUILTIN_FORMS[key].id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const key of BUILTIN_FORM_KEYS) {
      const keys = BUILTIN_FORMS[key].texts.map((t) => t.key);
      expect(new Set(keys).size, key).toBe(keys.length);
      for (const t of BUILTIN_FORMS[key].texts) {
        expect(t.default.length, t.key).toBeLessThanOrEqual(t.max);
        if (!t.optional) expect(t.default, t.key).not.toBe("");
      }
    }
    expect(Object.keys(defaultTexts("newsletter"))).toEqual([
      "email.label",
      "email.help",
      "email.placeholder",
      "submit",
      "success",
    ]);
  });

  it("the defaults are the product's quoted texts", () => {
    expect(defaultTexts("contact").success).toBe(SUCCESS_MESSAGES.contactSuccess);
    expect(defaultTexts("dialog")).toMatchObject({
      heading: "Get in Touch",
      intro: "We'd love to learn more about your needs",
      "email.label": "Email",
      submit: "Send",
      successTitle: SUCCESS_MESSAGES.dialogSuccessTitle,
      success: SUCCESS_MESSAGES.dialogSuccess,
    });
    expect(defaultTexts("newsletter").success).toBe(SUCCESS_MESSAGES.newsletterSuccess);
  });

  it("stored texts show over the defaults; a blank one only where a text may be empty; unknown keys are ignored", () => {
    const texts = resolveTexts("newsletter", {
      submit: "",
      "email.placeholder": "",
      success: "Welcome aboard.",
      gone: "x",
      "email.help": 3,
    });
    expect(texts).toEqual({
      ...defaultTexts("newsletter"),
      "email.placeholder": "",
      success: "Welcome aboard.",
    });
  });

  it("stores only what differs from the defaults", () => {
    expect(changedTexts("dialog", { ...defaultTexts("dialog"), submit: "Book it" })).toEqual({
      submit: "Book it",
    });
    expect(changedTexts("dialog", defaultTexts("dialog"))).toEqual({});
  });

  it("trims and cleans what was typed, and names each text it refuses", () => {
    const checked = checkTexts("contact", {
      ...defaultTexts("contact"),
      heading: `  Hello\u0000 there  `,
      intro: "",
      submit: " ",
      "interest.placeholder": "",
      success: "y".repeat(301),
    });
    expect(checked).toEqual({
      ok: false,
      fieldErrors: {
        submit: "The button label cannot be empty: write one, or reset it to the default.",
        "interest.placeholder":
          "The interest field first choice (nothing chosen) cannot be empty: write one, or reset it to the default.",
        success: "Keep it to 300 characters.",
      },
    });
    const ok = checkTexts("contact", { heading: "  Hello\u0000 there  ", intro: "" });
    expect(ok).toEqual({
      ok: true,
      texts: { ...defaultTexts("contact"), heading: "Hello there", intro: "" },
    });
    // A limit counts characters as people do: an emoji is one.
    expect(checkTexts("newsletter", { submit: "👍".repeat(40) }).ok).toBe(true);
  });
});

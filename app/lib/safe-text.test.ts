import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeJson, safeText, safeTextOrNull } from "./safe-text";

const wellFormed = (s: string) => s.isWellFormed() && !s.includes("\u0000");

describe("safeText", () => {
  it("removes NUL and replaces lone surrogates", () => {
    expect(safeText("a\u0000b")).toBe("ab");
    expect(safeText("x\ud83d")).toBe("x\ufffd");
    expect(safeText("\ude00y")).toBe("\ufffdy");
    expect(safeText("ok 😀")).toBe("ok 😀");
  });

  it("cuts by code point, never inside an emoji", () => {
    expect(safeText("ab😀cd", 3)).toBe("ab😀");
    expect(safeText("ab😀cd", 2)).toBe("ab");
    expect(safeText("😀😀😀", 2)).toBe("😀😀");
    expect(safeText("short", 10)).toBe("short");
  });

  it("any string becomes well formed, without NUL, within its limit, and a safe string is left alone", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.nat(200), (s, max) => {
        const out = safeText(s, max);
        expect(wellFormed(out)).toBe(true);
        expect([...out].length).toBeLessThanOrEqual(max);
        if (wellFormed(s) && [...s].length <= max) expect(out).toBe(s);
        // Cutting keeps a prefix of the cleaned text.
        expect(safeText(s).startsWith(out)).toBe(true);
      }),
    );
  });

  it("every emoji cut point gives a string PostgreSQL's jsonb accepts", () => {
    const text = "a😀b👩‍💻c🇫🇷";
    for (let cut = 0; cut <= text.length; cut++) {
      expect(wellFormed(safeText(text.slice(0, cut)))).toBe(true);
      expect(() => JSON.parse(JSON.stringify(safeText(text.slice(0, cut))))).not.toThrow();
    }
  });
});

describe("safeTextOrNull and safeJson", () => {
  it("blank becomes null", () => {
    expect(safeTextOrNull("  \u0000 ")).toBeNull();
    expect(safeTextOrNull(undefined)).toBeNull();
    expect(safeTextOrNull(" x ", 5)).toBe("x");
  });

  it("cleans every string of a nested value and keeps its shape", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = safeJson(value);
        const text = JSON.stringify(out);
        expect(text === undefined || wellFormed(text)).toBe(true);
      }),
    );
    expect(safeJson({ "k\u0000": ["v\ud800", 1, null, true] })).toEqual({ k: ["v\ufffd", 1, null, true] });
  });
});

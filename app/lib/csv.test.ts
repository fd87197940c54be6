import { describe, expect, it } from "vitest";
import { csvField, parseCsv, toCsv } from "./csv";

describe("csvField", () => {
  it("leaves plain text alone and writes empty for null", () => {
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(42)).toBe("42");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("Acme, Inc.")).toBe('"Acme, Inc."');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  it("neutralises formula prefixes = + - @ (and tab / CR)", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField(-1)).toBe("-1");
  });

  it("writes dates as ISO 8601", () => {
    expect(csvField(new Date("2024-05-01T10:00:00Z"))).toBe("2024-05-01T10:00:00.000Z");
  });
});

describe("toCsv", () => {
  it("writes a header and CRLF-terminated rows that parse back", () => {
    const rows = [
      { name: "O'Brien, Pat", note: 'He said "yes"\nthen left' },
      { name: "=1+1", note: "" },
    ];
    const csv = toCsv(
      [
        { header: "Name", value: (r) => r.name },
        { header: "Note", value: (r) => r.note },
      ],
      rows,
    );
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ["Name", "Note"],
      ["O'Brien, Pat", 'He said "yes"\nthen left'],
      ["'=1+1", ""],
    ]);
  });
});

describe("parseCsv", () => {
  it("reads quoted fields with delimiters, doubled quotes and line breaks, and any line ending", () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n"two\nlines",x\ry')).toEqual([
      ["a", "b,c", 'say "hi"'],
      ["two\nlines", "x"],
      ["y"],
    ]);
  });

  it("keeps empty fields and ignores a final line break", () => {
    expect(parseCsv("a,,c\n,\n")).toEqual([
      ["a", "", "c"],
      ["", ""],
    ]);
  });
});

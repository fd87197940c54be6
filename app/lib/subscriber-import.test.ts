import { describe, expect, it } from "vitest";
import { IMPORT_MAX_ROWS, readSignUpDate, readSubscriberCsv } from "./subscriber-import";

const now = new Date("2026-06-01T12:00:00Z");

describe("readSubscriberCsv", () => {
  it("finds the columns by their header in any case and order, and reads each row", () => {
    const result = readSubscriberCsv(
      "\uFEFFSign-up Date,NAME,E-Mail\n2024-03-01,Ada Lovelace,ADA@Example.com\n,,bob@example.com\n\n",
      now,
    );
    expect(result).toEqual({
      ok: true,
      total: 2,
      invalid: [],
      rows: [
        { row: 2, email: "ada@example.com", name: "Ada Lovelace", signedUpAt: "2024-03-01T00:00:00.000Z" },
        { row: 3, email: "bob@example.com", name: null, signedUpAt: null },
      ],
    });
  });

  it("reads a semicolon list (a spreadsheet in a European locale) with only the e-mail column", () => {
    const result = readSubscriberCsv("email;city\nc@example.com;Paris\n", now);
    expect(result.ok && result.rows.map((r) => r.email)).toEqual(["c@example.com"]);
  });

  it("lists invalid rows with their row number (the header is row 1) and reason", () => {
    const long = `${"x".repeat(250)}@example.com`;
    const result = readSubscriberCsv(
      [
        "email,name,date",
        "not-an-address,A,",
        `${long},B,`,
        "ok@example.com,C,2024-02-30",
        "ok2@example.com,D,yesterday",
        `ok3@example.com,${"n".repeat(201)},`,
        "ok4@example.com,E,2030-01-01",
        ",F,",
        "good@example.com,G,2025-12-31 08:30",
      ].join("\n"),
      now,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.invalid.map((p) => [p.row, p.reason])).toEqual([
      [2, "Not a valid e-mail address"],
      [3, "E-mail address longer than 254 characters"],
      [4, "Sign-up date is not a real date"],
      [5, "Sign-up date not understood: write it as YYYY-MM-DD (or YYYY-MM-DD HH:MM)"],
      [6, "Name longer than 200 characters"],
      [7, "Sign-up date in the future"],
      [8, "No e-mail address"],
    ]);
    expect(result.rows).toEqual([
      { row: 9, email: "good@example.com", name: "G", signedUpAt: "2025-12-31T08:30:00.000Z" },
    ]);
    expect(result.total).toBe(8);
  });

  it("makes hostile text safe: NUL removed, a lone surrogate replaced", () => {
    const result = readSubscriberCsv("email,name\nnul@example.com,A\u0000da \ud800x\n", now);
    expect(result.ok && result.rows[0]?.name).toBe("Ada \ufffdx");
  });

  it("refuses a file without an e-mail column, an empty file, and one with too many rows", () => {
    expect(readSubscriberCsv("name,date\nA,2024-01-01\n", now)).toMatchObject({ ok: false });
    expect(readSubscriberCsv("", now)).toEqual({ ok: false, message: "The file is empty." });
    const many = `email\n${"a@example.com\n".repeat(IMPORT_MAX_ROWS + 1)}`;
    expect(readSubscriberCsv(many, now)).toEqual({
      ok: false,
      message: "The file has more than 50,000 rows. Split it and import the parts one after the other.",
    });
  });
});

describe("readSignUpDate", () => {
  it("takes dates, times and offsets; refuses impossible ones", () => {
    expect(readSignUpDate("2024-01-02T03:04:05+02:00", now)).toEqual({ at: "2024-01-02T01:04:05.000Z" });
    expect(readSignUpDate("2024-01-02 03:04", now)).toEqual({ at: "2024-01-02T03:04:00.000Z" });
    expect(readSignUpDate("2024-13-01", now)).toMatchObject({ reason: expect.any(String) });
    expect(readSignUpDate("1980-01-01", now)).toEqual({ reason: "Sign-up date before 1990" });
  });
});

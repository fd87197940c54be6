import { describe, expect, it } from "vitest";
import { escapeLike, isDatabaseUnavailable, isUniqueViolation } from "./sql-helpers.server";

const withCode = (code: string) => Object.assign(new Error(code), { code });
/** How Drizzle wraps a driver error. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    "ECONNREFUSED",
    "ECONNRESET",
    "CONNECTION_CLOSED",
    "CONNECT_TIMEOUT",
    "57P01",
    "57P03",
    "08006",
    "53300",
  ])("recognises %s, also wrapped by Drizzle", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode(code)))).toBe(true);
  });

  it("recognises every address of a host refusing (AggregateError)", () => {
    const error = new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "connect failed");
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it("does not mistake a bad query, a constraint or a plain bug for an outage", () => {
    for (const error of [withCode("23505"), withCode("42P01"), withCode("22021"), new TypeError("x"), null]) {
      expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
    }
  });
});

describe("isUniqueViolation and escapeLike", () => {
  it("finds 23505 under Drizzle's wrapper and escapes LIKE's own characters", () => {
    expect(isUniqueViolation(wrapped(withCode("23505")))).toBe(true);
    expect(isUniqueViolation(wrapped(withCode("23503")))).toBe(false);
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});

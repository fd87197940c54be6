// Property-based fuzzing's shared parts (fast-check): strings attackers and broken clients send, values of the
// wrong type, field values that fail the shared rules, and what every answer must be (never a 5xx; a 4xx that says
// what is wrong).
import fc from "fast-check";
import { expect, uniqueIp } from "./fixtures";

export const RUNS = 40;

/** Strings attackers and broken clients send. */
export const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    "   ",
    "\u0000",
    "a\u0000b",
    "%00",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE atlas_contact_requests; --",
    "' OR '1'='1",
    "\\",
    "%_%",
    "$" + "{jndi:ldap://x}",
    "../../etc/passwd",
    "😀".repeat(300),
    "\u202Egnp.exe",
    "x".repeat(5_000),
    "y".repeat(70_000),
  ),
);

/** A value that is not a string: what a careless JSON client sends. */
export const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Field values that fail the shared rules whatever the other fields hold. */
export const badEmail = fc.oneof(
  fc.constantFrom("", "   ", "not-an-email", "a@", "@b.co", "a b@c.de", "<script>@x.y", "a\u0000b.co"),
  fc.string({ maxLength: 30 }).filter((s) => !s.includes("@")),
  fc.constant(`${"a".repeat(300)}@example.com`),
);
export const tooLong = (max: number) =>
  fc
    .oneof(
      { arbitrary: fc.integer({ min: max + 1, max: max + 2_000 }), weight: 9 },
      fc.constant(max + 60_000),
    )
    .map((n) => "z".repeat(n));
export const blank = fc.constantFrom("", "   ", "\t\n");

export async function post(url: string, body: BodyInit, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: "POST",
    body,
    headers: { "X-Forwarded-For": uniqueIp(), ...headers },
  });
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get("content-type") ?? "" };
}

/** A 4xx must say why: a JSON message, or an alert or field errors on the re-rendered page. */
export function expectClearRejection(answer: { status: number; text: string; type: string }, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  if (answer.type.includes("json")) {
    const body = JSON.parse(answer.text) as {
      error?: string | { message?: string };
      errors?: Record<string, string>;
      toast?: { message?: string };
      message?: string;
    };
    const message =
      typeof body.error === "string"
        ? body.error
        : (body.error?.message ?? body.toast?.message ?? body.message ?? Object.values(body.errors ?? {})[0]);
    expect(message, `${what}: a message`).toBeTruthy();
  } else if (answer.type.includes("html")) {
    // The page comes back with an alert, or with the fields marked invalid and their messages.
    expect(answer.text, `${what}: an alert or field errors on the page`).toMatch(
      /role="alert"|aria-invalid="true"/,
    );
  } else {
    expect(answer.text.trim().length, `${what}: a message`).toBeGreaterThan(0);
  }
}

export function expectNo5xx(answer: { status: number; text: string; type: string }, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expectClearRejection(answer, what);
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
export const JSON_ACCEPT = { ...FORM, Accept: "application/json" };

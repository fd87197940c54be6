// Reliability: property-based fuzzing (fast-check) of every public form — the contact page (with and
// without JavaScript), the contact/demo dialog, the newsletter, the admin sign-in, a form the team built — and of
// the content API, over
// HTTP against the production server. Inputs: oversized, malformed, unicode, null bytes, script and SQL
// metacharacters, wrong types, broken bodies.
//
// Two properties per target:
// - anything at all: never a 5xx, and every 4xx says what is wrong;
// - input made invalid on purpose (one field broken at random): a 4xx with a message, and — checked on the
//   dashboard's figures before and after — nothing from those requests is stored.
import fc from "fast-check";
import { HONEYPOT_FIELD } from "../../app/lib/lead-schema";
import { expect, test, uniqueIp } from "./support/fixtures";
import { adminCookie, createContentKey } from "./support/server-process";

const RUNS = 40;
const API = "/functions/v1/content-api";

/** Strings attackers and broken clients send. */
const nasty = fc.oneof(
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
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Field values that fail the shared rules whatever the other fields hold. */
const badEmail = fc.oneof(
  fc.constantFrom("", "   ", "not-an-email", "a@", "@b.co", "a b@c.de", "<script>@x.y", "a\u0000b.co"),
  fc.string({ maxLength: 30 }).filter((s) => !s.includes("@")),
  fc.constant(`${"a".repeat(300)}@example.com`),
);
const tooLong = (max: number) =>
  fc
    .oneof(
      { arbitrary: fc.integer({ min: max + 1, max: max + 2_000 }), weight: 9 },
      fc.constant(max + 60_000),
    )
    .map((n) => "z".repeat(n));
const blank = fc.constantFrom("", "   ", "\t\n");

async function post(url: string, body: BodyInit, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: "POST",
    body,
    headers: { "X-Forwarded-For": uniqueIp(), ...headers },
  });
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get("content-type") ?? "" };
}

/** A 4xx must say why: a JSON message, or an alert or field errors on the re-rendered page. */
function expectClearRejection(answer: { status: number; text: string; type: string }, what: string) {
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

function expectNo5xx(answer: { status: number; text: string; type: string }, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expectClearRejection(answer, what);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_ACCEPT = { ...FORM, Accept: "application/json" };

test.describe("fuzzing the public forms and the content API", () => {
  test.describe.configure({ timeout: 240_000 });

  test("nothing crashes, rejections are clear, and rejected input is never stored", async ({
    adminPage: page,
    baseURL,
  }) => {
    const base = baseURL as string;
    const origin = { Origin: base };
    const cookie = await adminCookie(base);
    // Several keys, used in turn, so the per-key rate limit does not hide the validation under 429s.
    const keys = await Promise.all(Array.from({ length: 6 }, () => createContentKey(base, cookie)));
    let turn = 0;
    const apiKey = () => keys[turn++ % keys.length] as string;

    const figures = async () => {
      await page.goto("/admin");
      const value = async (label: string) =>
        Number(
          (
            await page.getByTestId("stat-card").filter({ hasText: label }).locator("p").nth(1).innerText()
          ).replace(/\D/g, ""),
        );
      return {
        posts: await value("Blog posts"),
        academy: await value("Academy content"),
        contacts: await value("Contact requests"),
        subscribers: await value("Subscribers"),
        leads: await value("Leads (last 7 days)"),
      };
    };

    // --- Invalid on purpose: 4xx with a message, and nothing stored. ---
    const before = await figures();

    const contactFields = fc.record({
      name: nasty,
      email: nasty,
      organization: nasty,
      interest: nasty,
      message: nasty,
    });
    const brokenContact = fc
      .tuple(
        contactFields,
        fc.oneof(
          fc.record({ name: fc.oneof(blank, tooLong(100)) }),
          fc.record({ email: badEmail }),
          fc.record({ organization: tooLong(100) }),
          fc.record({
            interest: fc.oneof(
              blank,
              nasty.filter((s) => !/^[a-z-]+$/.test(s)),
            ),
          }),
          fc.record({ message: fc.oneof(blank, tooLong(1000)) }),
        ),
      )
      .map(([fields, broken]) => ({ ...fields, ...broken }) as Record<string, string>);

    await fc.assert(
      fc.asyncProperty(brokenContact, async (fields) => {
        expectClearRejection(
          await post(`${base}/contact`, form(fields), { ...FORM, ...origin }),
          "POST /contact",
        );
        expectClearRejection(
          await post(`${base}/api/leads`, form({ ...fields, kind: "contact" }), {
            ...JSON_ACCEPT,
            ...origin,
          }),
          "POST /api/leads contact",
        );
      }),
      { numRuns: RUNS },
    );

    const brokenLead = fc
      .tuple(
        fc.record({ name: nasty, email: nasty, message: nasty, purpose: nasty }),
        fc.oneof(
          fc.record({ email: badEmail }),
          fc.record({ name: tooLong(100) }),
          fc.record({ message: tooLong(1000) }),
          fc.record({ purpose: tooLong(50) }),
        ),
      )
      .map(([fields, broken]) => ({ ...fields, ...broken }) as Record<string, string>);
    await fc.assert(
      fc.asyncProperty(brokenLead, badEmail, async (fields, email) => {
        expectClearRejection(
          await post(`${base}/api/leads`, form({ ...fields, kind: "lead" }), { ...JSON_ACCEPT, ...origin }),
          "POST /api/leads lead",
        );
        expectClearRejection(
          await post(`${base}/api/leads`, form({ email, kind: "newsletter" }), { ...JSON_ACCEPT, ...origin }),
          "POST /api/leads newsletter",
        );
      }),
      { numRuns: RUNS },
    );

    const brokenItem = fc.oneof(
      fc.record({ title: fc.oneof(blank, tooLong(200), wrongType) }),
      fc.record({
        title: nasty,
        status: fc.oneof(
          nasty.filter((s) => !["draft", "published", "archived"].includes(s)),
          wrongType,
        ),
      }),
      // A bad URL in the image field of both collections (each ignores the other's field).
      fc
        .oneof(fc.constantFrom("javascript:alert(1)", "ftp://x", "not a url"), wrongType)
        .chain((url) =>
          fc.record({ title: nasty, featured_image: fc.constant(url), thumbnail_url: fc.constant(url) }),
        ),
      fc.record({
        title: nasty,
        content: fc.oneof(
          wrongType.filter((v) => !(Array.isArray(v) && v.length === 0)),
          // A block without a type (one of an unknown type is dropped with a warning, not refused).
          fc.constant([{ data: {} }]),
        ),
      }),
      fc.record({
        title: nasty,
        tags: fc.oneof(fc.integer(), fc.array(tooLong(50), { minLength: 1, maxLength: 2 })),
      }),
    );
    await fc.assert(
      fc.asyncProperty(brokenItem, fc.constantFrom("blog", "academy"), async (item, collection) => {
        const body = collection === "academy" ? { category: "Fuzz", ...item } : item;
        expectClearRejection(
          await post(`${base}${API}/${collection}`, JSON.stringify(body), {
            "Content-Type": "application/json",
            "x-api-key": apiKey(),
          }),
          `POST ${API}/${collection}`,
        );
      }),
      { numRuns: RUNS },
    );

    // Bodies that are not what they claim to be.
    const brokenBody = fc.oneof(
      fc.string({ maxLength: 200 }).filter((s) => {
        try {
          const parsed = JSON.parse(s);
          return typeof parsed !== "object" || parsed === null || Array.isArray(parsed);
        } catch {
          return true;
        }
      }),
      fc.constantFrom("{", '{"title":', "[]", "null", '"x"', "\u0000", `{"title":"${"x".repeat(300_000)}"}`),
    );
    await fc.assert(
      fc.asyncProperty(brokenBody, fc.constantFrom("blog", "academy"), async (body, collection) => {
        expectClearRejection(
          await post(`${base}${API}/${collection}`, body, {
            "Content-Type": "application/json",
            "x-api-key": apiKey(),
          }),
          `POST ${API}/${collection} (raw body)`,
        );
      }),
      { numRuns: RUNS },
    );

    expect(await figures(), "nothing from the rejected requests was stored").toEqual(before);

    // --- Anything at all: never a 5xx, and 4xx answers say why. ---
    await fc.assert(
      fc.asyncProperty(
        contactFields,
        fc.dictionary(fc.string({ maxLength: 10 }), nasty, { maxKeys: 3 }),
        async (fields, extra) => {
          const all = { ...extra, ...fields } as Record<string, string>;
          delete all[HONEYPOT_FIELD]; // filling it holds the submission as suspected spam (time-trap spec)
          expectNo5xx(await post(`${base}/contact`, form(all), { ...FORM, ...origin }), "POST /contact");
          expectNo5xx(
            await post(`${base}/api/leads`, form({ ...all, kind: "lead" }), { ...JSON_ACCEPT, ...origin }),
            "POST /api/leads",
          );
          expectNo5xx(
            await post(`${base}/api/leads`, form({ email: fields.email, kind: "newsletter" }), {
              ...JSON_ACCEPT,
              ...origin,
            }),
            "POST /api/leads newsletter",
          );
          expectNo5xx(
            await post(`${base}/admin-auth`, form({ email: fields.email, password: fields.message }), {
              ...FORM,
              ...origin,
            }),
            "POST /admin-auth",
          );
        },
      ),
      { numRuns: RUNS },
    );

    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            title: fc.oneof(nasty, wrongType),
            description: fc.oneof(nasty, wrongType),
            category: fc.oneof(nasty, wrongType),
            tags: fc.oneof(nasty, wrongType),
            slug: fc.oneof(nasty, wrongType),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom("blog", "academy"),
        async (item, collection) => {
          expectNo5xx(
            await post(`${base}${API}/${collection}`, JSON.stringify(item), {
              "Content-Type": "application/json",
              "x-api-key": apiKey(),
            }),
            `POST ${API}/${collection}`,
          );
        },
      ),
      { numRuns: RUNS },
    );

    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("limit", "offset", "slug", "q", "status"), nasty, { maxKeys: 3 }),
        fc.constantFrom("blog", "academy"),
        async (query, collection) => {
          const response = await fetch(`${base}${API}/${collection}?${new URLSearchParams(query)}`, {
            headers: { "x-api-key": apiKey() },
          });
          expectNo5xx(
            {
              status: response.status,
              text: await response.text(),
              type: response.headers.get("content-type") ?? "",
            },
            `GET ${API}/${collection}`,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  test("a built form: refused input is answered clearly and stored nowhere; anything at all gets no 5xx", async ({
    adminPage: page,
    baseURL,
  }) => {
    const base = baseURL as string;
    const origin = { Origin: base };
    const name = `Fuzzed form ${uniqueIp()}`;
    const definition = {
      fields: [
        { type: "text", name: "name", label: "Name", required: true, maxLength: 100 },
        { type: "email", name: "work_email", label: "Work e-mail", required: true, businessOnly: true },
        {
          type: "select",
          name: "size",
          label: "Company size",
          required: true,
          options: [
            { value: "small", label: "1-50" },
            { value: "large", label: "51+" },
          ],
        },
        { type: "number", name: "seats", label: "Seats", min: 1, max: 500 },
        { type: "consent", name: "consent", label: "I agree.", required: true },
        { type: "hidden", name: "campaign", label: "Campaign", source: "utm_campaign" },
      ],
      submitLabel: "Send",
      success: { kind: "message", message: "Thanks {name}" },
    };
    const created = await page.request.post(`${base}/admin/forms/new`, {
      form: {
        intent: "save",
        base: "",
        form: JSON.stringify({
          name,
          status: "open",
          opensAt: "",
          closesAt: "",
          maxSubmissions: "",
          closedMessage: "",
          definition,
        }),
      },
      headers: origin,
      maxRedirects: 0,
    });
    expect(created.status(), await created.text()).toBe(302);
    const formId = (created.headers().location ?? "").split("/").at(-1) ?? "";
    expect(formId).toMatch(/^[0-9a-f-]{36}$/);
    const url = `${base}/api/forms/${formId}`;
    const stored = async () => {
      await page.goto("/admin/forms");
      const row = page.getByTestId("form-row").filter({ hasText: name });
      return Number(await row.locator("td").nth(2).innerText());
    };

    // Invalid on purpose (one field broken at random): a 4xx naming it, with JavaScript and without, and nothing
    // stored. A hidden field sent anyway is ignored, so it is sent on every request.
    const valid = {
      name: "Ada",
      work_email: "ada@analytical.example",
      size: "small",
      seats: "10",
      consent: "on",
    };
    const broken = fc.oneof(
      fc.record({ name: fc.oneof(blank, tooLong(100)) }),
      fc.record({ work_email: badEmail }),
      fc.record({ work_email: fc.constantFrom("ada@gmail.com", "ADA@Outlook.com", "x@yahoo.co.uk") }),
      fc.record({
        size: fc.oneof(
          blank,
          nasty.filter((s) => s !== "small" && s !== "large"),
        ),
      }),
      // Not a number, or outside 1 to 500 ("+7" and "0x10" are numbers to JavaScript, not to the form).
      fc.record({ seats: fc.constantFrom("0", "501", "-3", "1e9", "ten", "1,5", "+7", "0x10", "Infinity") }),
      fc.record({ consent: blank }),
    );
    await fc.assert(
      fc.asyncProperty(broken, nasty, async (change, campaign) => {
        const fields = { ...valid, campaign, ...change } as Record<string, string>;
        expectClearRejection(
          await post(url, form(fields), { ...JSON_ACCEPT, ...origin }),
          "POST /api/forms (JSON)",
        );
        expectClearRejection(
          await post(url, form(fields), { ...FORM, ...origin }),
          "POST /api/forms (no JS)",
        );
      }),
      { numRuns: RUNS },
    );
    expect(await stored(), "nothing from the refused submissions was stored").toBe(0);

    // Anything at all, and bodies that are not what they claim: never a 5xx, and each 4xx says why.
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...Object.keys(valid), "campaign", "extra"), nasty, { maxKeys: 6 }),
        async (fields) => {
          expectNo5xx(await post(url, form(fields), { ...JSON_ACCEPT, ...origin }), "POST /api/forms");
          expectNo5xx(
            await post(url, JSON.stringify(fields), { "Content-Type": "application/json", ...origin }),
            "POST /api/forms (a JSON body)",
          );
        },
      ),
      { numRuns: RUNS },
    );
    expectNo5xx(
      await post(`${base}/api/forms/not-a-form`, form(valid), { ...JSON_ACCEPT, ...origin }),
      "POST /api/forms/not-a-form",
    );
    expectNo5xx(
      await post(url, "\u0000%%%", { "Content-Type": "multipart/form-data; boundary=x", ...origin }),
      "POST /api/forms (a broken multipart body)",
    );
  });
});

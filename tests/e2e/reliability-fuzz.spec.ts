// Reliability: property-based fuzzing (fast-check) of every public form — the contact page (with and
// without JavaScript), the contact/demo dialog, the newsletter, the admin sign-in — and of the content API, over
// HTTP against the production server (a form the team built: reliability-fuzz-forms.spec.ts). Inputs: oversized, malformed, unicode, null bytes, script and SQL
// metacharacters, wrong types, broken bodies.
//
// Two properties per target:
// - anything at all: never a 5xx, and every 4xx says what is wrong;
// - input made invalid on purpose (one field broken at random): a 4xx with a message, and — checked on the
//   dashboard's figures before and after — nothing from those requests is stored.
import fc from "fast-check";
import { HONEYPOT_FIELD } from "../../app/lib/lead-schema";
import { expect, test } from "./support/fixtures";
import {
  badEmail,
  blank,
  expectClearRejection,
  expectNo5xx,
  FORM,
  form,
  JSON_ACCEPT,
  nasty,
  post,
  RUNS,
  tooLong,
  wrongType,
} from "./support/fuzz";
import { adminCookie, createContentKey } from "./support/server-process";

const API = "/functions/v1/content-api";

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
});

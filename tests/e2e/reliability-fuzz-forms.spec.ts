// Reliability: property-based fuzzing (fast-check) of a form the team built, over HTTP against the production
// server: input broken on purpose in one field (required left empty, a bad or free-mail address, a value outside the
// options, a number out of range, a consent not given, with a hidden field always sent) gets a 4xx naming it, as
// JSON, as the plain page and through the content API's submissions, and nothing is stored; anything at all, and
// bodies that are not what they claim, never a 5xx.
import fc from "fast-check";
import { expect, test, uniqueIp } from "./support/fixtures";
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

test.describe("fuzzing a built form", () => {
  test.describe.configure({ timeout: 240_000 });

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
    // The same through the content API, as JSON, with keys that may send submissions (several in turn, so the
    // per-key request limit does not hide the checks under 429s): a 400 naming the field.
    const cookie = await adminCookie(base);
    const keys = await Promise.all(
      [1, 2, 3, 4].map((n) => createContentKey(base, cookie, `Fuzzed submissions ${n}`, "form_submissions")),
    );
    let turn = 0;
    const viaApi = (body: string) =>
      post(`${base}${API}/forms/${formId}/submissions`, body, {
        "Content-Type": "application/json",
        "x-api-key": keys[turn++ % keys.length] as string,
      });
    await fc.assert(
      fc.asyncProperty(broken, nasty, async (change, campaign) => {
        const answer = await viaApi(JSON.stringify({ values: { ...valid, campaign, ...change } }));
        expect(answer.status, answer.text.slice(0, 300)).toBe(400);
        expectClearRejection(answer, "POST content API submissions");
        expect(Object.keys(JSON.parse(answer.text).error.fields ?? {})).not.toEqual([]);
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
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .dictionary(
              fc.constantFrom(...Object.keys(valid), "campaign", "extra"),
              fc.oneof(nasty, wrongType),
              {
                maxKeys: 6,
              },
            )
            .map((values) => ({ values })),
          fc.record({ values: wrongType }),
          wrongType,
        ),
        async (body) => {
          expectNo5xx(await viaApi(JSON.stringify(body)), "POST content API submissions");
        },
      ),
      { numRuns: RUNS },
    );
    for (const body of [
      "{",
      "[]",
      "null",
      '{"values":',
      "\u0000",
      `{"values":{"name":"${"x".repeat(300_000)}"}}`,
    ]) {
      expectNo5xx(await viaApi(body), "POST content API submissions (a broken body)");
    }
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

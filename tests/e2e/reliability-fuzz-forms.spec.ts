// Reliability: property-based fuzzing (fast-check) of a form the team built, over HTTP against the production
// server: input broken on purpose in one field (required left empty, a bad or free-mail address, a value outside the
// options, a number out of range, a consent not given, with a hidden field always sent; a file that is not what its
// field takes: its bytes, its name, its size, two of them) gets a 4xx naming it, as JSON, as the plain page and
// through the content API's submissions, and nothing is stored, no row and no file; anything at all, crafted
// multipart bodies and bodies that are not what they claim, never a 5xx.
import { readdir } from "node:fs/promises";
import path from "node:path";
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
import { adminCookie, createContentKey, newOpenForm } from "./support/server-process";

const API = "/functions/v1/content-api";

/** The form's answers and files as a multipart body (what the running form sends). */
function multipart(fields: Record<string, string>, files: Readonly<Record<string, readonly File[]>>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, list] of Object.entries(files)) for (const file of list) body.append(name, file);
  return body;
}

/** What the running form asks for (JSON), and a browser without JavaScript (a page). */
const JSON_ACCEPT_ONLY: Record<string, string> = { Accept: "application/json" };
const NO_SCRIPT: Record<string, string> = {};

/** The files the shared server keeps in its private store (what visitors attached to forms). */
async function privateFiles(): Promise<string[]> {
  const root = process.env.E2E_DATA_ROOT ?? path.resolve("test-results/e2e-data");
  const folder = path.join(root, "demo", "uploads", "private", "forms");
  return (await readdir(folder).catch(() => [])).sort();
}

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
        { type: "file", name: "attachment", label: "Attachment", fileKinds: ["pdf", "images"], maxSizeMb: 1 },
      ],
      submitLabel: "Send",
      success: { kind: "message", message: "Thanks {name}" },
    };
    const created = await page.request.post(`${base}/admin/forms/new`, {
      form: newOpenForm(name, definition),
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
    // A file that is not what the field takes, beside answers that are fine: refused, and no file kept.
    const filesBefore = await privateFiles();
    const impostor = fc
      .tuple(
        fc.constantFrom(
          "MZ\u0090\u0000",
          "<!doctype html><script>alert(1)</script>",
          "<svg onload=alert(1)>",
          "\u0000\u0000\u0000",
          "PK\u0003\u0004",
          "#!/bin/sh\n",
        ),
        fc.uint8Array({ maxLength: 2_000 }),
        fc.constantFrom(
          "cv.pdf",
          "me.png",
          "photo.jpg",
          "x.webp",
          "cv.PDF",
          "setup.exe",
          "cv.pdf.exe",
          "notes.txt",
        ),
        fc.constantFrom("application/pdf", "image/png", "", "application/octet-stream", "text/html"),
      )
      .map(([start, tail, name, type]) => ({
        attachment: [new File([start, tail as Uint8Array<ArrayBuffer>], name, { type })],
      }));
    const pdf = (size: number) =>
      new File(["%PDF-1.4\n", new Uint8Array(size)], "cv.pdf", { type: "application/pdf" });
    const badFile = fc.oneof(
      impostor,
      // Over the field's 1 MB; two files for one field.
      fc.integer({ min: 1, max: 200_000 }).map((n) => ({ attachment: [pdf(1024 * 1024 + n)] })),
      fc.constant({ attachment: [pdf(10), pdf(20)] }),
    );
    await fc.assert(
      fc.asyncProperty(badFile, async (files) => {
        for (const headers of [JSON_ACCEPT_ONLY, NO_SCRIPT]) {
          const body = multipart(valid, files);
          expectClearRejection(
            await post(url, body, { ...headers, ...origin }),
            "POST /api/forms (a bad file)",
          );
        }
      }),
      { numRuns: RUNS },
    );
    expect(await stored(), "nothing from the refused submissions was stored").toBe(0);
    expect(await privateFiles(), "no file of a refused submission was kept").toEqual(filesBefore);

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
    // Crafted multipart bodies: any parts, files under any name with any bytes, names and types.
    const part = fc.oneof(
      nasty,
      fc
        .tuple(
          fc.uint8Array({ maxLength: 3_000 }),
          nasty,
          fc.constantFrom("", "application/pdf", "image/png", "x/\u0000"),
        )
        .map(([bytes, name, type]) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(...Object.keys(valid), "attachment", "campaign", "extra"),
          fc.array(part, { minLength: 1, maxLength: 3 }),
          {
            maxKeys: 7,
          },
        ),
        async (parts) => {
          const body = new FormData();
          for (const [name, values] of Object.entries(parts))
            for (const value of values) body.append(name, value);
          expectNo5xx(await post(url, body, { ...JSON_ACCEPT, ...origin }), "POST /api/forms (multipart)");
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
    const boundary = "----fuzz";
    for (const crafted of [
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="cv.pdf"\r\n\r\n%PDF-1.4`,
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a\r\nb.pdf"\r\n\r\nx\r\n--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; filename="cv.pdf"\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename*=UTF-8''%E2%80%AEfdp.exe\r\n\r\nMZ\r\n--${boundary}--\r\n`,
      `--other\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--other--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="${"n".repeat(70_000)}"\r\n\r\nx\r\n--${boundary}--\r\n`,
    ]) {
      for (const type of [
        `multipart/form-data; boundary=${boundary}`,
        "multipart/form-data",
        "multipart/mixed",
      ])
        expectNo5xx(
          await post(url, crafted, { "Content-Type": type, ...JSON_ACCEPT_ONLY, ...origin }),
          "POST /api/forms (a crafted multipart body)",
        );
    }
    // A body over the form's limit (its 1 MB file and its answers): 413 with a message, as JSON and as a page.
    for (const headers of [JSON_ACCEPT_ONLY, NO_SCRIPT]) {
      const answer = await post(url, multipart(valid, { attachment: [pdf(1_200_000)] }), {
        ...headers,
        ...origin,
      });
      expect(answer.status).toBe(413);
      expectClearRejection(answer, "POST /api/forms (over the form's limit)");
    }
    expectNo5xx(
      await post(`${base}/api/forms/not-a-form`, form(valid), { ...JSON_ACCEPT, ...origin }),
      "POST /api/forms/not-a-form",
    );
    expectNo5xx(
      await post(`${base}/api/forms/not-a-form`, multipart(valid, { attachment: [pdf(10)] }), origin),
      "POST /api/forms/not-a-form (multipart)",
    );
    expectNo5xx(
      await post(url, "\u0000%%%", { "Content-Type": "multipart/form-data; boundary=x", ...origin }),
      "POST /api/forms (a broken multipart body)",
    );
  });
});

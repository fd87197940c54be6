// The content API's forms on a real database, every answer checked against the OpenAPI document: reads give the
// public definition of the forms that are not drafts (never routing, recipients, retention or refused domains) to a
// key with either permission; a submission needs form_submissions, is checked by the form's own rules (refused
// answers named per field, nothing stored), is refused when the form is closed or full, counts per key rather than
// per address, and is stored as a lead in the inbox like a visitor's, under the API's section.
import { describe, expect, it } from "vitest";
import { contentApiHarness, who } from "../../../tests/support/content-api-calls";
import { WEBINAR_FIELD_NAMES, WEBINAR_VISIT, webinarInput } from "../../../tests/support/webinar-form";

const { FORM_SUBMISSIONS_PERMISSION, CONTENT_PERMISSION } = await import("~/lib/api-keys");
const { FORM_MESSAGES } = await import("~/lib/form-builder/definition");
const { hitRateLimits } = await import("~/infra/rate-limit.server");
const { saveForm, countFormResponses } = await import("~/models/forms.server");
const { captureFormResponse, FORM_RATE_LIMIT } = await import("~/models/form-responses.server");
const { listFormLeads } = await import("~/models/contacts-admin.server");
const { FORM_API_RATE_LIMIT, formApiLimitKey } = await import("~/models/content-api-forms.server");

const { call, newKey } = contentApiHarness();

const ROUTING = {
  mode: "alert" as const,
  members: [],
  addresses: ["events@partner.example"],
  confirmation: { enabled: true, subject: "Thanks {name}", text: "Secret confirmation text" },
};

/** A webinar form as the editor saves it, with lead settings no API answer may show. */
async function webinar(overrides: Record<string, unknown> = {}) {
  const saved = await saveForm(
    null,
    {
      ...webinarInput({ status: "open", ...overrides }),
      routing: ROUTING,
      retentionDays: 45,
      blockedDomains: ["rival.example"],
    },
    who,
  );
  if (!saved.ok) throw new Error("form not saved");
  return saved.form;
}

const submitter = () => newKey("partner site", [FORM_SUBMISSIONS_PERMISSION]);

const ANSWERS = {
  name: "Ada Lovelace",
  work_email: "ada@analytical.example",
  size: "small",
  topics: ["forecasting"],
  consent: true,
  // A hidden field is the server's to fill: what is sent for it is ignored.
  campaign: "forged",
};

describe("reading forms", () => {
  it("lists and gives the forms that are not drafts, without where their submissions go", async () => {
    const open = await webinar({ name: "Open webinar" });
    const closed = await webinar({ name: "Closed webinar", status: "closed", closedMessage: "Sold out." });
    const draft = await webinar({ name: "Draft webinar", status: "draft" });
    const { plaintext } = await newKey("reader", [CONTENT_PERMISSION]);

    const list = await call("GET", "/forms", { key: plaintext });
    expect(list.status).toBe(200);
    const names = list.body.data.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(["Open webinar", "Closed webinar"]));
    expect(names).not.toContain("Draft webinar");

    const one = await call("GET", `/forms/${open.id}`, { key: plaintext });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id: open.id,
      name: "Open webinar",
      status: "open",
      accepting_submissions: true,
      full: false,
      submit_label: "Register",
      success: { kind: "message", message: "See you there, {name}!" },
    });
    expect(one.body.data.fields.map((f: { name: string }) => f.name)).toEqual(WEBINAR_FIELD_NAMES);
    const text = JSON.stringify([list.body, one.body]);
    for (const secret of ["events@partner.example", "Secret confirmation text", "rival.example", "routing"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/retention/i);

    const shut = await call("GET", `/forms/${closed.id}`, { key: plaintext });
    expect(shut.body.data).toMatchObject({ accepting_submissions: false, closed_message: "Sold out." });
    for (const id of [draft.id, "00000000-0000-4000-8000-000000000000", "not-a-form"]) {
      const missing = await call("GET", `/forms/${id}`, { key: plaintext });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("not_found");
    }
  });

  it("a key with either permission reads them; one with neither gets 403; other methods 405", async () => {
    const form = await webinar();
    expect((await call("GET", `/forms/${form.id}`, { key: (await submitter()).plaintext })).status).toBe(200);
    const { plaintext: other } = await newKey("analytics", ["analytics_read" as never]);
    const denied = await call("GET", "/forms", { key: other });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toMatch(/content_management or form_submissions/);
    const { plaintext } = await newKey();
    const post = await call("POST", "/forms", { key: plaintext, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const read = await call("GET", `/forms/${form.id}/submissions`, { key: plaintext });
    expect(read.status).toBe(405);
    expect(read.headers.get("allow")).toBe("POST");
    expect((await call("GET", `/forms/${form.id}/other`, { key: plaintext })).status).toBe(404);
  });
});

describe("submitting to a form", () => {
  it("needs the form_submissions permission: a content key gets 403 and nothing is stored", async () => {
    const form = await webinar();
    const { plaintext } = await newKey("publisher", [CONTENT_PERMISSION]);
    const denied = await call("POST", `/forms/${form.id}/submissions`, {
      key: plaintext,
      body: { values: ANSWERS },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toMatch(/form_submissions/);
    // And a submissions key cannot publish.
    const { plaintext: partner } = await submitter();
    expect((await call("POST", "/blog", { key: partner, body: { title: "Nope" } })).status).toBe(403);
    expect(await countFormResponses(form.id)).toBe(0);
  });

  it("refused answers are a 400 naming each field with the form's messages, and nothing is stored", async () => {
    const form = await webinar();
    const { plaintext } = await submitter();
    const refused = await call("POST", `/forms/${form.id}/submissions`, {
      key: plaintext,
      body: {
        values: { name: "", work_email: "ada@gmail.com", size: "huge", topics: ["other"], consent: false },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      "values.name": [FORM_MESSAGES.required],
      "values.work_email": [FORM_MESSAGES.businessEmail],
      "values.size": [FORM_MESSAGES.option],
      "values.more": [FORM_MESSAGES.required],
      "values.consent": [FORM_MESSAGES.consent],
    });
    const blocked = await call("POST", `/forms/${form.id}/submissions`, {
      key: plaintext,
      body: { values: { ...ANSWERS, work_email: "ada@sales.rival.example" } },
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.error.fields).toEqual({ "values.work_email": [FORM_MESSAGES.blockedDomain] });
    for (const body of [{}, { values: "Ada" }, { values: { name: { first: "Ada" } } }, []]) {
      const bad = await call("POST", `/forms/${form.id}/submissions`, { key: plaintext, body });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toBeDefined();
    }
    const notJson = await call("POST", `/forms/${form.id}/submissions`, {
      key: plaintext,
      raw: "name=Ada",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect(await countFormResponses(form.id)).toBe(0);
  });

  it("stores valid answers as a lead in the inbox, like a visitor's, under the API's section", async () => {
    const form = await webinar({ name: "Partner webinar" });
    const { key, plaintext } = await submitter();
    const sent = await call("POST", `/forms/${form.id}/submissions`, {
      key: plaintext,
      body: {
        values: ANSWERS,
        attribution: { source_page: "https://partner.example/events", utm_campaign: "partner-spring" },
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toEqual({ message: "See you there, Ada Lovelace!" });
    // A visitor's submission of the same form, from the site.
    const browser = await captureFormResponse({
      formId: form.id,
      raw: { ...ANSWERS, work_email: "grace@navy.example", consent: "on", topics: "forecasting" },
      attribution: WEBINAR_VISIT,
      client: "198.51.100.77",
      trap: null,
    });
    expect(browser.ok).toBe(true);

    const leads = await listFormLeads({ q: "Partner webinar" });
    expect(leads).toHaveLength(2);
    const api = leads.find((lead) => lead.email === "ada@analytical.example");
    const site = leads.find((lead) => lead.email === "grace@navy.example");
    expect(api).toMatchObject({
      formName: "Partner webinar",
      name: "Ada Lovelace",
      status: "new",
      sourceSection: `content_api:${key.keyStart}`,
      sourcePage: "https://partner.example/events",
      utmCampaign: "partner-spring",
    });
    expect(site).toMatchObject({ formName: "Partner webinar", sourceSection: "page_b1" });
    // The same answers in the same order: the hidden campaign filled from the attribution, not from what was sent.
    const answers = (lead: typeof api) => lead?.answers.map((a) => [a.label, a.text]);
    expect(answers(api)).toEqual([
      ["Name", "Ada Lovelace"],
      ["Work e-mail", "ada@analytical.example"],
      ["Company size", "1-50"],
      ["Which topics?", "Forecasting"],
      ["I agree to be contacted.", "Yes"],
      ["Campaign", "partner-spring"],
    ]);
    expect(answers(site)?.map(([label]) => label)).toEqual(answers(api)?.map(([label]) => label));
  });

  it("an unknown form or a draft is a 404; a closed or full one a 409 with its closed message", async () => {
    const { plaintext } = await submitter();
    const send = (id: string) =>
      call("POST", `/forms/${id}/submissions`, { key: plaintext, body: { values: ANSWERS } });
    const draft = await webinar({ status: "draft" });
    for (const id of [draft.id, "00000000-0000-4000-8000-000000000000", "not-a-form"]) {
      expect((await send(id)).status).toBe(404);
    }
    const closed = await webinar({ status: "closed", closedMessage: "Registration has closed." });
    const refused = await send(closed.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "conflict", message: "Registration has closed." });
    const later = await webinar({ opensAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await send(later.id)).status).toBe(409);

    const one = await webinar({ maxSubmissions: 1, closedMessage: "All seats are taken." });
    expect((await send(one.id)).status).toBe(201);
    const full = await send(one.id);
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe("All seats are taken.");
    expect(await countFormResponses(one.id)).toBe(1);
    expect(await countFormResponses(closed.id)).toBe(0);
  });

  it("counts per key, not per address: one server sends more than a visitor may; a key past its limit waits", async () => {
    const form = await webinar();
    const { key, plaintext } = await submitter();
    const send = (apiKey: string, i: number) =>
      call("POST", `/forms/${form.id}/submissions`, {
        key: apiKey,
        body: { values: { ...ANSWERS, work_email: `person${i}@analytical.example` } },
        ip: "192.0.2.50",
      });
    for (let i = 0; i <= FORM_RATE_LIMIT.limit; i++) expect((await send(plaintext, i)).status).toBe(201);
    // The key's own allowance used up (one statement, as a burst of its submissions would).
    await hitRateLimits(
      undefined,
      Array.from({ length: FORM_API_RATE_LIMIT.limit }, () => ({
        key: formApiLimitKey(key.id),
        ...FORM_API_RATE_LIMIT,
      })),
    );
    const limited = await send(plaintext, 100);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another key from the same address is not held up.
    expect((await send((await submitter()).plaintext, 101)).status).toBe(201);
    expect(await countFormResponses(form.id)).toBe(FORM_RATE_LIMIT.limit + 2);
  });
});

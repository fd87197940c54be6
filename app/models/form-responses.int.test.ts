// A visitor's submission of a built form, on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): a
// valid one is stored with the answers of the shown fields, the hidden field filled from the visit (what the browser
// sent for it ignored), the consent text as read, and form.submitted queued; each refusal names its field and
// stores nothing; a bot trap is held and answered like a success; the dates, the limit and drafts close the form;
// the address's rate limit holds.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { formResponses, outbox } from "~/db/schema";
import { env } from "~/env.server";
import { currentContentVersion } from "~/infra/content-version.server";
import type { Attribution } from "~/lib/lead-schema";
import { startReceiver } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import { webinarInput } from "../../tests/support/webinar-form";
import {
  captureFormResponse,
  FORM_RATE_LIMIT,
  type FormSubmissionInput,
  HELD_RATE_LIMIT,
} from "./form-responses.server";
import { pruneExpiredFormResponses, saveForm } from "./forms.server";
import { createEndpoint } from "./webhooks.server";

setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };

const formInput = (overrides: Record<string, unknown> = {}) =>
  webinarInput({ status: "open", closedMessage: "Registration has closed.", ...overrides });

async function newForm(overrides: Record<string, unknown> = {}): Promise<string> {
  const saved = await saveForm(null, formInput(overrides), who);
  if (!saved.ok) throw new Error("not saved");
  return saved.form.id;
}

const attribution: Attribution = {
  sourcePage: "/lp/webinar?partner=acme",
  sourceSection: "page_b1",
  referrer: "https://news.example/",
  landingPage: "/lp/webinar?utm_campaign=spring",
  utmSource: "newsletter",
  utmMedium: null,
  utmCampaign: "spring",
  utmTerm: null,
  utmContent: null,
};

let clientSeq = 0;
const submission = (formId: string, raw: FormSubmissionInput["raw"]): FormSubmissionInput => ({
  formId,
  raw,
  attribution,
  client: `198.51.100.${++clientSeq}`,
  trap: null,
});

const valid = {
  name: "Ada Lovelace",
  work_email: "Ada@Analytical.example",
  size: "small",
  topics: ["forecasting", "other"],
  more: "Pipeline reviews",
  consent: "on",
  campaign: "sent-by-the-browser",
};

const rowsOf = (formId: string) => db().select().from(formResponses).where(eq(formResponses.formId, formId));

describe("a built form's submission", () => {
  it("is stored with the shown answers, the hidden field from the visit, the consent as read; form.submitted queued", async () => {
    Object.assign(env(), { webhookAllowPrivate: true });
    const receiver = await startReceiver();
    await createEndpoint(receiver.url, ["form.submitted"], who);
    await receiver.close();
    const formId = await newForm();
    expect(await captureFormResponse(submission(formId, valid))).toEqual({
      ok: true,
      message: "See you there, Ada Lovelace!",
    });
    const [row] = await rowsOf(formId);
    expect(row).toMatchObject({
      email: "ada@analytical.example",
      name: "Ada Lovelace",
      utmCampaign: "spring",
      sourcePage: "/lp/webinar?partner=acme",
      heldReason: null,
      consents: [{ field: "consent", text: "I agree to be contacted.", link: "/privacy" }],
    });
    expect(row?.values).toEqual({
      name: "Ada Lovelace",
      work_email: "Ada@Analytical.example",
      size: "small",
      topics: ["forecasting", "other"],
      more: "Pipeline reviews",
      consent: "yes",
      campaign: "spring",
    });
    const queued = await db().select().from(outbox).where(eq(outbox.event, "form.submitted"));
    expect(queued.map((q) => q.payload)).toContainEqual(expect.objectContaining({ type: "form.submitted" }));
    expect(queued.map((q) => q.payload.data)).toContainEqual(
      expect.objectContaining({ formId, formName: "Webinar registration", values: row?.values }),
    );
  });

  it("drops the answer to a field its condition hides, and requires it while shown", async () => {
    const formId = await newForm();
    expect(await captureFormResponse(submission(formId, { ...valid, topics: "forecasting" }))).toMatchObject({
      ok: true,
    });
    const [row] = await rowsOf(formId);
    expect(row?.values).not.toHaveProperty("more");
    const refused = await captureFormResponse(submission(formId, { ...valid, more: "" }));
    expect(refused).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { more: "This field is required." },
    });
  });

  it("refuses a free-mail address, a value outside the options and a missing consent, and stores none", async () => {
    const formId = await newForm();
    const cases: [FormSubmissionInput["raw"], string][] = [
      [{ work_email: "ada@gmail.com" }, "work_email"],
      [{ size: "enormous" }, "size"],
      [{ topics: ["forecasting", "astrology"] }, "topics"],
      [{ consent: "" }, "consent"],
      [{ name: "" }, "name"],
    ];
    for (const [change, field] of cases) {
      const result = await captureFormResponse(submission(formId, { ...valid, ...change }));
      expect(result.ok, field).toBe(false);
      if (!result.ok && result.reason === "invalid") expect(Object.keys(result.fieldErrors)).toEqual([field]);
      else throw new Error(`${field}: ${JSON.stringify(result)}`);
    }
    expect(await rowsOf(formId)).toEqual([]);
  });

  it("holds a bot's submission, answered like a success, and it does not count toward the limit", async () => {
    const formId = await newForm({ maxSubmissions: 1 });
    const held = await captureFormResponse({
      ...submission(formId, valid),
      trap: { reason: "too-fast", elapsedMs: 300 },
    });
    expect(held).toEqual({ ok: true, message: "See you there, Ada Lovelace!" });
    expect(await rowsOf(formId)).toMatchObject([{ heldReason: "too-fast", heldElapsedMs: 300 }]);
    // The limit of one is still open to a person, and then closed, on every page too.
    const version = await currentContentVersion();
    expect(await captureFormResponse(submission(formId, valid))).toMatchObject({ ok: true });
    expect(await currentContentVersion()).toBeGreaterThan(version);
    expect(await captureFormResponse(submission(formId, valid))).toEqual({
      ok: false,
      reason: "closed",
      message: "Registration has closed.",
    });
  });

  it("keeps at most its limit of one address's suspected spam, answering the rest like a success", async () => {
    const formId = await newForm();
    const bot = {
      ...submission(formId, valid),
      client: "192.0.2.200",
      trap: { reason: "honeypot" as const, elapsedMs: null },
    };
    for (let i = 0; i < HELD_RATE_LIMIT.limit + 3; i++)
      expect((await captureFormResponse(bot)).ok).toBe(true);
    expect(await rowsOf(formId)).toHaveLength(HELD_RATE_LIMIT.limit);
  });

  it("a draft is not found; a form outside its dates is closed", async () => {
    const draft = await newForm({ status: "draft" });
    expect(await captureFormResponse(submission(draft, valid))).toEqual({ ok: false, reason: "not-found" });
    const later = await newForm({ opensAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await captureFormResponse(submission(later, valid))).toMatchObject({
      ok: false,
      reason: "closed",
    });
    const ended = await newForm({ closesAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await captureFormResponse(submission(ended, valid))).toMatchObject({
      ok: false,
      reason: "closed",
    });
    expect(await captureFormResponse(submission("not-an-id", valid))).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("refuses an address past its limit with the seconds to wait", async () => {
    const formId = await newForm();
    const from = { ...submission(formId, valid), client: "192.0.2.77" };
    for (let i = 0; i < FORM_RATE_LIMIT.limit; i++) expect((await captureFormResponse(from)).ok).toBe(true);
    const refused = await captureFormResponse(from);
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited" });
    if (!refused.ok && refused.reason === "rate-limited") expect(refused.retryAfter).toBeGreaterThan(0);
    expect(await rowsOf(formId)).toHaveLength(FORM_RATE_LIMIT.limit);
  });

  it("refuses an address at a domain the form blocks (and its subdomains) at its field; others pass", async () => {
    const formId = await newForm({ blockedDomains: ["Competitor.example", "@rival.example"] });
    for (const email of ["ada@competitor.example", "bob@eu.rival.example"]) {
      const refused = await captureFormResponse(submission(formId, { ...valid, work_email: email }));
      expect(refused, email).toMatchObject({
        ok: false,
        reason: "invalid",
        fieldErrors: { work_email: "Addresses at this domain are not accepted here." },
      });
    }
    expect(await rowsOf(formId)).toEqual([]);
    const passed = await captureFormResponse(
      submission(formId, { ...valid, work_email: "ada@notcompetitor.example" }),
    );
    expect(passed).toMatchObject({ ok: true });
  });

  it("is deleted by the pruning job once older than its form's retention; forms without one keep theirs", async () => {
    const short = await newForm({ retentionDays: 7 });
    const kept = await newForm();
    await captureFormResponse(submission(short, valid));
    await captureFormResponse(submission(short, { ...valid, work_email: "new@analytical.example" }));
    await captureFormResponse(submission(kept, valid));
    const old = new Date(Date.now() - 8 * 86_400_000);
    await db().update(formResponses).set({ createdAt: old }).where(eq(formResponses.formId, kept));
    await db()
      .update(formResponses)
      .set({ createdAt: old })
      .where(eq(formResponses.email, "ada@analytical.example"));
    expect(await pruneExpiredFormResponses()).toBe(1);
    expect((await rowsOf(short)).map((r) => r.email)).toEqual(["new@analytical.example"]);
    expect(await rowsOf(kept)).toHaveLength(1);
    expect(() => webinarInput({ retentionDays: 0 })).toThrow(/Enter 1 or more days/);
    expect(() => webinarInput({ blockedDomains: ["not a domain"] })).toThrow(
      /Enter domains such as example.com/,
    );
  });
});

// A built form's submissions are leads (PGlite, and PostgreSQL with TEST_DATABASE_URL): the inbox lists them with
// their form and answers in the form's order, finds them by an answer or the form's name, counts them, never shows
// one held as suspected spam; a member sets the status, assigns one (the alert with every answer reaches the
// assignee's mailbox on a real SMTP server) and deletes one; the person view and the CSV export have them, and
// erasing the person takes them all, the held ones too.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, formResponses, outbox } from "~/db/schema";
import { env } from "~/env.server";
import { DEFAULT_ROUTING } from "~/lib/form-builder/routing";
import { addMember, memberContext, type TestMember } from "../../tests/support/members";
import { startSmtp } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import { WEBINAR_VISIT, webinarInput } from "../../tests/support/webinar-form";
import { analyticsTotals } from "./analytics.server";
import {
  countLeads,
  deleteLead,
  filterFromSearch,
  listFormLeads,
  setLeadStatus,
} from "./contacts-admin.server";
import { exportCsv } from "./contacts-export.server";
import { dashboardStats } from "./dashboard.server";
import {
  captureFormResponse,
  deleteHeldFormResponse,
  releaseHeldFormResponse,
} from "./form-responses.server";
import { saveForm } from "./forms.server";
import { countHeldSubmissions, listHeldSubmissions, pruneHeldSubmissions } from "./held-submissions.server";
import { assignLead } from "./lead-assignment.server";
import { erasePerson, getPerson } from "./lead-person.server";
import { runOutboxOnce } from "./outbox.server";

setupTestDatabase();
const saved = { ...env() };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestMember;
let sam: TestMember;

beforeAll(async () => {
  smtp = await startSmtp();
  owner = await addMember(db(), { name: "Olivia Owner", email: "owner-forms@example.com", role: "owner" });
  sam = await addMember(db(), { name: "Sam Sales", email: "sam-forms@example.com", role: "sales" });
});
afterAll(() => smtp.close());
afterEach(() => {
  Object.assign(env(), saved);
});

const attribution = WEBINAR_VISIT;

let clientSeq = 0;
async function submit(formId: string, email: string, trapped = false) {
  const result = await captureFormResponse({
    formId,
    raw: {
      name: "Grace Hopper",
      work_email: email,
      size: "large",
      topics: ["forecasting", "other"],
      more: "Compilers for pipelines",
      consent: "on",
    },
    attribution,
    client: `198.51.100.${++clientSeq}`,
    trap: trapped ? { reason: "too-fast", elapsedMs: 120 } : null,
  });
  expect(result).toMatchObject({ ok: true });
}

async function newForm(name: string) {
  const saved = await saveForm(null, webinarInput({ name, status: "open" }), memberContext(owner));
  if (!saved.ok) throw new Error("not saved");
  return saved.form.id;
}

const row = async (email: string) =>
  (await db().select().from(formResponses).where(eq(formResponses.email, email)))[0];

describe("a built form's submissions in the inbox", () => {
  it("are listed with their form and answers in order, searchable by an answer or the form, and counted", async () => {
    const formId = await newForm("Webinar registration");
    await submit(formId, "grace@navy.example");
    await submit(formId, "bot@navy.example", true);

    const [lead, ...more] = await listFormLeads(filterFromSearch(new URLSearchParams()));
    expect(more).toEqual([]);
    expect(lead).toMatchObject({
      email: "grace@navy.example",
      name: "Grace Hopper",
      formName: "Webinar registration",
    });
    expect(lead?.answers).toEqual([
      { name: "name", label: "Name", text: "Grace Hopper" },
      { name: "work_email", label: "Work e-mail", text: "grace@navy.example" },
      { name: "size", label: "Company size", text: "51+" },
      { name: "topics", label: "Which topics?", text: "Forecasting, Other" },
      { name: "more", label: "Tell us more", text: "Compilers for pipelines" },
      { name: "consent", label: "I agree to be contacted.", text: "Yes" },
      { name: "campaign", label: "Campaign", text: "spring" },
    ]);
    const search = (q: string, kind?: string) =>
      listFormLeads(filterFromSearch(new URLSearchParams({ q, ...(kind ? { kind } : {}) })));
    expect(await search("compilers")).toHaveLength(1);
    expect(await search("webinar")).toHaveLength(1);
    expect(await search("bot@navy")).toHaveLength(0);
    expect(await search("grace", "contact")).toHaveLength(0);
    expect((await countLeads(filterFromSearch(new URLSearchParams({ kind: "form" })))).forms).toBe(1);
    expect((await countLeads(filterFromSearch(new URLSearchParams({ kind: "contact" })))).forms).toBe(0);
  });

  it("take a status, an owner (whose alert carries every answer) and a deletion; a held one takes none", async () => {
    Object.assign(env(), { smtpUrl: smtp.url, baseUrl: "https://site.example" });
    const formId = await newForm("Partner application");
    await submit(formId, "ada@partner.example");
    await submit(formId, "held@partner.example", true);
    const lead = await row("ada@partner.example");
    const held = await row("held@partner.example");
    if (!lead || !held) throw new Error("not stored");
    const who = memberContext(owner);

    expect(await setLeadStatus("form", lead.id, "qualified", who)).toEqual({ before: "new" });
    expect(await setLeadStatus("form", held.id, "qualified", who)).toBeUndefined();
    expect(await assignLead("form", held.id, sam.userId, who)).toEqual({ ok: false, reason: "gone" });

    await db().delete(outbox);
    expect(await assignLead("form", lead.id, sam.userId, who)).toMatchObject({ ok: true, changed: true });
    await runOutboxOnce({ id: "test-worker" });
    const mail = smtp.mails.find((m) => m.to.includes("sam-forms@example.com"));
    expect(mail?.raw).toContain("New form submission: Grace Hopper");
    expect(mail?.raw).toContain("Partner application");
    expect(mail?.raw).toContain("Tell us more: Compilers for pipelines");

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "lead.assign"));
    expect(entry).toMatchObject({ entity: "form_response", entityId: lead.id });

    expect(await deleteLead("form", held.id, who)).toBeUndefined();
    expect(await deleteLead("form", lead.id, who)).toEqual({ id: lead.id });
    expect(await row("held@partner.example")).toBeDefined();
  });

  it("show in the person view and the export; erasing the person deletes them, held ones included", async () => {
    const formId = await newForm("Whitepaper download");
    await submit(formId, "linus@kernel.example");
    await submit(formId, "linus@kernel.example", true);

    const person = await getPerson("Linus@Kernel.example");
    expect(person?.formLeads.map((l) => l.formName)).toEqual(["Whitepaper download"]);
    expect(person?.timeline.filter((e) => e.type === "lead").map((e) => e.type === "lead" && e.kind)).toEqual(
      ["form"],
    );
    expect(person?.name).toBe("Grace Hopper");

    const csv = await exportCsv("forms", filterFromSearch(new URLSearchParams({ q: "linus" })));
    const [header, first] = csv.split("\r\n");
    expect(header).toBe(
      "id,created_at,form,name,email,answers,status,source_page,source_section,referrer,landing_page,utm_source,utm_medium,utm_campaign,utm_term,utm_content",
    );
    expect(first).toContain("Whitepaper download,Grace Hopper,linus@kernel.example,");
    expect(csv).toContain("Which topics?: Forecasting, Other");

    const erased = await erasePerson("linus@kernel.example", memberContext(owner));
    expect(erased.counts.formResponses).toBe(2);
    expect(await row("linus@kernel.example")).toBeUndefined();
    expect(await getPerson("linus@kernel.example")).toBeNull();
  });

  it("held ones wait in the Spam view with their answers; Not spam sets one off once, Delete and pruning remove them", async () => {
    Object.assign(env(), { smtpUrl: smtp.url, baseUrl: "https://site.example" });
    const saved = await saveForm(
      null,
      webinarInput({
        name: "Demo day",
        status: "open",
        routing: { ...DEFAULT_ROUTING, members: [sam.userId] },
      }),
      memberContext(owner),
    );
    if (!saved.ok) throw new Error("not saved");
    const formId = saved.form.id;
    await submit(formId, "kept@held.example", true);
    await submit(formId, "dropped@held.example", true);
    const kept = await row("kept@held.example");
    const dropped = await row("dropped@held.example");
    if (!kept || !dropped) throw new Error("not held");

    const listed = (await listHeldSubmissions()).filter(
      (h) => h.kind === "form" && h.email.endsWith("@held.example"),
    );
    expect(listed.map((h) => h.formName)).toEqual(["Demo day", "Demo day"]);
    expect(listed[0]).toMatchObject({ reason: "too-fast", elapsedMs: 120 });
    expect(listed[0]?.message).toContain("Tell us more: Compilers for pipelines");
    const heldBefore = await countHeldSubmissions();

    await db().delete(outbox);
    const who = memberContext(owner);
    const [first, second] = await Promise.all([
      releaseHeldFormResponse(kept.id, who),
      releaseHeldFormResponse(kept.id, who),
    ]);
    expect([first, second].sort()).toEqual(["gone", "restored"]);
    expect(await countHeldSubmissions()).toBe(heldBefore - 1);
    expect((await listFormLeads(filterFromSearch(new URLSearchParams({ q: "kept@held" })))).length).toBe(1);
    const queued = await db().select().from(outbox);
    expect(queued.filter((q) => q.event === "form.submitted")).toHaveLength(0); // no webhook endpoint listens
    expect(queued.filter((q) => q.event === "lead.alert").map((q) => q.target)).toEqual([
      "sam-forms@example.com",
    ]);

    expect(await deleteHeldFormResponse(kept.id, who)).toBeUndefined(); // a lead now, not held
    expect(await deleteHeldFormResponse(dropped.id, who)).toMatchObject({ id: dropped.id });
    expect(await row("dropped@held.example")).toBeUndefined();

    await submit(formId, "old@held.example", true);
    await db()
      .update(formResponses)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(formResponses.email, "old@held.example"));
    expect(await pruneHeldSubmissions()).toBeGreaterThanOrEqual(1);
    expect(await row("old@held.example")).toBeUndefined();
    expect(await row("kept@held.example")).toBeDefined();
  });

  it("count in Analytics and on the dashboard as leads, by their campaign; held ones do not", async () => {
    const formId = await newForm("Counted form");
    const today = new Date().toISOString().slice(0, 10);
    const range = { from: today, to: today };
    const before = {
      totals: await analyticsTotals(range, { campaign: "spring" }),
      dashboard: (await dashboardStats()).leadsLast7Days,
    };
    await submit(formId, "counted@forms.example");
    await submit(formId, "held-not-counted@forms.example", true);
    expect((await analyticsTotals(range, { campaign: "spring" })).leads).toBe((before.totals.leads ?? 0) + 1);
    expect((await dashboardStats()).leadsLast7Days).toBe(before.dashboard + 1);
  });
});

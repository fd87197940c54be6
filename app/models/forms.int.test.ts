// Forms on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the editor's input checked as a whole,
// a save and its audit entry, the content version moved only when the form can be on the site, the list with what
// each form collected, a save over a teammate's newer one refused with nothing written, and a delete that takes
// the submissions with it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, formResponses, forms } from "~/db/schema";
import { currentContentVersion } from "~/infra/content-version.server";
import { parseFormInput } from "~/infra/form-input.server";
import { startPublicationScheduler } from "~/jobs/publication-scheduler.server";
import { setupTestDatabase } from "../../tests/support/test-db";
import { WEBINAR_EDITOR_INPUT, webinarInput } from "../../tests/support/webinar-form";
import { versionOf } from "./edit-conflicts.server";
import {
  countFormResponses,
  deleteForm,
  formTimesPassed,
  getForm,
  listForms,
  saveForm,
} from "./forms.server";

setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };

const webinar = WEBINAR_EDITOR_INPUT;
const input = webinarInput;

describe("the editor's input", () => {
  it("is read whole: a blank closed message gets the default, dates and the limit are typed", () => {
    const form = input({ status: "open", opensAt: "2030-01-01T09:00:00.000Z", maxSubmissions: 200 });
    expect(form.closedMessage).toBe("This form is not taking submissions at the moment.");
    expect(form.opensAt).toEqual(new Date("2030-01-01T09:00:00.000Z"));
    expect(form.maxSubmissions).toBe(200);
    expect(form.definition.fields.map((f) => f.name)).toEqual([
      "name",
      "work_email",
      "size",
      "topics",
      "more",
      "consent",
      "campaign",
    ]);
  });

  it("names every problem by its place: the name, the dates, a field's label, a condition on a later field", () => {
    const parsed = parseFormInput({
      ...webinar,
      name: " ",
      opensAt: "2030-02-01T00:00:00.000Z",
      closesAt: "2030-01-01T00:00:00.000Z",
      maxSubmissions: 0,
      definition: {
        ...webinar.definition,
        fields: [
          { type: "text", name: "first", label: "", showWhen: { field: "second", operator: "empty" } },
          { type: "text", name: "second", label: "Second" },
        ],
      },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toMatchObject({
      name: "Give the form a name.",
      closesAt: "The form must close after it opens.",
      maxSubmissions: "Enter 1 or more, or leave it empty for no limit.",
    });
    expect(parsed.fieldErrors["fields.0.label"]).toBeTruthy();
  });

  it("refuses what cannot be read as the form it claims to be", () => {
    const parsed = parseFormInput({ ...webinar, status: "published", opensAt: "next week" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.status).toBe("Choose draft, open or closed.");
    expect(parsed.fieldErrors.opensAt).toBeTruthy();
  });
});

describe("forms", () => {
  it("a draft is saved with its audit entry and leaves the content version alone; opening it moves it", async () => {
    const before = await currentContentVersion();
    const created = await saveForm(null, input(), who);
    if (!created.ok) throw new Error("not saved");
    expect(await currentContentVersion()).toBe(before);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "form.create"), eq(auditLog.entityId, created.form.id)));
    expect(entry?.actor).toBe("editor@example.com");

    const opened = await saveForm(created.form.id, input({ status: "open" }), who, {
      base: versionOf(created.form),
    });
    expect(opened.ok).toBe(true);
    expect(await currentContentVersion()).toBeGreaterThan(before);
    expect((await getForm(created.form.id))?.status).toBe("open");
  });

  it("refuses a save over a teammate's newer save and writes nothing", async () => {
    const created = await saveForm(null, input({ name: "Partner application" }), who);
    if (!created.ok) throw new Error("not saved");
    const loaded = versionOf(created.form);
    const theirs = await saveForm(created.form.id, input({ name: "Partner programme" }), who, {
      base: loaded,
    });
    expect(theirs.ok).toBe(true);
    const mine = await saveForm(created.form.id, input({ name: "Partners" }), who, { base: loaded });
    expect(mine).toMatchObject({ ok: false, reason: "conflict" });
    expect((await getForm(created.form.id))?.name).toBe("Partner programme");
  });

  it("lists each form with its submissions and the last one; deleting a form deletes them", async () => {
    const created = await saveForm(null, input({ name: "Whitepaper" }), who);
    if (!created.ok) throw new Error("not saved");
    const formId = created.form.id;
    await db()
      .insert(formResponses)
      .values([
        {
          formId,
          email: "a@example.com",
          values: { name: "A" },
          createdAt: new Date("2030-01-01T10:00:00Z"),
        },
        {
          formId,
          email: "b@example.com",
          values: { name: "B" },
          createdAt: new Date("2030-01-02T10:00:00Z"),
        },
      ]);
    const row = (await listForms()).find((f) => f.id === formId);
    expect(row).toMatchObject({ name: "Whitepaper", submissions: 2 });
    expect(row?.lastSubmissionAt).toEqual(new Date("2030-01-02T10:00:00Z"));
    expect(await countFormResponses(formId)).toBe(2);

    // A member who may not delete leads cannot delete a form that has collected some.
    expect(await deleteForm(formId, who, { keepLeads: true })).toBe("has-submissions");
    expect(await countFormResponses(formId)).toBe(2);
    expect(await deleteForm(formId, who)).toMatchObject({ name: "Whitepaper" });
    expect(await getForm(formId)).toBeUndefined();
    expect(await countFormResponses(formId)).toBe(0);
    expect(await deleteForm(formId, who)).toBeUndefined();
    const deletions = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "form.delete"), eq(auditLog.entityId, formId)));
    expect(deletions).toHaveLength(1);
  });

  it("an unknown or malformed id finds nothing", async () => {
    expect(await getForm("not-an-id")).toBeUndefined();
    expect(await getForm("00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(await db().select().from(forms).where(eq(forms.name, "nothing"))).toEqual([]);
  });

  it("renders cached pages again when an open form reaches its opening or closing time (the scheduler's round)", async () => {
    const opensAt = new Date(Date.now() + 400);
    const saved = await saveForm(null, input({ status: "open", opensAt: opensAt.toISOString() }), who);
    expect(saved.ok).toBe(true);
    expect(await formTimesPassed(new Date(Date.now() - 60_000), new Date())).toBe(false);
    const before = await currentContentVersion();
    const scheduler = startPublicationScheduler({ recheckMs: 100 });
    try {
      await expect.poll(() => currentContentVersion(), { timeout: 5_000 }).not.toBe(before);
    } finally {
      await scheduler.stop();
    }
    expect(await formTimesPassed(new Date(opensAt.getTime() - 1), opensAt)).toBe(true);
  });
});

// The texts of the site's own forms (the contact form, the contact and demo dialog, the newsletter sign-up) through
// the route modules, as the team uses them: the defaults are the product's texts; an editor's save stores only what
// differs from them, is audited, kept as a revision of kind "form" under the form's fixed id and moves the content
// version, so the contact page, the pages' data, the newsletter's and the answer to a sent lead carry the new texts
// at once; an empty button label or a text over its limit is refused with a message beside it and nothing written;
// a save over a teammate's newer one is refused with their texts; a text saved back to its default follows the
// default again; two first saves at once store one and refuse the other; the history restores an earlier revision
// (and refuses over a newer save). Only members who manage forms get in.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, builtinFormTexts, contentRevisions } from "~/db/schema";
import { currentContentVersion } from "~/infra/content-version.server";
import { BUILTIN_FORMS, defaultTexts, SUCCESS_MESSAGES } from "~/lib/builtin-forms";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { siteFormTexts } from "~/models/builtin-forms.server";
import { listRevisions } from "~/models/content-revisions.server";
import { submitLead } from "~/routes/support/lead-submission.server";
import { addMember, sessionCookie } from "../support/members";
import { answer, BASE, request, run, setupTeam } from "../support/team-routes";

const { test, owner } = setupTeam();
const cookies = { editor: "", author: "", sales: "" };

beforeAll(async () => {
  const db = test.handle().db;
  for (const role of ["editor", "author", "sales"] as const) {
    const member = await addMember(db, { name: `Pat ${role}`, email: `${role}-builtin@example.com`, role });
    cookies[role] = await sessionCookie(member.userId);
  }
});

const EDIT = "routes/admin/form-builtin.tsx";
const HISTORY = "routes/admin/form-builtin-revisions.ts";

interface Answered {
  ok?: boolean;
  version?: string;
  formKey?: string;
  texts?: Record<string, string>;
  toast?: { message: string };
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  conflict?: { version: string; savedBy: string | null; theirs: Record<string, string> };
}

/** The editor's data: its version and every text as the site shows it. */
async function load(cookie: string, key: string) {
  const out = await answer(
    await run(EDIT, "loader", request(`/admin/forms/built-in/${key}`, cookie), { key }),
  );
  return { status: out.status, body: out.body as Answered };
}

/** A save through the editor's action: every text of the form as loaded, with `changes`, from the version `base`. */
async function save(cookie: string, key: string, changes: Record<string, string>, base: string) {
  const current = (await load(owner.cookie, key)).body.texts ?? {};
  const form = { intent: "save", base, ...current, ...changes };
  const out = await answer(
    await run(EDIT, "action", request(`/admin/forms/built-in/${key}`, cookie, form), { key }),
  );
  return { status: out.status, body: out.body as Answered };
}

const versionOf = async (key: string) => (await load(owner.cookie, key)).body.version ?? "";
const storedRow = async (key: "contact" | "dialog" | "newsletter") =>
  (await test.handle().db.select().from(builtinFormTexts).where(eq(builtinFormTexts.key, key)))[0];
const lastAudit = async () =>
  (
    await test
      .handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entity, "form"))
      .orderBy(desc(auditLog.at))
      .limit(1)
  )[0];

function contactLead(email: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: "Ada Lovelace",
    email,
    interest: "consulting",
    message: "Tell us more.",
    source_section: "contact_page",
  }))
    form.set(k, v);
  return form;
}
const leadRequest = () =>
  new Request(`${BASE}/contact`, { method: "POST", headers: { referer: `${BASE}/contact` } });

describe("built-in forms' texts", () => {
  it("are the product's texts until someone changes them", async () => {
    const texts = await siteFormTexts();
    expect(texts.contact).toMatchObject({
      heading: "Send us a message",
      "name.label": "Name",
      "interest.placeholder": "Select your interest",
      submit: "Send Message",
      success: SUCCESS_MESSAGES.contactSuccess,
    });
    expect(texts.dialog).toMatchObject({
      heading: "Get in Touch",
      intro: "We'd love to learn more about your needs",
      submit: "Send",
      successTitle: "Thank you!",
      success: "We'll be in touch soon.",
    });
    expect(texts.newsletter).toMatchObject({
      "email.label": "Get product news and revenue playbooks",
      "email.placeholder": "you@company.com",
      submit: "Subscribe",
      success: SUCCESS_MESSAGES.newsletterSuccess,
    });
    const loaded = await load(cookies.editor, "contact");
    expect(loaded.status).toBe(200);
    expect(loaded.body.texts).toEqual(defaultTexts("contact"));
    expect(loaded.body.version).toBe(new Date(0).toISOString());
    expect(await storedRow("contact")).toBeUndefined();
  });

  it("an editor's save stores what differs, is audited, kept as a revision, and shows everywhere at once", async () => {
    const contentBefore = await currentContentVersion();
    const saved = await save(
      cookies.editor,
      "contact",
      { submit: "  Talk to sales  ", success: "Thanks! A human replies within a day." },
      await versionOf("contact"),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, toast: { message: "Texts saved" } });
    expect(saved.body.version).toBe(await versionOf("contact"));
    // Only what differs from the defaults is stored, trimmed.
    expect((await storedRow("contact"))?.texts).toEqual({
      submit: "Talk to sales",
      success: "Thanks! A human replies within a day.",
    });
    expect(await currentContentVersion()).toBeGreaterThan(contentBefore);

    expect(await lastAudit()).toMatchObject({
      actor: "editor-builtin@example.com",
      action: "form.update",
      entity: "form",
      entityId: "contact",
      details: {
        name: "Contact form",
        builtIn: "contact",
        before: { submit: "Send Message", success: SUCCESS_MESSAGES.contactSuccess },
        after: { submit: "Talk to sales", success: "Thanks! A human replies within a day." },
      },
    });
    // The first save keeps the texts as they were (the defaults) too, so it can be undone.
    const revisions = await listRevisions("form", BUILTIN_FORMS.contact.id);
    expect(revisions.map((r) => r.action)).toEqual(["update", "baseline"]);
    expect(revisions[0]?.changed).toEqual(["submit", "success"]);
    const [stored] = await test
      .handle()
      .db.select()
      .from(contentRevisions)
      .where(eq(contentRevisions.id, revisions[0]?.id ?? 0));
    expect(stored?.snapshot).toMatchObject({ heading: "Send us a message", submit: "Talk to sales" });

    // The contact page's data, the answer to a sent request and every page's data carry the new texts.
    const contact = await answer(await run("routes/site/contact.tsx", "loader", request("/contact?lead=ok")));
    expect((contact.body as { texts: Record<string, string> }).texts).toMatchObject({
      submit: "Talk to sales",
    });
    const lead = await submitLead(
      "contact",
      leadRequest(),
      contactLead("ada-builtin@example.com"),
      "192.0.2.31",
    );
    expect(lead.status).toBe(200);
    expect(lead.body.toast).toEqual({ type: "success", message: "Thanks! A human replies within a day." });
    expect((await siteFormTexts()).contact.submit).toBe("Talk to sales");
  });

  it("two first saves at the same moment: one is stored, the other is refused as a teammate's newer save", async () => {
    const never = new Date(0).toISOString();
    const [a, b] = await Promise.all([
      save(cookies.editor, "dialog", { submit: "Go ahead" }, never),
      save(owner.cookie, "dialog", { submit: "Go on" }, never),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? "Go ahead" : "Go on";
    expect((await siteFormTexts()).dialog.submit).toBe(winner);
    expect((a.status === 409 ? a : b).body.conflict?.theirs.submit).toBe(winner);
    const revisions = await listRevisions("form", BUILTIN_FORMS.dialog.id);
    expect(revisions.map((r) => r.action)).toEqual(["update", "baseline"]);
  });

  it("the dialog's and the newsletter's texts reach their answers and the pages' data", async () => {
    const dialog = await save(
      owner.cookie,
      "dialog",
      { heading: "Book a demo", successTitle: "Booked!", success: "We'll write within a day." },
      await versionOf("dialog"),
    );
    expect(dialog.status).toBe(200);
    const newsletter = await save(
      owner.cookie,
      "newsletter",
      { submit: "Sign me up", "email.help": "One mail a month.", success: "Welcome aboard." },
      await versionOf("newsletter"),
    );
    expect(newsletter.status).toBe(200);

    const lead = new FormData();
    lead.set("email", "demo-builtin@example.com");
    lead.set("purpose", "demo_request");
    const answered = await submitLead("lead", leadRequest(), lead, "192.0.2.32");
    expect(answered.body.toast).toEqual({
      type: "success",
      title: "Booked!",
      message: "We'll write within a day.",
    });
    const signUp = new FormData();
    signUp.set("email", "news-builtin@example.com");
    expect((await submitLead("newsletter", leadRequest(), signUp, "192.0.2.33")).body.toast?.message).toBe(
      "Welcome aboard.",
    );

    const root = await answer(await run("root.tsx", "loader", request("/")));
    expect((root.body as { newsletter: Record<string, string> }).newsletter).toMatchObject({
      submit: "Sign me up",
      "email.help": "One mail a month.",
    });
  });

  it("refuses an empty button label and a text over its limit, beside each, and writes nothing", async () => {
    const base = await versionOf("contact");
    const contentBefore = await currentContentVersion();
    const revisionsBefore = (await listRevisions("form", BUILTIN_FORMS.contact.id)).length;
    const refused = await save(
      cookies.editor,
      "contact",
      { submit: "   ", "name.help": "x".repeat(201), "name.placeholder": "" },
      base,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      toast: { message: "Please check the highlighted texts" },
    });
    expect(refused.body.fieldErrors).toEqual({
      submit: "The button label cannot be empty: write one, or reset it to the default.",
      "name.help": "Keep it to 200 characters.",
    });
    // What was typed comes back, and nothing changed.
    expect(refused.body.values?.submit).toBe("   ");
    expect(await versionOf("contact")).toBe(base);
    expect(await currentContentVersion()).toBe(contentBefore);
    expect(await listRevisions("form", BUILTIN_FORMS.contact.id)).toHaveLength(revisionsBefore);
    expect((await storedRow("contact"))?.texts.submit).toBe("Talk to sales");
  });

  it("refuses a save over a teammate's newer one, with who saved and their texts", async () => {
    const stale = await versionOf("contact");
    expect((await save(owner.cookie, "contact", { heading: "Write to us" }, stale)).status).toBe(200);
    const refused = await save(cookies.editor, "contact", { heading: "Say hello" }, stale);
    expect(refused.status).toBe(409);
    expect(refused.body.toast?.message).toBe(CONFLICT_MESSAGES.refused);
    expect(refused.body.conflict).toMatchObject({
      version: await versionOf("contact"),
      theirs: { heading: "Write to us", submit: "Talk to sales" },
    });
    expect((await siteFormTexts()).contact.heading).toBe("Write to us");
    // "Save mine over theirs": the same save carrying their version goes through.
    const over = await save(
      cookies.editor,
      "contact",
      { heading: "Say hello" },
      refused.body.conflict?.version ?? "",
    );
    expect(over.status).toBe(200);
    expect((await siteFormTexts()).contact.heading).toBe("Say hello");
  });

  it("a text saved back to its default is no longer stored and follows the default", async () => {
    const saved = await save(
      cookies.editor,
      "contact",
      { submit: "Send Message", heading: "Send us a message" },
      await versionOf("contact"),
    );
    expect(saved.status).toBe(200);
    expect((await storedRow("contact"))?.texts).toEqual({ success: "Thanks! A human replies within a day." });
    expect((await siteFormTexts()).contact).toMatchObject({
      submit: "Send Message",
      heading: "Send us a message",
    });
  });

  it("restores an earlier revision through the history, and not over a newer save", async () => {
    const id = BUILTIN_FORMS.contact.id;
    const listed = await answer(
      await run(HISTORY, "loader", request("/admin/forms/built-in/contact/revisions", cookies.editor), {
        key: "contact",
      }),
    );
    const revisions = (listed.body as { revisions: Array<{ id: number; action: string }> }).revisions;
    const baseline = revisions.find((r) => r.action === "baseline");
    if (!baseline) throw new Error("no baseline revision");
    const restore = (base: string) =>
      run(
        HISTORY,
        "action",
        request("/admin/forms/built-in/contact/revisions", cookies.editor, {
          intent: "restore",
          revision: String(baseline.id),
          base,
        }),
        { key: "contact" },
      );
    const refused = await answer(await restore(new Date(0).toISOString()));
    expect(refused.status).toBe(409);
    const restored = await answer(await restore(await versionOf("contact")));
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ ok: true, version: await versionOf("contact") });
    expect((await siteFormTexts()).contact).toEqual(defaultTexts("contact"));
    expect((await storedRow("contact"))?.texts).toEqual({});
    expect(await lastAudit()).toMatchObject({ action: "form.restore", entityId: "contact" });
    const [latest] = await listRevisions("form", id);
    expect(latest).toMatchObject({ action: "restore", restoredFrom: baseline.id });
  });

  it("only members who manage forms open or save the texts; an unknown form is a 404", async () => {
    for (const cookie of [cookies.author, cookies.sales]) {
      const opened = await run(EDIT, "loader", request("/admin/forms/built-in/contact", cookie), {
        key: "contact",
      });
      expect((opened.value as Response).status).toBe(403);
      const before = await versionOf("contact");
      const posted = await run(
        EDIT,
        "action",
        request("/admin/forms/built-in/contact", cookie, { intent: "save", submit: "Hacked" }),
        { key: "contact" },
      );
      expect(posted.thrown).toBe(true);
      expect((posted.value as Response).status).toBe(403);
      expect(await versionOf("contact")).toBe(before);
    }
    expect((await load(cookies.editor, "signup")).status).toBe(404);
    const unknown = await answer(
      await run(
        EDIT,
        "action",
        request("/admin/forms/built-in/signup", cookies.editor, { intent: "save", submit: "x" }),
        { key: "signup" },
      ),
    );
    expect(unknown.status).toBe(404);
  });
});

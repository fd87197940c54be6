// Revisions of a built form through the route modules, as the team uses them: every save through the form screen
// keeps a revision with the full form (name, fields, status and dates, routing, retention, refused domains) and which
// fields changed, written with the save; a save that changes nothing keeps none and a refused one writes none. The
// history lists who saved what; restoring an earlier name is a save of its own (checked again, audited, its own
// revision, announced to whoever has the form open) and is refused over a teammate's newer save. An editor's restore
// leaves who hears of submissions, how long they are kept and the sites that may embed the form as they are; an
// administrator's brings them back.
// Deleting the form takes its history with it.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, contentRevisions } from "~/db/schema";
import { currentContentVersion } from "~/infra/content-version.server";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { listRevisions } from "~/models/content-revisions.server";
import { versionOf } from "~/models/edit-conflicts.server";
import { deleteForm, getForm } from "~/models/forms.server";
import { listenForNotices, type RealtimeNotice } from "~/models/realtime-events.server";
import { addMember, sessionCookie } from "../support/members";
import { answer, request, run, setupTeam } from "../support/team-routes";
import { WEBINAR_EDITOR_INPUT } from "../support/webinar-form";

const { test, owner } = setupTeam();
const cookies = { admin: "", editor: "", sales: "" };
let salesId = "";

beforeAll(async () => {
  const db = test.handle().db;
  const join = async (role: "administrator" | "editor" | "sales", name: string) => {
    const member = await addMember(db, { name, email: `${role}-form-history@example.com`, role });
    return { member, cookie: await sessionCookie(member.userId) };
  };
  cookies.admin = (await join("administrator", "Dana Admin")).cookie;
  cookies.editor = (await join("editor", "Eddie Editor")).cookie;
  const sales = await join("sales", "Sam Sales");
  cookies.sales = sales.cookie;
  salesId = sales.member.userId;
});

interface Answered {
  ok?: boolean;
  version?: string;
  toast?: { message: string };
  conflict?: { version: string };
}

const EDIT = "routes/admin/form-edit.tsx";
const HISTORY = "routes/admin/form-revisions.ts";

/** A save through the form screen's action: the editor's JSON with `changes`, from the version `base`. */
async function save(cookie: string, id: string, changes: Record<string, unknown>, base = "") {
  const form = JSON.stringify({ ...WEBINAR_EDITOR_INPUT, ...changes });
  return answer(
    await run(EDIT, "action", request(`/admin/forms/${id}`, cookie, { intent: "save", form, base }), { id }),
  );
}

/** A new form saved by the owner; answers its id. */
async function created(changes: Record<string, unknown> = {}) {
  const out = await save(owner.cookie, "new", changes);
  expect(out.status).toBe(302);
  return (out.headers.get("location") ?? "").split("/").at(-1) ?? "";
}

const version = async (id: string) => {
  const row = await getForm(id);
  if (!row) throw new Error("form gone");
  return versionOf(row);
};

/** The history route: GET lists (or compares with `?revision=N`), POST restores from the version `base`. */
const history = {
  list: async (cookie: string, id: string, revision?: number) =>
    answer(
      await run(
        HISTORY,
        "loader",
        request(`/admin/forms/${id}/revisions${revision ? `?revision=${revision}` : ""}`, cookie),
        { id },
      ),
    ),
  restore: async (cookie: string, id: string, revision: number, base?: string) =>
    answer(
      await run(
        HISTORY,
        "action",
        request(`/admin/forms/${id}/revisions`, cookie, {
          intent: "restore",
          revision: String(revision),
          ...(base ? { base } : {}),
        }),
        { id },
      ),
    ),
};

const revisionsOf = (id: string) => listRevisions("form", id);
const ROUTING = {
  mode: "alert",
  members: [] as string[],
  addresses: ["events@partner.example"],
  confirmation: { enabled: false, subject: "", text: "" },
};

describe("form revisions", () => {
  it("every save keeps the whole form and what changed; a save changing nothing keeps none", async () => {
    const leadSettings = { routing: ROUTING, retentionDays: 90, blockedDomains: ["rival.example"] };
    const id = await created(leadSettings);
    const [first, ...older] = await revisionsOf(id);
    expect(older).toEqual([]);
    expect(first).toMatchObject({ action: "create", actor: "owner@example.com" });
    const [stored] = await test
      .handle()
      .db.select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.kind, "form"), eq(contentRevisions.itemId, id)));
    expect(stored?.snapshot).toMatchObject({
      name: "Webinar registration",
      status: "draft",
      opensAt: null,
      closesAt: null,
      maxSubmissions: null,
      closedMessage: "This form is not taking submissions at the moment.",
      routing: ROUTING,
      retentionDays: 90,
      blockedDomains: ["rival.example"],
      definition: { submitLabel: "Register", success: { kind: "message" } },
    });
    // Who saved it last is the revision's actor, not a field of the form.
    expect(stored?.snapshot).not.toHaveProperty("updatedBy");

    // The editor sends the lead settings as they are (an editor's save keeps them anyway).
    const spring = { ...leadSettings, name: "Spring webinar", status: "open" };
    const renamed = await save(cookies.editor, id, spring, await version(id));
    expect(renamed.status).toBe(200);
    const [edit] = await revisionsOf(id);
    expect(edit).toMatchObject({ action: "update", actor: "editor-form-history@example.com" });
    expect(edit?.actorName).toBe("Eddie Editor");
    expect(edit?.changed.sort()).toEqual(["name", "status"]);

    const same = await save(cookies.editor, id, spring, await version(id));
    expect(same.status).toBe(200);
    expect(await revisionsOf(id)).toHaveLength(2);
  });

  it("a save refused over a teammate's newer one writes no revision", async () => {
    const id = await created();
    const loaded = await version(id);
    expect((await save(cookies.admin, id, { name: "Theirs" }, loaded)).status).toBe(200);
    const mine = await save(cookies.editor, id, { name: "Mine" }, loaded);
    expect(mine.status).toBe(409);
    expect((await revisionsOf(id)).map((r) => r.action)).toEqual(["update", "create"]);
  });

  it("a form saved before revisions were kept gets its earlier state as a baseline at its first save", async () => {
    const id = await created({ name: "Old form" });
    await test
      .handle()
      .db.delete(contentRevisions)
      .where(and(eq(contentRevisions.kind, "form"), eq(contentRevisions.itemId, id)));
    expect((await save(owner.cookie, id, { name: "Old form, renamed" }, await version(id))).status).toBe(200);
    const revisions = await revisionsOf(id);
    expect(revisions.map((r) => r.action)).toEqual(["update", "baseline"]);
    const baseline = await history.list(owner.cookie, id, revisions[1]?.id);
    expect((baseline.body as { revision: { snapshot: { name: string } } }).revision.snapshot.name).toBe(
      "Old form",
    );
  });

  it("lists and compares for the form builders only", async () => {
    const id = await created();
    const listed = await history.list(cookies.editor, id);
    expect(listed.status).toBe(200);
    const [revision] = (listed.body as { revisions: { id: number }[] }).revisions;
    const compared = await history.list(cookies.editor, id, revision?.id);
    expect(compared.body).toMatchObject({
      revision: { snapshot: { name: "Webinar registration" } },
      current: { name: "Webinar registration" },
    });
    expect((await history.list(cookies.sales, id)).status).toBe(403);
    expect((await history.restore(cookies.sales, id, revision?.id ?? 0)).status).toBe(403);
    expect((await history.list(cookies.editor, randomUUID())).status).toBe(404);
    expect((await history.list(cookies.editor, "not-a-form")).status).toBe(404);
  });

  it("restores an earlier name as a save of its own: audited, a new revision, announced, visible at once", async () => {
    const id = await created({ name: "Spring webinar", status: "open" });
    expect(
      (await save(owner.cookie, id, { name: "Summer webinar", status: "open" }, await version(id))).status,
    ).toBe(200);
    const [, spring] = await revisionsOf(id);
    const before = await currentContentVersion();
    const heard: RealtimeNotice[] = [];
    const unlisten = await listenForNotices((notice) => heard.push(notice));
    try {
      const restored = await history.restore(cookies.editor, id, spring?.id ?? 0, await version(id));
      expect(restored.status).toBe(200);
      const body = restored.body as Answered;
      expect(body).toMatchObject({ ok: true, toast: { message: REVISION_MESSAGES.restored } });
      expect(body.version).toBe(await version(id));
      await expect.poll(() => heard.filter((n) => n.topic === `doc:form:${id}`).length).toBeGreaterThan(0);
    } finally {
      await unlisten();
    }
    expect((await getForm(id))?.name).toBe("Spring webinar");
    expect(await currentContentVersion()).toBeGreaterThan(before);
    const [latest] = await revisionsOf(id);
    expect(latest).toMatchObject({ action: "restore", restoredFrom: spring?.id, changed: ["name"] });
    const [audit] = await test
      .handle()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "form.restore"), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.at));
    expect(audit).toMatchObject({ actor: "editor-form-history@example.com" });
    expect(audit?.details).toMatchObject({ name: "Spring webinar", restoredFrom: spring?.id });
  });

  it("refuses a restore over a teammate's newer save, and changes nothing", async () => {
    const id = await created({ name: "First name" });
    expect((await save(owner.cookie, id, { name: "Second name" }, await version(id))).status).toBe(200);
    const opened = await version(id);
    const [, first] = await revisionsOf(id);
    // A teammate saves after the member opened the form.
    expect((await save(cookies.admin, id, { name: "Third name" }, opened)).status).toBe(200);
    const refused = await history.restore(cookies.editor, id, first?.id ?? 0, opened);
    expect(refused.status).toBe(409);
    expect((refused.body as Answered).toast?.message).toBe(REVISION_MESSAGES.formChanged);
    expect((await getForm(id))?.name).toBe("Third name");
    expect(await revisionsOf(id)).toHaveLength(3);
    // From the version they now hold, it goes through.
    expect((await history.restore(cookies.editor, id, first?.id ?? 0, await version(id))).status).toBe(200);
    expect((await getForm(id))?.name).toBe("First name");
  });

  it("an editor's restore keeps the routing, retention and embedding sites; an administrator's brings them back", async () => {
    const routed = { ...ROUTING, members: [salesId] };
    const sites = ["https://partner.example"];
    const id = await created({
      name: "Partner day",
      routing: routed,
      retentionDays: 30,
      allowedOrigins: sites,
    });
    // The administrator moves the leads elsewhere and keeps them longer, lists another site, and renames the form.
    const later = { ...ROUTING, addresses: ["sales@partner.example"] };
    const laterSites = ["https://events.partner.example"];
    expect(
      (
        await save(
          cookies.admin,
          id,
          { name: "Partner week", routing: later, retentionDays: 365, allowedOrigins: laterSites },
          await version(id),
        )
      ).status,
    ).toBe(200);
    const [, first] = await revisionsOf(id);

    expect((await history.restore(cookies.editor, id, first?.id ?? 0, await version(id))).status).toBe(200);
    expect(await getForm(id)).toMatchObject({
      name: "Partner day",
      routing: later,
      retentionDays: 365,
      allowedOrigins: laterSites,
    });

    expect((await history.restore(cookies.admin, id, first?.id ?? 0, await version(id))).status).toBe(200);
    expect(await getForm(id)).toMatchObject({
      name: "Partner day",
      routing: routed,
      retentionDays: 30,
      allowedOrigins: sites,
    });
  });

  it("a revision that no longer passes the form checks is not restored", async () => {
    const id = await created({ name: "Checked form" });
    const [revision] = await revisionsOf(id);
    // As if the rules had tightened since: the stored revision's form has a field without a label.
    const [row] = await test
      .handle()
      .db.select()
      .from(contentRevisions)
      .where(eq(contentRevisions.id, revision?.id ?? 0));
    const snapshot = row?.snapshot as { definition: { fields: { label: string }[] } };
    snapshot.definition.fields[0] = { ...snapshot.definition.fields[0], label: "" };
    await test
      .handle()
      .db.update(contentRevisions)
      .set({ snapshot: { ...row?.snapshot, name: "Other name", definition: snapshot.definition } })
      .where(eq(contentRevisions.id, revision?.id ?? 0));
    const refused = await history.restore(owner.cookie, id, revision?.id ?? 0, await version(id));
    expect(refused.status).toBe(400);
    expect((refused.body as Answered).toast?.message).toMatch(
      /^This revision no longer passes the form checks/,
    );
    expect((await getForm(id))?.name).toBe("Checked form");
    expect(await revisionsOf(id)).toHaveLength(1);
  });

  it("an unknown revision or one of another form is gone; a delete takes the history with it", async () => {
    const id = await created({ name: "Short-lived" });
    const other = await created({ name: "Other" });
    const [theirs] = await revisionsOf(other);
    expect((await history.restore(owner.cookie, id, theirs?.id ?? 0)).status).toBe(404);
    expect((await history.restore(owner.cookie, id, 999_999)).status).toBe(404);
    expect((await history.restore(owner.cookie, id, Number.NaN)).status).toBe(404);
    expect(await deleteForm(id, { actor: "owner@example.com" })).toBeTruthy();
    expect(await revisionsOf(id)).toEqual([]);
    expect(await revisionsOf(other)).toHaveLength(1);
  });
});

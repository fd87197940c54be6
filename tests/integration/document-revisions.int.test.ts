// Revisions of newsletter drafts and settings tabs through the route modules, as the two members of an edit conflict
// use them: the owner saves, Dana's save from the version she loaded is refused, she saves hers over theirs; both
// saves are then in the history, the owner's can be compared and restored (its own revision, audit entry, version
// and realtime notice), a newsletter that went out is refused, and a member without the capability is refused.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, newsletters } from "~/db/schema";
import { REVISION_MESSAGES } from "~/lib/cms-messages";
import { SETTINGS_TAB_IDS } from "~/lib/settings-tabs";
import { listRevisions } from "~/models/content-revisions.server";
import { versionOf } from "~/models/edit-conflicts.server";
import { createNewsletter, getNewsletter } from "~/models/newsletters-admin.server";
import { listenForNotices, type RealtimeNotice } from "~/models/realtime-events.server";
import { getSettings } from "~/models/settings.server";
import { saveSettings, settingsVersions } from "~/models/settings-admin.server";
import { accept, answer, request, run, setupTeam } from "../support/team-routes";

const { test, owner, invite } = setupTeam();
const ownerWho = { actor: "owner@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const cookies = { dana: "", editor: "", sales: "" };

beforeAll(async () => {
  const join = async (email: string, role: "administrator" | "editor" | "sales", name: string) =>
    (await accept(await invite(email, role), name, `${role}-revisions-password`)).cookie;
  cookies.dana = await join("dana@example.com", "administrator", "Dana");
  cookies.editor = await join("eddie@example.com", "editor", "Eddie");
  cookies.sales = await join("sam@example.com", "sales", "Sam");
});

interface Listed {
  revisions: { id: number; action: string; changed: string[]; actor: string; actorName: string | null }[];
}
interface Compared {
  revision: { snapshot: Record<string, unknown> };
  current: Record<string, unknown>;
}
interface Answered {
  ok: boolean;
  version?: string;
  conflict?: { version: string };
  toast?: { message: string };
}

/** A history route's GET (`?revision=N` compares) and POST (restore), as the dialog calls them. */
function history(file: string, url: string, params: Record<string, string>) {
  return {
    list: async (cookie: string, revision?: number) =>
      answer(
        await run(file, "loader", request(revision ? `${url}?revision=${revision}` : url, cookie), params),
      ),
    restore: async (cookie: string, revision: number) =>
      answer(
        await run(
          file,
          "action",
          request(url, cookie, { intent: "restore", revision: String(revision) }),
          params,
        ),
      ),
  };
}

const lastAudit = async (action: string) =>
  (
    await test
      .handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.at))
      .limit(1)
  )[0];

/** What `run` answers, and the realtime notices on `topic` it sent (they go out at its commits). */
async function withNotices<T>(run: () => Promise<T>, topic: string) {
  const heard: RealtimeNotice[] = [];
  const unlisten = await listenForNotices((notice) => heard.push(notice));
  try {
    const result = await run();
    await expect.poll(() => heard.filter((n) => n.topic === topic).length).toBeGreaterThan(0);
    return { result, notices: heard.filter((n) => n.topic === topic) };
  } finally {
    await unlisten();
  }
}

describe("newsletter draft revisions", () => {
  const body = (text: string) => JSON.stringify([{ type: "paragraph", data: { text } }]);
  const save = async (id: string, cookie: string, form: Record<string, string>) =>
    answer(
      await run(
        "routes/admin/newsletter-edit.tsx",
        "action",
        request(`/admin/newsletters/${id}`, cookie, { intent: "save", body: body("Hello"), ...form }),
        { id },
      ),
    );

  it("keeps both saves of a conflict, and restores the first as a save of its own", async () => {
    const letter = await createNewsletter(
      { subject: "Spring news", preheader: "", body: [], audience: {} },
      ownerWho,
    );
    const loaded = versionOf(letter);
    const h = history("routes/admin/newsletter-revisions.ts", `/admin/newsletters/${letter.id}/revisions`, {
      id: letter.id,
    });

    expect(
      (await save(letter.id, owner.cookie, { subject: "Spring news, theirs", base: loaded })).status,
    ).toBe(200);
    const refused = await save(letter.id, cookies.dana, {
      subject: "Spring news",
      preheader: "Hers",
      base: loaded,
    });
    expect(refused.status).toBe(409);
    const over = await save(letter.id, cookies.dana, {
      subject: "Spring news",
      preheader: "Hers",
      base: (refused.body as Answered).conflict?.version ?? "",
    });
    expect(over.status).toBe(200);

    const listed = await h.list(cookies.dana);
    expect(listed.status).toBe(200);
    const { revisions } = listed.body as Listed;
    expect(revisions.map((r) => [r.action, r.actorName])).toEqual([
      ["update", "Dana"],
      ["update", expect.any(String)],
      ["create", expect.any(String)],
    ]);
    expect(revisions[1]?.actor).toBe("owner@example.com");
    expect(revisions[0]?.changed.sort()).toEqual(["preheader", "subject"]);
    const theirs = revisions[1]?.id ?? 0;

    const compared = await h.list(cookies.dana, theirs);
    expect((compared.body as Compared).revision.snapshot).toMatchObject({
      subject: "Spring news, theirs",
      preheader: "",
    });
    expect((compared.body as Compared).current).toMatchObject({ subject: "Spring news", preheader: "Hers" });

    const before = await getNewsletter(letter.id);
    const { result: restored, notices } = await withNotices(
      () => h.restore(cookies.dana, theirs),
      `doc:newsletter:${letter.id}`,
    );
    expect(restored.status).toBe(200);
    const after = await getNewsletter(letter.id);
    expect(after).toMatchObject({ subject: "Spring news, theirs", preheader: "" });
    // A new version, the restore's answer names it, and whoever has the draft open is told.
    expect(versionOf(after ?? letter)).not.toBe(versionOf(before ?? letter));
    expect((restored.body as Answered).version).toBe(versionOf(after ?? letter));
    expect(notices).toEqual([
      expect.objectContaining({
        event: "saved",
        data: expect.objectContaining({ version: versionOf(after ?? letter) }),
      }),
    ]);
    const [latest] = await listRevisions("newsletter", letter.id);
    expect(latest).toMatchObject({ action: "restore", restoredFrom: theirs, actor: "dana@example.com" });
    expect(await lastAudit("newsletter.restore")).toMatchObject({
      actor: "dana@example.com",
      entityId: letter.id,
      details: { restoredFrom: theirs },
    });
  });

  it("refuses to restore a newsletter that went out, changing nothing", async () => {
    const letter = await createNewsletter(
      { subject: "Sent one", preheader: "", body: [], audience: {} },
      ownerWho,
    );
    expect((await save(letter.id, owner.cookie, { subject: "Sent one, edited" })).status).toBe(200);
    const h = history("routes/admin/newsletter-revisions.ts", `/admin/newsletters/${letter.id}/revisions`, {
      id: letter.id,
    });
    const first = (await listRevisions("newsletter", letter.id)).at(-1)?.id ?? 0;
    await test.handle().db.update(newsletters).set({ status: "sent" }).where(eq(newsletters.id, letter.id));
    const refused = await h.restore(owner.cookie, first);
    expect(refused.status).toBe(409);
    expect((refused.body as Answered).toast?.message).toBe(REVISION_MESSAGES.newsletterSent);
    expect((await getNewsletter(letter.id))?.subject).toBe("Sent one, edited");
    expect((await listRevisions("newsletter", letter.id)).map((r) => r.action)).toEqual(["update", "create"]);
    // Another newsletter's revision, or one that does not exist, is not this one's.
    expect((await h.restore(owner.cookie, first + 1000)).status).toBe(404);
  });

  it("refuses a member who may not edit newsletters", async () => {
    const letter = await createNewsletter(
      { subject: "Private", preheader: "", body: [], audience: {} },
      ownerWho,
    );
    const h = history("routes/admin/newsletter-revisions.ts", `/admin/newsletters/${letter.id}/revisions`, {
      id: letter.id,
    });
    const first = (await listRevisions("newsletter", letter.id))[0]?.id ?? 0;
    expect((await h.list(cookies.sales)).status).toBe(403);
    expect((await h.restore(cookies.sales, first)).status).toBe(403);
    // An editor may (the same capability as composing).
    expect((await h.list(cookies.editor)).status).toBe(200);
  });
});

describe("settings tab revisions", () => {
  const seo = history("routes/admin/settings-revisions.ts", "/admin/settings/seo/revisions", { tab: "seo" });
  const save = async (cookie: string, form: Record<string, string>) =>
    answer(
      await run(
        "routes/admin/settings.tsx",
        "action",
        request("/admin/settings", cookie, { intent: "save-settings", tab: "seo", ...form }),
      ),
    );

  it("keeps both saves of a conflict, and restores the first as a save of its own", async () => {
    const original = await getSettings();
    const loaded = (await settingsVersions()).seo;
    expect((await save(owner.cookie, { metaKeywords: "revenue, ai", base: loaded })).status).toBe(200);
    const refused = await save(cookies.dana, { siteTitle: "Dana's title", base: loaded });
    expect(refused.status).toBe(409);
    // Hers as she had it: the keywords she loaded, over theirs.
    const over = await save(cookies.dana, {
      siteTitle: "Dana's title",
      metaKeywords: original.metaKeywords,
      base: (refused.body as Answered).conflict?.version ?? "",
    });
    expect(over.status).toBe(200);
    expect(await getSettings()).toMatchObject({
      siteTitle: "Dana's title",
      metaKeywords: original.metaKeywords,
    });

    const { revisions } = (await seo.list(cookies.dana)).body as Listed;
    // The tab as it was before its first recorded save, the owner's save, hers.
    expect(revisions.map((r) => [r.action, r.actor])).toEqual([
      ["update", "dana@example.com"],
      ["update", "owner@example.com"],
      ["baseline", null],
    ]);
    expect(revisions[0]?.changed.sort()).toEqual(["metaKeywords", "siteTitle"]);
    expect(revisions[1]?.changed).toEqual(["metaKeywords"]);
    const theirs = revisions[1]?.id ?? 0;
    const compared = (await seo.list(cookies.dana, theirs)).body as Compared;
    expect(compared.revision.snapshot).toMatchObject({
      metaKeywords: "revenue, ai",
      siteTitle: original.siteTitle,
    });
    expect(compared.current).toMatchObject({
      metaKeywords: original.metaKeywords,
      siteTitle: "Dana's title",
    });

    const before = (await settingsVersions()).seo;
    const { result: restored, notices } = await withNotices(
      () => seo.restore(cookies.dana, theirs),
      "doc:settings:seo",
    );
    expect(restored.status).toBe(200);
    expect(await getSettings()).toMatchObject({ metaKeywords: "revenue, ai", siteTitle: original.siteTitle });
    const after = (await settingsVersions()).seo;
    expect(after).not.toBe(before);
    expect((restored.body as Answered).version).toBe(after);
    expect(notices).toEqual([
      expect.objectContaining({ event: "saved", data: expect.objectContaining({ version: after }) }),
    ]);
    const [latest] = await listRevisions("settings", SETTINGS_TAB_IDS.seo);
    expect(latest).toMatchObject({ action: "restore", restoredFrom: theirs, actor: "dana@example.com" });
    expect(await lastAudit("settings.restore")).toMatchObject({
      actor: "dana@example.com",
      entityId: "seo",
      details: {
        tab: "seo",
        restoredFrom: theirs,
        after: { metaKeywords: "revenue, ai", siteTitle: original.siteTitle },
      },
    });
  });

  it("gives each tab its own history; the analytics IDs, shown on two tabs, give both a revision", async () => {
    const settings = await getSettings();
    await saveSettings({ ...settings, googleAnalyticsId: "G-REVISIONS1" }, [], ownerWho, {
      tab: "analytics",
    });
    const analytics = await listRevisions("settings", SETTINGS_TAB_IDS.analytics);
    const seoRevisions = await listRevisions("settings", SETTINGS_TAB_IDS.seo);
    expect(analytics[0]).toMatchObject({ action: "update", changed: ["googleAnalyticsId"] });
    expect(seoRevisions[0]).toMatchObject({ action: "update", changed: ["googleAnalyticsId"] });
    expect(await listRevisions("settings", SETTINGS_TAB_IDS.general)).toEqual([]);
    // A save that changes nothing keeps none.
    await saveSettings({ ...(await getSettings()) }, [], ownerWho, { tab: "analytics" });
    expect(await listRevisions("settings", SETTINGS_TAB_IDS.analytics)).toHaveLength(analytics.length);
  });

  it("refuses a member without settings.manage, and a tab that does not exist", async () => {
    const [latest] = await listRevisions("settings", SETTINGS_TAB_IDS.seo);
    expect((await seo.list(cookies.editor)).status).toBe(403);
    expect((await seo.restore(cookies.editor, latest?.id ?? 0)).status).toBe(403);
    const nowhere = history("routes/admin/settings-revisions.ts", "/admin/settings/showcase/revisions", {
      tab: "showcase",
    });
    expect((await nowhere.list(owner.cookie)).status).toBe(404);
    expect((await nowhere.restore(owner.cookie, latest?.id ?? 0)).status).toBe(404);
    // A revision of another tab is not this tab's.
    const general = history("routes/admin/settings-revisions.ts", "/admin/settings/general/revisions", {
      tab: "general",
    });
    expect((await general.restore(owner.cookie, latest?.id ?? 0)).status).toBe(404);
    // A body that is not a form is the sender's mistake: 400 with a message, not a 500.
    const json = request("/admin/settings/seo/revisions", owner.cookie, {});
    const notAForm = new Request(json.url, {
      method: "POST",
      headers: { ...Object.fromEntries(json.headers), "content-type": "application/json" },
      body: JSON.stringify({ intent: "restore", revision: latest?.id }),
    });
    const refusedJson = await answer(
      await run("routes/admin/settings-revisions.ts", "action", notAForm, { tab: "seo" }),
    );
    expect(refusedJson.status).toBe(400);
    expect(JSON.stringify(refusedJson.body)).toContain("Send the revision to restore as a form");
    expect(
      await test
        .handle()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "settings.restore"), eq(auditLog.actor, "eddie@example.com"))),
    ).toEqual([]);
  });
});

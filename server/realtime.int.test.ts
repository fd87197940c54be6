// The back office's realtime channel end to end on one instance: the WebSocket upgrade (who is let in), joins
// checked against the member's role, notices of models delivered to the topic's members, presence, the limits, and
// the session sweep that closes a signed-out or removed member's connection and narrows a demoted one's topics.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { db } from "~/db/client.server";
import { adminUsers, authSessions, contactRequests } from "~/db/schema";
import { realtimeTiming, startRealtime, stopRealtime } from "~/infra/realtime-hub.server";
import { CLOSE, MAX_CONNECTIONS_PER_MEMBER, type ServerFrame, type Topic } from "~/lib/realtime-protocol";
import { setContactStatus } from "~/models/contacts-admin.server";
import { ensureBuiltInPages, savePage } from "~/models/pages.server";
import { publish } from "~/models/realtime-events.server";
import { getSettings } from "~/models/settings.server";
import { saveSettings, settingsVersions } from "~/models/settings-admin.server";
import { getNavigation, saveNavigation } from "~/models/site-navigation.server";
import { memberContext } from "../tests/support/members";
import { accept, setupTeam } from "../tests/support/team-routes";
import { handleUpgrade } from "./realtime";

const { owner, invite } = setupTeam();
let server: Server;
let origin = "";
const members = { editor: "", sales: "" };

/** A connection as a browser of this site opens it, with the frames it received. */
async function connect(cookie: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${origin.replace("http", "ws")}/admin/realtime`, {
    headers: { cookie, origin, ...headers },
  });
  const frames: ServerFrame[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as ServerFrame));
  const opened = await new Promise<{ ok: true } | { ok: false; status: number }>((resolve) => {
    socket.on("open", () => resolve({ ok: true }));
    socket.on("unexpected-response", (_req, res) => resolve({ ok: false, status: res.statusCode ?? 0 }));
    socket.on("error", () => resolve({ ok: false, status: 0 }));
  });
  const send = (frame: unknown) => socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  const framesOf = (type: ServerFrame["type"], topic?: string) =>
    frames.filter((f) => f.type === type && (!topic || ("topic" in f && f.topic === topic)));
  return { socket, frames, framesOf, closed, opened, send };
}

beforeAll(async () => {
  realtimeTiming.sweepMs = 200;
  await startRealtime();
  server = createServer((_req, res) => res.end());
  server.on("upgrade", handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  for (const role of ["editor", "sales"] as const) {
    const token = await invite(`${role}@example.com`, role);
    members[role] = (await accept(token, `Dana ${role}`, "a-long-member-password")).cookie;
  }
  await ensureBuiltInPages();
});

afterAll(async () => {
  await stopRealtime();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the realtime channel", () => {
  it("lets in only a signed-in member's page of this site, at its own path", async () => {
    expect((await connect("")).opened).toEqual({ ok: false, status: 401 });
    expect((await connect(owner.cookie, { origin: "https://evil.example" })).opened).toEqual({
      ok: false,
      status: 403,
    });
    const wrongPath = new WebSocket(`${origin.replace("http", "ws")}/admin/other`, {
      headers: { cookie: owner.cookie, origin },
    });
    const status = await new Promise((resolve) =>
      wrongPath.on("unexpected-response", (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(404);
    const ok = await connect(owner.cookie);
    expect(ok.opened).toEqual({ ok: true });
    ok.socket.close();
  });

  it("delivers a lead's change to the members on the leads topic, and answers heartbeats", async () => {
    const a = await connect(owner.cookie);
    a.send({ type: "join", topic: "leads" });
    a.send({ type: "heartbeat" });
    await expect.poll(() => a.framesOf("joined", "leads").length).toBe(1);
    await expect.poll(() => a.framesOf("heartbeat").length).toBe(1);
    const [row] = await db()
      .insert(contactRequests)
      .values({ name: "Live", email: "live@example.com", interest: "other", message: "m" })
      .returning();
    await setContactStatus(row?.id ?? "", "qualified", memberContext({ email: "owner@example.com" }));
    await expect
      .poll(() => a.framesOf("event", "leads"))
      .toEqual([{ type: "event", topic: "leads", event: "changed" }]);
    a.socket.close();
  });

  it("asks the role on every join: sales may not open a page's topic, an editor may not open the inbox", async () => {
    const topic = "doc:page:00000000-0000-4000-8000-000000000001";
    const sales = await connect(members.sales);
    sales.send({ type: "join", topic });
    sales.send({ type: "join", topic: "leads" });
    await expect.poll(() => sales.framesOf("refused", topic).length).toBe(1);
    await expect.poll(() => sales.framesOf("joined", "leads").length).toBe(1);
    const editor = await connect(members.editor);
    editor.send({ type: "join", topic: "leads" });
    editor.send({ type: "join", topic });
    await expect.poll(() => editor.framesOf("joined", topic).length).toBe(1);
    expect(editor.framesOf("refused", "leads")).toHaveLength(1);
    sales.socket.close();
    editor.socket.close();
  });

  it("shows who has a page open, across their joins and leaves, and tells them of a teammate's save", async () => {
    const [page] = await db().query.pages.findMany({ limit: 1 });
    if (!page) throw new Error("no page");
    const topic = `doc:page:${page.id}`;
    const a = await connect(owner.cookie);
    const b = await connect(members.editor);
    a.send({ type: "join", topic });
    b.send({ type: "join", topic });
    const names = (c: typeof a) =>
      c
        .framesOf("presence", topic)
        .map((f) => (f.type === "presence" ? f.members.map((m) => m.name).sort() : []))
        .at(-1);
    await expect.poll(() => names(a)).toEqual(["Administrator", "Dana editor"].sort());
    await expect.poll(() => names(b)).toEqual(["Administrator", "Dana editor"].sort());

    const saved = await savePage(
      page.id,
      { ...page, publishAt: null } as never,
      memberContext({ email: "editor@example.com" }),
    );
    expect(saved.ok).toBe(true);
    await expect
      .poll(() => a.framesOf("event", topic).map((f) => (f.type === "event" ? f.data : null)))
      .toEqual([
        {
          by: { id: expect.any(String), name: "Dana editor" },
          at: expect.any(String),
          version: saved.ok ? saved.page.updatedAt.toISOString() : "",
        },
      ]);

    b.send({ type: "leave", topic });
    await expect.poll(() => names(a)).toEqual(["Administrator"]);

    // Another instance's announcements may commit out of order (pooled connections): the newest one counts.
    const announce = (from: string, members: { id: string; name: string }[], seq: number) =>
      publish({ topic: topic as Topic, event: "presence", data: { members, seq }, from });
    const sam = { id: "00000000-0000-4000-8000-00000000000a", name: "Sam" };
    const lee = { id: "00000000-0000-4000-8000-00000000000b", name: "Lee" };
    await announce("other-instance", [sam], 7);
    await expect.poll(() => names(a)).toEqual(["Administrator", "Sam"]);
    await announce("other-instance", [], 6);
    // A third instance's announcement, sent after: once it shows, the stale one was handled before it.
    await announce("third-instance", [lee], 1);
    await expect.poll(() => names(a)?.includes("Lee")).toBe(true);
    expect(names(a)).toEqual(["Administrator", "Lee", "Sam"]);
    await announce("third-instance", [], 2);
    const other = (members: { id: string; name: string }[], seq: number) =>
      announce("other-instance", members, seq);
    await other([], 9);
    await expect.poll(() => names(a)).toEqual(["Administrator"]);
    a.socket.close();
    b.socket.close();
  });

  it("tells a tab that joins who is there at once, and the others only what changed", async () => {
    const [page] = await db().query.pages.findMany({ limit: 1 });
    if (!page) throw new Error("no page");
    const topic = `doc:page:${page.id}`;
    const first = await connect(owner.cookie);
    first.send({ type: "join", topic });
    await expect
      .poll(() => first.framesOf("presence", topic).at(-1))
      .toMatchObject({
        members: [{ name: "Administrator" }],
      });
    const told = first.framesOf("presence", topic).length;
    // The same member's second tab: it learns at once who is there; the first tab hears nothing new.
    const second = await connect(owner.cookie);
    second.send({ type: "join", topic });
    await expect
      .poll(() => second.framesOf("presence", topic).at(-1))
      .toMatchObject({
        members: [{ name: "Administrator" }],
      });
    // Its announcement has been handled once an announcement sent after it shows on the first tab.
    const lee = { id: "00000000-0000-4000-8000-00000000000b", name: "Lee" };
    await publish({
      topic: topic as Topic,
      event: "presence",
      data: { members: [lee], seq: 1 },
      from: "other",
    });
    await expect.poll(() => first.framesOf("presence", topic).length).toBe(told + 1);
    await publish({ topic: topic as Topic, event: "presence", data: { members: [], seq: 2 }, from: "other" });
    await expect.poll(() => first.framesOf("presence", topic).length).toBe(told + 2);
    first.socket.close();
    second.socket.close();
  });

  it("has a settings tab and the site navigation as documents: asked of the role, told of a teammate's save", async () => {
    const seo = "doc:settings:seo";
    const analytics = "doc:settings:analytics";
    const navigation = "doc:navigation:site";
    const editor = await connect(members.editor);
    editor.send({ type: "join", topic: seo });
    editor.send({ type: "join", topic: navigation });
    await expect.poll(() => editor.framesOf("refused", seo).length).toBe(1);
    await expect.poll(() => editor.framesOf("joined", navigation).length).toBe(1);
    // Not a document name of ours: the frame is not one, and the connection is closed.
    const stray = await connect(owner.cookie);
    stray.send({ type: "join", topic: "doc:settings:showcase" });
    expect((await stray.closed).code).toBe(CLOSE.malformed);

    const a = await connect(owner.cookie);
    for (const topic of [seo, analytics, "doc:settings:general"]) a.send({ type: "join", topic });
    await expect.poll(() => a.framesOf("joined").length).toBe(3);
    const settings = await getSettings();
    // The analytics ID shows on both the SEO and the Analytics tab: a save of SEO moves both.
    const { version } = await saveSettings(
      { ...settings, googleAnalyticsId: "G-LIVE12345" },
      [],
      memberContext({ email: "editor@example.com" }),
      { tab: "seo", base: (await settingsVersions()).seo },
    );
    const heard = (topic: string) =>
      a.framesOf("event", topic).map((f) => (f.type === "event" ? f.data : null));
    const told = [{ by: { id: expect.any(String), name: "Dana editor" }, at: expect.any(String), version }];
    await expect.poll(() => heard(seo)).toEqual(told);
    await expect.poll(() => heard(analytics)).toEqual(told);
    expect(heard("doc:settings:general")).toEqual([]);

    const ownerSaves = memberContext({ email: "owner@example.com" });
    const nav = await getNavigation();
    await saveNavigation({ ...nav, header: nav.header.slice(1) }, ownerSaves);
    await expect.poll(() => editor.framesOf("event", navigation).length).toBe(1);
    // A save that changes nothing is no news; the next change is.
    await saveNavigation({ ...nav, header: nav.header.slice(1) }, ownerSaves);
    await saveNavigation(nav, ownerSaves);
    await expect.poll(() => editor.framesOf("event", navigation).length).toBe(2);
    for (const c of [editor, a]) c.socket.close();
  });

  it("closes a connection that sends what is not ours or too much, and refuses a member's tabs past the limit", async () => {
    const junk = await connect(owner.cookie);
    junk.send("not json");
    expect(await junk.closed).toEqual({ code: CLOSE.malformed, reason: "Malformed message" });
    const unknown = await connect(owner.cookie);
    unknown.send({ type: "join", topic: "everything" });
    expect((await unknown.closed).code).toBe(CLOSE.malformed);
    const big = await connect(owner.cookie);
    big.send({ type: "heartbeat", padding: "x".repeat(10_000) });
    expect((await big.closed).code).toBe(1009);

    const tabs = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_MEMBER; i++) tabs.push(await connect(owner.cookie));
    const extra = await connect(owner.cookie);
    expect((await extra.closed).code).toBe(CLOSE.tooManyConnections);
    for (const tab of tabs) tab.socket.close();
  });

  it("closes a signed-out member's connection, and leaves the topics a new role no longer opens", async () => {
    const topic = "doc:page:00000000-0000-4000-8000-000000000002";
    const editor = await connect(members.editor);
    editor.send({ type: "join", topic });
    await expect.poll(() => editor.framesOf("joined", topic).length).toBe(1);
    const [row] = await db().select().from(adminUsers).where(eq(adminUsers.role, "editor"));
    await db()
      .update(adminUsers)
      .set({ role: "sales" })
      .where(eq(adminUsers.userId, row?.userId ?? ""));
    await expect
      .poll(() => editor.framesOf("left", topic))
      .toEqual([{ type: "left", topic, message: "Your role no longer opens this." }]);

    const sales = await connect(members.sales);
    const [session] = await db()
      .select()
      .from(authSessions)
      .innerJoin(adminUsers, eq(adminUsers.userId, authSessions.userId))
      .where(eq(adminUsers.userId, row?.userId ?? ""));
    await db()
      .delete(authSessions)
      .where(eq(authSessions.id, session?.auth_session.id ?? ""));
    expect(await editor.closed).toEqual({ code: CLOSE.signedOut, reason: "Signed out" });
    // Removing a member: their row goes, and so does their connection.
    await db().delete(adminUsers).where(eq(adminUsers.role, "sales"));
    expect((await sales.closed).code).toBe(CLOSE.signedOut);
  });
});

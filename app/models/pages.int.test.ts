// Pages built from blocks on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the built-in pages
// are added once and never over an edited page, saves validate and bump the content version, a published page
// that moves leaves a 301, page.published / page.unpublished are queued, a scheduled page waits for its time and
// then goes live once with a version bump, and a block of an old shape is left out on read. Pages have preview
// links (shown signed out as the public page would, no-store, noindex) and revisions with restore like the blog. A
// save carrying the version its editor loaded is refused over a newer save, and changes nothing.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { authUsers, contentRevisions, outbox, pages, previewLinks } from "~/db/schema";
import { env } from "~/env.server";
import { currentContentVersion } from "~/infra/content-version.server";
import { requestInfoContext } from "~/infra/request-context.server";
import { parsePage } from "~/lib/page-form";
import { loader as pageLoader } from "~/routes/site/page-preview";
import { startReceiver } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import { listRevisions } from "./content-revisions.server";
import { conflictWith, versionOf } from "./edit-conflicts.server";
import {
  deletePage,
  ensureBuiltInPages,
  getPage,
  getPublishedPage,
  listPages,
  listPublishedPagePaths,
  type PageInput,
  restorePageRevision,
  savePage,
} from "./pages.server";
import { createPreviewLink, revokePreviewLink } from "./preview-links.server";
import { msUntilNextPublication, publishDueItems } from "./publication-schedule.server";
import { findRedirect } from "./redirects.server";
import { createEndpoint } from "./webhooks.server";

const test = setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };

function page(fields: Record<string, unknown>): PageInput {
  const parsed = parsePage({
    title: "Spring launch",
    path: "/lp/spring-launch",
    status: "published",
    blocks: [{ id: "hero", type: "hero", headline: "Spring into revenue", actions: [], checks: [] }],
    ...fields,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.page;
}

describe("pages", () => {
  it("adds / and /pricing once, and never over a page the team has edited", async () => {
    expect(await ensureBuiltInPages()).toBe(2);
    const home = await getPublishedPage("/");
    expect(home?.blocks.map((b) => b.type)).toEqual(["hero", "claims", "features", "testimonials", "cta"]);
    const [row] = await test.handle().db.select().from(pages).where(eq(pages.path, "/"));
    if (!row) throw new Error("no home page");
    const edited = page({
      path: "/",
      title: "Home",
      blocks: [{ id: "h", type: "hero", headline: "Edited" }],
    });
    expect((await savePage(row.id, edited, who)).ok).toBe(true);
    expect(await ensureBuiltInPages()).toBe(0);
    const after = await getPublishedPage("/");
    expect(after?.blocks).toMatchObject([{ type: "hero", headline: "Edited" }]);
  });

  it("refuses reserved paths and invalid blocks with messages by field", () => {
    const parsed = parsePage({
      title: "",
      path: "/Blog/Mine",
      blocks: [
        {
          id: "a",
          type: "pricing",
          plans: [{ name: "P", price: "", cta: { label: "Go", href: "javascript:x" } }],
        },
      ],
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.path).toMatch(/belongs to the blog/);
    expect(parsed.fieldErrors.title).toBeDefined();
    expect(parsed.fieldErrors["blocks.0.plans.0.price"]).toBeDefined();
    expect(parsed.fieldErrors["blocks.0.plans.0.cta.href"]).toBeDefined();
    for (const reserved of ["/admin", "/api/x", "/academy/a", "/contact", "/preview/x", "/sitemap.xml"])
      expect(parsePage({ title: "x", path: reserved, blocks: [] }).ok, reserved).toBe(false);
  });

  it("publishing bumps the version, queues page.published, moving leaves a 301, archiving unpublishes", async () => {
    Object.assign(env(), { webhookAllowPrivate: true });
    const receiver = await startReceiver();
    await createEndpoint(receiver.url, ["page.published", "page.unpublished"], who);
    await receiver.close();
    const v0 = await currentContentVersion();
    const created = await savePage(null, page({}), who);
    if (!created.ok) throw new Error("not saved");
    expect(await currentContentVersion()).not.toBe(v0);
    expect((await getPublishedPage("/lp/spring-launch"))?.title).toBe("Spring launch");
    expect((await listPublishedPagePaths()).map((p) => p.path)).toContain("/lp/spring-launch");

    const moved = await savePage(created.page.id, page({ path: "/lp/spring" }), who);
    expect(moved.ok).toBe(true);
    expect(await findRedirect("/lp/spring-launch")).toMatchObject({ toUrl: "/lp/spring", statusCode: 301 });

    await savePage(created.page.id, page({ path: "/lp/spring", status: "archived" }), who);
    expect(await getPublishedPage("/lp/spring")).toBeUndefined();
    const events = await test.handle().db.select({ event: outbox.event }).from(outbox);
    expect(events.map((e) => e.event).sort()).toEqual(["page.published", "page.unpublished"]);

    const taken = await savePage(null, page({ path: "/lp/spring" }), who);
    expect(taken).toEqual({ ok: false, reason: "path-taken" });
    expect(await deletePage(created.page.id, who)).toBeDefined();
  });

  it("a scheduled page waits for its time, then goes live once with a version bump", async () => {
    const soon = new Date(Date.now() + 60 * 60_000);
    const saved = await savePage(null, page({ path: "/lp/later", publishAt: soon.toISOString() }), who);
    expect(saved.ok).toBe(true);
    expect(await getPublishedPage("/lp/later")).toBeUndefined();
    expect(await msUntilNextPublication()).toBeGreaterThan(0);
    await test
      .handle()
      .db.update(pages)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(pages.path, "/lp/later"));
    expect(await getPublishedPage("/lp/later")).toBeDefined();
    // At its time the went-live step claims it once and bumps the content version (cached pages change).
    const v0 = await currentContentVersion();
    expect(await publishDueItems()).toMatchObject([{ kind: "page", slug: "/lp/later" }]);
    expect(await currentContentVersion()).not.toBe(v0);
    expect(await publishDueItems()).toEqual([]);
  });

  it("a stored block of an old shape is left out, the rest of the page renders", async () => {
    await test
      .handle()
      .db.insert(pages)
      .values({
        path: "/lp/old",
        title: "Old",
        status: "published",
        publishedAt: new Date(Date.now() - 1000),
        blocks: [
          { id: "x", type: "hero", title: "before headline existed" },
          { id: "f", type: "faq", heading: "Q", items: [{ question: "a?", answer: "b" }] },
        ],
      });
    const old = await getPublishedPage("/lp/old");
    expect(old?.blocks.map((b) => b.id)).toEqual(["f"]);
  });

  it("a preview link shows a draft page as the public page would, no-store and noindex, until revoked", async () => {
    const draft = await savePage(null, page({ path: "/lp/preview-me", status: "draft" }), who);
    if (!draft.ok) throw new Error("not saved");
    expect(await getPublishedPage("/lp/preview-me")).toBeUndefined();
    const link = await createPreviewLink("page", draft.page.id, who);
    if (!link) throw new Error("no link");
    const open = async (token: string) => {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { ip: "198.51.100.40", nonce: "n" });
      const request = new Request(`http://localhost:3000/preview/page/${token}`);
      try {
        const answer = (await pageLoader({ request, params: { token }, context } as never)) as {
          data: { page: { title: string; blocks: unknown[] }; preview: { state: string } | null };
          init: ResponseInit | null;
        };
        return {
          status: answer.init?.status ?? 200,
          headers: new Headers(answer.init?.headers),
          ...answer.data,
        };
      } catch (thrown) {
        const error = thrown as { init: ResponseInit | null; data: unknown };
        return { status: error.init?.status, headers: new Headers(error.init?.headers), reason: error.data };
      }
    };
    const shown = await open(link.token);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Cache-Control")).toBe("private, no-store");
    expect(shown.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(shown).toMatchObject({
      page: { title: "Spring launch" },
      preview: { state: "This page is a draft and not public" },
    });
    expect("page" in shown && shown.page.blocks).toHaveLength(1);

    expect(await revokePreviewLink("page", draft.page.id, link.id, who)).toBeDefined();
    const revoked = await open(link.token);
    expect(revoked.status).toBe(410);
    expect(revoked.headers.get("X-Robots-Tag")).toBe("noindex");

    // A deleted page takes its links with it: the token is unknown from then on.
    const other = await createPreviewLink("page", draft.page.id, who);
    if (!other) throw new Error("no link");
    await deletePage(draft.page.id, who);
    expect((await open(other.token)).status).toBe(404);
    const left = await test
      .handle()
      .db.select()
      .from(previewLinks)
      .where(eq(previewLinks.itemId, draft.page.id));
    expect(left).toEqual([]);
  });

  it("a save over a teammate's newer save is refused and changes nothing; saving over it on purpose keeps both", async () => {
    await test.handle().db.insert(authUsers).values({ name: "Dana Price", email: "dana@example.com" });
    const dana = { ...who, actor: "dana@example.com" };
    const created = await savePage(null, page({ path: "/lp/conflict", title: "Pricing v1" }), who);
    if (!created.ok) throw new Error("not saved");
    const loaded = versionOf(created.page);
    // Dana saves first, from the version both editors loaded.
    const theirs = await savePage(
      created.page.id,
      page({ path: "/lp/conflict", title: "Price: $99" }),
      dana,
      {
        base: loaded,
      },
    );
    if (!theirs.ok) throw new Error("Dana's save was refused");
    const versionBefore = await currentContentVersion();
    const mine = page({ path: "/lp/conflict", title: "Pricing v1", metaDescription: "New FAQ" });
    const refused = await savePage(created.page.id, mine, who, { base: loaded });
    expect(refused).toMatchObject({ ok: false, reason: "conflict" });
    if (refused.ok || refused.reason !== "conflict") throw new Error("not a conflict");
    expect(await conflictWith(refused.current)).toEqual({
      version: versionOf(theirs.page),
      savedBy: "Dana Price",
      theirs: expect.objectContaining({ title: "Price: $99", metaDescription: null }),
    });
    // Nothing changed: Dana's title stands, no revision, no version bump.
    expect((await getPage(created.page.id))?.title).toBe("Price: $99");
    expect((await listRevisions("page", created.page.id)).map((r) => r.actor)).toEqual([
      dana.actor,
      who.actor,
    ]);
    expect(await currentContentVersion()).toBe(versionBefore);
    // "Save mine over theirs" carries their version: a normal save, so Dana's stays in the history to restore.
    const over = await savePage(created.page.id, mine, who, { base: versionOf(theirs.page) });
    expect(over.ok).toBe(true);
    const history = await listRevisions("page", created.page.id);
    expect(history.map((r) => r.actor)).toEqual([who.actor, dana.actor, who.actor]);
    expect(history[1]?.changed).toContain("title");
  });

  it("every save keeps a revision with who; restoring one brings its title, SEO fields and blocks back", async () => {
    const [member] = await test
      .handle()
      .db.insert(authUsers)
      .values({ name: "Priya Editor", email: who.actor })
      .returning();
    const first = await savePage(
      null,
      page({
        path: "/lp/restore",
        metaTitle: "First meta",
        blocks: [{ id: "a", type: "hero", headline: "First" }],
      }),
      who,
    );
    if (!first.ok) throw new Error("not saved");
    const id = first.page.id;
    const second = await savePage(
      id,
      page({
        path: "/lp/restore",
        title: "Second",
        metaTitle: "Second meta",
        blocks: [
          { id: "b", type: "faq", heading: "Questions", items: [{ question: "Why?", answer: "Because." }] },
        ],
      }),
      who,
    );
    expect(second.ok).toBe(true);
    // Saving the same page again changes nothing, so keeps no revision.
    await savePage(
      id,
      page({
        path: "/lp/restore",
        title: "Second",
        metaTitle: "Second meta",
        blocks: second.ok ? second.page.blocks : [],
      }),
      who,
    );
    const history = await listRevisions("page", id);
    expect(history.map((r) => r.action)).toEqual(["update", "create"]);
    expect(history[0]).toMatchObject({
      actor: who.actor,
      actorName: "Priya Editor",
      changed: expect.arrayContaining(["title", "metaTitle", "blocks"]),
    });
    const created = history[1];
    if (!created) throw new Error("no create revision");

    // The pages list names who saved each page last.
    expect((await listPages()).find((p) => p.id === id)).toMatchObject({
      updatedBy: member?.id,
      updatedByName: "Priya Editor",
    });

    const restored = await restorePageRevision(id, created.id, who);
    expect(restored).toMatchObject({ ok: true, dropped: 0, cleared: [] });
    const now = await getPage(id);
    expect(now).toMatchObject({
      title: "Spring launch",
      metaTitle: "First meta",
      path: "/lp/restore",
      status: "published",
    });
    expect(now?.blocks).toMatchObject([{ id: "a", type: "hero", headline: "First" }]);
    expect(await getPublishedPage("/lp/restore")).toMatchObject({ title: "Spring launch" });
    const after = await listRevisions("page", id);
    expect(after[0]).toMatchObject({ action: "restore", restoredFrom: created.id });

    // A revision holding a block of a shape the editor no longer takes: that block is left out, never stored.
    await test
      .handle()
      .db.update(contentRevisions)
      .set({
        snapshot: {
          ...(created as unknown as { snapshot?: object }).snapshot,
          title: "Old shapes",
          blocks: [
            { id: "x", type: "hero", title: "before headline existed" },
            { id: "y", type: "hero", headline: "Still fits" },
          ],
        },
      })
      .where(and(eq(contentRevisions.kind, "page"), eq(contentRevisions.id, created.id)));
    const partly = await restorePageRevision(id, created.id, who);
    expect(partly).toMatchObject({ ok: true, dropped: 1 });
    const stored = await getPage(id);
    expect(stored?.title).toBe("Old shapes");
    expect(stored?.blocks).toMatchObject([{ id: "y", type: "hero", headline: "Still fits" }]);

    expect(await restorePageRevision(id, 999_999, who)).toEqual({ ok: false, reason: "gone" });
    await deletePage(id, who);
    expect(await listRevisions("page", id)).toEqual([]);
  });
});

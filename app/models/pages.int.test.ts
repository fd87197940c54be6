// Pages built from blocks on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the built-in pages
// are added once and never over an edited page, saves validate and bump the content version, a published page
// that moves leaves a 301, page.published / page.unpublished are queued, a scheduled page waits for its time and
// then goes live once with a version bump, and a block of an old shape is left out on read.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, pages } from "~/db/schema";
import { env } from "~/env.server";
import { currentContentVersion } from "~/lib/content-version.server";
import { parsePage } from "~/lib/page-form";
import { startReceiver } from "../../tests/support/receivers";
import { setupTestDatabase } from "../../tests/support/test-db";
import {
  deletePage,
  ensureBuiltInPages,
  getPublishedPage,
  listPublishedPagePaths,
  type PageInput,
  savePage,
} from "./pages.server";
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
});

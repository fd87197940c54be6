// Redirect rules and the 404 monitor on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): chains
// collapse, loops are refused, a slug change redirects in the write's own transaction, the lookup follows every
// write (also one made by another instance), and 404s are batched, capped and bot-free.
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { notFoundPaths, redirects } from "~/db/schema";
import { currentContentVersion } from "~/infra/content-version.server";
import { academySchema, blogPostSchema } from "~/lib/content-schemas";
import { parseRequiredForm } from "~/lib/forms";
import { type RedirectInput, redirectFormSchema } from "~/lib/redirect-schema";
import { setupTestDatabase, testDatabaseKind } from "../../tests/support/test-db";
import { createAcademyItem, updateAcademyItem } from "./academy-admin.server";
import { createPost, getPostById, togglePostStatus, updatePost } from "./blog-admin.server";
import {
  clearNotFound,
  dismissNotFound,
  flushNotFound,
  listNotFound,
  NOT_FOUND_MAX_PATHS,
  recordNotFound,
} from "./not-found-monitor.server";
import {
  countRedirectHit,
  createRedirect,
  deleteRedirect,
  findRedirect,
  flushRedirectHits,
  listRedirects,
} from "./redirects.server";

const test = setupTestDatabase();
const by = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

function input(fromPath: string, toUrl: string, statusCode = "301"): RedirectInput {
  const parsed = redirectFormSchema.safeParse({ fromPath, toUrl, statusCode });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

function blogInput(values: Record<string, string>) {
  const result = parseRequiredForm(blogPostSchema, values, ["title", "slug"], "x");
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.data;
}

/** Every redirect as "from → to (status)", sorted. */
async function table(): Promise<string[]> {
  const rows = await test.handle().db.select().from(redirects);
  return rows.map((r) => `${r.fromPath} → ${r.toUrl} (${r.statusCode})`).sort();
}

/** The audit actions written for `entity`, oldest first (entries of one transaction share their time). */
async function auditActions(entity: string): Promise<string[]> {
  const rows = await test
    .handle()
    .db.execute(sql`select action from audit_log where entity = ${entity} order by at, id`);
  return rowsOf<{ action: string }>(rows).map((r) => r.action);
}

beforeEach(async () => {
  await test.handle().db.delete(redirects);
  await test.handle().db.delete(notFoundPaths);
  await test.handle().db.execute(sql`delete from audit_log`);
});

describe("redirect rules", () => {
  it("adds a redirect, bumps the content version, audits it, and refuses duplicates in any letter case", async () => {
    const version = await currentContentVersion();
    const created = await createRedirect(input("/Old-Page/", "/pricing", "302"), by);
    expect(created).toMatchObject({ ok: true, redirect: { fromPath: "/Old-Page", statusCode: 302 } });
    expect(await currentContentVersion()).toBeGreaterThan(version);
    expect(await auditActions("redirect")).toEqual(["redirect.create"]);
    expect(await findRedirect("/old-page")).toMatchObject({ toUrl: "/pricing", statusCode: 302 });

    const again = await createRedirect(input("/old-page", "/contact"), by);
    expect(again).toEqual({
      ok: false,
      field: "fromPath",
      message: "There is already a redirect from /Old-Page",
    });
    // The form refuses a target equal to the path; the model does too, whoever calls it.
    expect(redirectFormSchema.safeParse({ fromPath: "/a", toUrl: "/A/?x=1" }).success).toBe(false);
    const self = await createRedirect({ fromPath: "/a", toUrl: "/A/?x=1", statusCode: 301 }, by);
    expect(self).toMatchObject({ ok: false, field: "toUrl" });
    expect(await table()).toEqual(["/Old-Page → /pricing (302)"]);
  });

  it("collapses chains both ways, keeping query strings and fragments", async () => {
    await createRedirect(input("/a", "/b?ref=a#top"), by);
    // B → C after A → B: A goes straight to C, with what A's target added.
    await createRedirect(input("/b", "/c"), by);
    expect(await table()).toEqual(["/a → /c?ref=a#top (301)", "/b → /c (301)"]);
    // D → B while B → C: stored as D → C.
    await createRedirect(input("/d", "/B/"), by);
    // C → an absolute URL: every chain now ends there.
    await createRedirect(input("/c", "https://elsewhere.example/new"), by);
    expect(await table()).toEqual([
      "/a → https://elsewhere.example/new?ref=a#top (301)",
      "/b → https://elsewhere.example/new (301)",
      "/c → https://elsewhere.example/new (301)",
      "/d → https://elsewhere.example/new (301)",
    ]);
    // One entry per row written: four created, four rewritten by a collapse.
    expect((await auditActions("redirect")).sort()).toEqual([
      ...Array(4).fill("redirect.create"),
      ...Array(4).fill("redirect.update"),
    ]);
  });

  it("refuses a loop with a message for the form, writing nothing", async () => {
    await createRedirect(input("/x", "/y"), by);
    const version = await currentContentVersion();
    expect(await createRedirect(input("/y", "/x"), by)).toEqual({
      ok: false,
      field: "toUrl",
      message: "This would make a loop: /x already redirects to /y",
    });
    // Through this site's own absolute address too (BASE_URL).
    expect(await createRedirect(input("/Y", "http://localhost:3000/X?utm=1"), by)).toMatchObject({
      ok: false,
      field: "toUrl",
    });
    expect(await table()).toEqual(["/x → /y (301)"]);
    expect(await currentContentVersion()).toBe(version);
  });

  it("deletes a redirect, bumps the version and audits; a second delete finds nothing", async () => {
    const created = await createRedirect(input("/gone", "/"), by);
    if (!created.ok) throw new Error(created.message);
    const version = await currentContentVersion();
    expect(await deleteRedirect(created.redirect.id, by)).toMatchObject({ fromPath: "/gone" });
    expect(await currentContentVersion()).toBeGreaterThan(version);
    expect(await findRedirect("/gone")).toBeUndefined();
    expect(await deleteRedirect(created.redirect.id, by)).toBeUndefined();
    expect(await auditActions("redirect")).toEqual(["redirect.create", "redirect.delete"]);
  });

  it("lists newest first and searches the path and the target", async () => {
    await createRedirect(input("/one", "/pricing"), by);
    await createRedirect(input("/two", "https://elsewhere.example/Pricing-page"), by);
    await createRedirect(input("/three", "/contact"), by);
    const all = await listRedirects();
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.fromPath)).toEqual(["/three", "/two", "/one"]);
    const found = await listRedirects({ search: "PRICING" });
    expect(found.rows.map((r) => r.fromPath).sort()).toEqual(["/one", "/two"]);
    expect(found).toMatchObject({ total: 3, matched: 2 });
    expect(await listRedirects({ search: "%" })).toMatchObject({ rows: [], total: 3, matched: 0 });
  });

  it("counts hits in memory and adds them in one write", async () => {
    const created = await createRedirect(input("/counted", "/"), by);
    if (!created.ok) throw new Error(created.message);
    const at = new Date("2030-01-02T03:04:05Z");
    for (let i = 0; i < 3; i++) countRedirectHit(created.redirect.id, at);
    expect((await listRedirects()).rows[0]).toMatchObject({ hits: 0, lastHitAt: null });
    expect(await flushRedirectHits()).toBe(3);
    expect((await listRedirects()).rows[0]).toMatchObject({ hits: 3, lastHitAt: at });
    expect(await flushRedirectHits()).toBe(0);
  });

  // With PGlite only one process can open the database: there is no other instance to follow.
  it.skipIf(testDatabaseKind() !== "postgres")(
    "follows a redirect another instance wrote, on the next lookup",
    async () => {
      expect(await findRedirect("/elsewhere")).toBeUndefined();
      const other = postgres(test.handle().url ?? "", { max: 1, onnotice: () => {} });
      try {
        await other.begin(async (tx) => {
          await tx`insert into redirects (from_path, from_key, to_url, to_key) values ('/elsewhere', '/elsewhere', '/pricing', '/pricing')`;
          await tx`update app_meta set value = (value::bigint + 1)::text where key = 'content_version'`;
        });
      } finally {
        await other.end();
      }
      expect(await findRedirect("/elsewhere")).toMatchObject({ toUrl: "/pricing", statusCode: 301 });
    },
  );
});

describe("slug changes", () => {
  it("redirect a published item's old address to the new one, collapsing chains, in the write itself", async () => {
    const post = await createPost(blogInput({ title: "Moving", slug: "moving", status: "published" }), by);
    await createRedirect(input("/promo", "/blog/moving"), by);
    const version = await currentContentVersion();
    await updatePost(post.id, blogInput({ title: "Moving", slug: "moved", status: "published" }), by);
    expect(await currentContentVersion()).toBeGreaterThan(version);
    expect(await table()).toEqual(["/blog/moving → /blog/moved (301)", "/promo → /blog/moved (301)"]);
    const [made] = (await listRedirects({ search: "/blog/moving" })).rows;
    expect(made).toMatchObject({ source: "slug-change", createdBy: by.actor });

    // Renamed back: the old address is a page again, so its redirect goes and the other way round is made.
    await updatePost(post.id, blogInput({ title: "Moving", slug: "moving", status: "published" }), by);
    expect(await table()).toEqual(["/blog/moved → /blog/moving (301)", "/promo → /blog/moving (301)"]);
    expect(await findRedirect("/blog/moving")).toBeUndefined();
  });

  it("leave drafts alone, and free an address when an item is published there", async () => {
    const draft = await createPost(blogInput({ title: "Draft", slug: "draft-a" }), by);
    await updatePost(draft.id, blogInput({ title: "Draft", slug: "draft-b" }), by);
    expect(await table()).toEqual([]);

    await createRedirect(input("/academy/lesson", "/academy"), by);
    const item = parseRequiredForm(
      academySchema,
      { title: "L", slug: "lesson", category: "c" },
      ["title"],
      "x",
    );
    if (!item.ok) throw new Error("academy input");
    const created = await createAcademyItem(item.data, by);
    // A draft at that address: the redirect still serves.
    expect(await table()).toEqual(["/academy/lesson → /academy (301)"]);
    await updateAcademyItem(created.id, { ...item.data, status: "published" }, by);
    expect(await table()).toEqual([]);
    // The academy's addresses follow their slugs too.
    await updateAcademyItem(created.id, { ...item.data, slug: "lesson-two", status: "published" }, by);
    expect(await table()).toEqual(["/academy/lesson → /academy/lesson-two (301)"]);
    await test.handle().db.delete(redirects);

    await createRedirect(input("/blog/draft-b", "/blog"), by);
    await togglePostStatus(draft.id, by);
    expect(await table()).toEqual([]);
    expect(await auditActions("redirect")).toEqual([
      "redirect.create",
      "redirect.delete",
      "redirect.create",
      "redirect.create",
      "redirect.delete",
    ]);
  });

  it("commit or roll back together with the content write", async () => {
    const post = await createPost(blogInput({ title: "Atomic", slug: "atomic", status: "published" }), by);
    // The redirect insert fails inside the update's transaction: the slug must not change either.
    const db = test.handle().db;
    await db.execute(sql`
      create function refuse_redirect() returns trigger language plpgsql as $$
      begin raise exception 'redirect refused by test'; end $$`);
    await db.execute(
      sql`create trigger refuse_redirect before insert on redirects for each row execute function refuse_redirect()`,
    );
    try {
      await expect(
        updatePost(post.id, blogInput({ title: "Atomic", slug: "atomic-2", status: "published" }), by),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_redirect on redirects`);
      await db.execute(sql`drop function refuse_redirect()`);
    }
    expect((await getPostById(post.id))?.slug).toBe("atomic");
    expect(await table()).toEqual([]);
  });
});

describe("404 monitor", () => {
  const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

  it("batches 404s per path, with the last referrer, leaving bots and non-page paths out", async () => {
    recordNotFound({
      path: "/Missing/?q=1",
      userAgent: BROWSER,
      at: at(1),
      referrer: "https://ref.example/a?secret=1",
    });
    recordNotFound({ path: "/missing", userAgent: BROWSER, at: at(2) });
    recordNotFound({
      path: "/missing",
      userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
      at: at(3),
    });
    recordNotFound({ path: "/other", userAgent: "", at: at(3) });
    recordNotFound({ path: "/admin/nothing", userAgent: BROWSER, at: at(3) });
    recordNotFound({ path: "/api/x", userAgent: BROWSER, at: at(3) });
    recordNotFound({ path: `/${"x".repeat(400)}`, userAgent: BROWSER, at: at(3) });
    expect((await listNotFound()).total).toBe(0);
    expect(await flushNotFound(at(10))).toBe(1);
    recordNotFound({
      path: "/missing",
      userAgent: BROWSER,
      at: at(5),
      referrer: "http://localhost:3000/blog",
    });
    await flushNotFound(at(10));
    const { rows, total } = await listNotFound();
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      path: "/missing",
      hits: 3,
      firstSeenAt: at(1),
      lastSeenAt: at(5),
      lastReferrer: "http://localhost:3000/blog",
    });
  });

  it("turns a 404 into a redirect: its row goes, and later counts for it are not stored", async () => {
    recordNotFound({ path: "/old-link", userAgent: BROWSER, at: at(1) });
    await flushNotFound(at(2));
    recordNotFound({ path: "/old-link", userAgent: BROWSER, at: at(3) });
    const made = await createRedirect(input("/old-link", "/pricing"), by, "not-found");
    expect(made).toMatchObject({ ok: true, redirect: { source: "not-found" } });
    expect((await listNotFound()).total).toBe(0);
    await flushNotFound(at(4));
    expect((await listNotFound()).total).toBe(0);
  });

  it(`keeps at most ${NOT_FOUND_MAX_PATHS} paths: the stale first, then the least hit, the newest of those first`, async () => {
    const now = new Date(Date.UTC(2030, 0, 20));
    const day = 24 * 60 * 60 * 1000;
    // A path hit often but not for ten days, and 600 paths hit twice this morning.
    for (let i = 0; i < 50; i++)
      recordNotFound({ path: "/stale", userAgent: BROWSER, at: new Date(now.getTime() - 10 * day) });
    for (let i = 0; i < 600; i++) {
      for (let n = 0; n < 2; n++)
        recordNotFound({ path: `/twice-${i}`, userAgent: BROWSER, at: new Date(now.getTime() - 1000) });
    }
    await flushNotFound(now);
    // 1,200 more paths hit once: room is made among them and the stale one; rows listed earlier stay.
    for (let i = 0; i < 1200; i++) {
      recordNotFound({ path: `/once-${i}`, userAgent: BROWSER, at: new Date(now.getTime() - 1000 + i) });
    }
    expect(await flushNotFound(now)).toBe(1200);
    const rows = await test.handle().db.select().from(notFoundPaths);
    expect(rows).toHaveLength(NOT_FOUND_MAX_PATHS);
    const paths = new Set(rows.map((r) => r.path));
    expect(paths.has("/stale")).toBe(false);
    expect(rows.filter((r) => r.path.startsWith("/twice-"))).toHaveLength(600);
    // Among the paths hit once, the first seen stay: newer ones with as few hits cannot push them out.
    expect(paths.has("/once-0")).toBe(true);
    expect(paths.has("/once-399")).toBe(true);
    expect(paths.has("/once-400")).toBe(false);
    expect(paths.has("/once-1199")).toBe(false);
  });

  it("dismisses one path or clears them all, with audit entries", async () => {
    for (const path of ["/a", "/b", "/c"]) recordNotFound({ path, userAgent: BROWSER, at: at(1) });
    await flushNotFound(at(2));
    expect(await dismissNotFound("/b", by)).toMatchObject({ path: "/b" });
    expect(await dismissNotFound("/b", by)).toBeUndefined();
    expect((await listNotFound()).rows.map((r) => r.path).sort()).toEqual(["/a", "/c"]);
    expect(await clearNotFound(by)).toBe(2);
    expect((await listNotFound()).total).toBe(0);
    expect(await auditActions("not_found_path")).toEqual(["not_found.dismiss", "not_found.clear"]);
  });
});

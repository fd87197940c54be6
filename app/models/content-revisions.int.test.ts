// Revisions and preview links on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): every save keeps
// a revision in its own transaction, the last 50 survive, a restore is a save like any other; preview links open
// drafts until they expire or are revoked.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { academyInput, blogInput } from "../../tests/support/content-input";
import { setupTestDatabase } from "../../tests/support/test-db";
import { auditLog, blogPosts, contentRevisions, previewLinks } from "../db/schema";
import { currentContentVersion } from "../infra/content-version.server";
import { createAcademyItem, restoreAcademyRevision, updateAcademyItem } from "./academy-admin.server";
import { getPublishedPost } from "./blog.server";
import {
  createPost,
  deletePost,
  restorePostRevision,
  togglePostStatus,
  updatePost,
} from "./blog-admin.server";
import { getRevision, listRevisions, REVISIONS_KEPT } from "./content-revisions.server";
import { SlugTakenError } from "./content-writes.server";
import { StaleEditError, versionOf } from "./edit-conflicts.server";
import {
  createPreviewLink,
  listActivePreviewLinks,
  openPreview,
  PREVIEW_MISS_LIMIT,
  revokePreviewLink,
} from "./preview-links.server";

const test = setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.5", userAgent: "vitest" };
const db = () => test.handle().db;

const body = (text: string) => JSON.stringify([{ type: "paragraph", data: { text } }]);

describe("edit conflicts", () => {
  it("a post or academy item saved by a teammate since the editor loaded it is not written over", async () => {
    const post = await createPost(blogInput({ title: "Shared", slug: "shared", excerpt: "Draft one" }), who);
    const loaded = versionOf(post);
    const dana = { ...who, actor: "dana@example.com" };
    await updatePost(
      post.id,
      blogInput({ title: "Shared", slug: "shared", excerpt: "Dana's" }),
      dana,
      new Date(),
      undefined,
      loaded,
    );
    const version = await currentContentVersion();
    const refused = await updatePost(
      post.id,
      blogInput({ title: "Mine", slug: "shared", excerpt: "Draft one" }),
      who,
      new Date(),
      undefined,
      loaded,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StaleEditError);
    const [row] = await db()
      .select({ title: blogPosts.title, excerpt: blogPosts.excerpt })
      .from(blogPosts)
      .where(eq(blogPosts.id, post.id));
    expect(row).toEqual({ title: "Shared", excerpt: "Dana's" });
    expect((await listRevisions("blog", post.id)).length).toBe(2);
    expect(await currentContentVersion()).toBe(version);

    const item = await createAcademyItem(
      academyInput({ title: "Course", slug: "course", category: "Sales" }),
      who,
    );
    await updateAcademyItem(
      item.id,
      academyInput({ title: "Course 2", slug: "course", category: "Sales" }),
      dana,
    );
    await expect(
      updateAcademyItem(
        item.id,
        academyInput({ title: "Mine", slug: "course", category: "Sales" }),
        who,
        new Date(),
        undefined,
        versionOf(item),
      ),
    ).rejects.toBeInstanceOf(StaleEditError);
  });
});

describe("revisions", () => {
  it("keeps one per save with who and what changed, newest first", async () => {
    const post = await createPost(
      blogInput({ title: "History", slug: "history", excerpt: "First words", body: body("Version one") }),
      who,
    );
    await updatePost(
      post.id,
      blogInput({ title: "History", slug: "history", excerpt: "Second words", body: body("Version two") }),
      { ...who, actor: "second@example.com" },
    );
    // A save that changes nothing adds no revision.
    await updatePost(
      post.id,
      blogInput({ title: "History", slug: "history", excerpt: "Second words", body: body("Version two") }),
      who,
    );
    await togglePostStatus(post.id, who);
    const revisions = await listRevisions("blog", post.id);
    expect(revisions.map((r) => r.action)).toEqual(["publish", "update", "create"]);
    expect(revisions[0]?.changed.sort()).toEqual(["publishedAt", "status"]);
    expect(revisions[1]?.changed.sort()).toEqual(["content", "excerpt", "richContent"]);
    expect(revisions[1]?.actor).toBe("second@example.com");
    expect(revisions[2]?.changed).toEqual(
      expect.arrayContaining(["title", "slug", "excerpt", "richContent"]),
    );
    const first = await getRevision("blog", post.id, revisions[2]?.id ?? 0);
    expect(first?.snapshot).toMatchObject({ title: "History", excerpt: "First words", status: "draft" });
    expect(first?.snapshot).not.toHaveProperty("updatedAt");
  });

  it("an item without revisions (written before they existed) keeps its earlier state at its first save", async () => {
    const post = await createPost(blogInput({ title: "Legacy", slug: "legacy", excerpt: "As seeded" }), who);
    // As the demo seed or an older version wrote it: no revision.
    await db().delete(contentRevisions).where(eq(contentRevisions.itemId, post.id));
    await updatePost(post.id, blogInput({ title: "Legacy", slug: "legacy", excerpt: "First edit" }), who);
    const revisions = await listRevisions("blog", post.id);
    expect(revisions.map((r) => r.action)).toEqual(["update", "baseline"]);
    const baseline = await getRevision("blog", post.id, revisions[1]?.id ?? 0);
    expect(baseline?.snapshot.excerpt).toBe("As seeded");
    expect(baseline?.actor).toBeNull();
  });

  it("keeps the last 50 per item, pruned in the save's transaction", async () => {
    const post = await createPost(blogInput({ title: "Busy", slug: "busy", excerpt: "0" }), who);
    const other = await createPost(blogInput({ title: "Quiet", slug: "quiet" }), who);
    for (let i = 1; i <= REVISIONS_KEPT + 5; i++) {
      await updatePost(post.id, blogInput({ title: "Busy", slug: "busy", excerpt: String(i) }), who);
    }
    const revisions = await listRevisions("blog", post.id);
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    const [{ n } = { n: 0 }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.kind, "blog"), eq(contentRevisions.itemId, post.id)));
    expect(n).toBe(REVISIONS_KEPT);
    const newest = await getRevision("blog", post.id, revisions[0]?.id ?? 0);
    const oldest = await getRevision("blog", post.id, revisions.at(-1)?.id ?? 0);
    expect(newest?.snapshot.excerpt).toBe(String(REVISIONS_KEPT + 5));
    expect(oldest?.snapshot.excerpt).toBe("6");
    // Another item's history is untouched.
    expect(await listRevisions("blog", other.id)).toHaveLength(1);
  });

  it("a refused save keeps no revision", async () => {
    await createPost(blogInput({ title: "Taken", slug: "taken-slug" }), who);
    const post = await createPost(blogInput({ title: "Mine", slug: "mine-slug" }), who);
    const error = await updatePost(post.id, blogInput({ title: "Mine", slug: "taken-slug" }), who).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SlugTakenError);
    expect(await listRevisions("blog", post.id)).toHaveLength(1);
  });

  it("restore brings the old text back through the update path, as a new revision, keeping the status", async () => {
    const post = await createPost(
      blogInput({
        title: "Original title",
        slug: "restorable",
        body: body("The old text"),
        status: "published",
      }),
      who,
    );
    await updatePost(
      post.id,
      blogInput({ title: "Bad edit", slug: "restorable", body: body("A bad edit"), status: "published" }),
      who,
    );
    const [, created] = await listRevisions("blog", post.id);
    const version = await currentContentVersion();
    const restored = await restorePostRevision(post.id, created?.id ?? 0, {
      ...who,
      actor: "restorer@example.com",
    });
    expect(restored?.after.title).toBe("Original title");
    expect(restored?.after.status).toBe("published");
    expect(restored?.after.publishedAt?.toISOString()).toBe(post.publishedAt?.toISOString());
    expect(await currentContentVersion()).toBeGreaterThan(version);
    const live = await getPublishedPost("restorable");
    expect(JSON.stringify(live?.richContent)).toContain("The old text");
    const [latest] = await listRevisions("blog", post.id);
    expect(latest).toMatchObject({
      action: "restore",
      restoredFrom: created?.id,
      actor: "restorer@example.com",
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, post.id));
    expect(audit.filter((a) => a.action === "blog.update")).toHaveLength(2);
    // A revision of another item, or one that does not exist, restores nothing.
    const other = await createPost(blogInput({ title: "Other", slug: "other-item" }), who);
    expect(await restorePostRevision(other.id, created?.id ?? 0, who)).toBeUndefined();
    expect(await restorePostRevision(post.id, 999_999_999, who)).toBeUndefined();
  });

  it("restore keeps a scheduled item scheduled at its time", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const post = await createPost(
      { ...blogInput({ title: "Later", slug: "restore-later", status: "published" }), publishAt: at },
      who,
    );
    await updatePost(
      post.id,
      { ...blogInput({ title: "Later, badly", slug: "restore-later", status: "published" }), publishAt: at },
      who,
    );
    const [, created] = await listRevisions("blog", post.id);
    const restored = await restorePostRevision(post.id, created?.id ?? 0, who);
    expect(restored?.after).toMatchObject({ title: "Later", status: "published", publicationPending: true });
    expect(restored?.after.publishedAt?.toISOString()).toBe(at.toISOString());
    expect(await getPublishedPost("restore-later")).toBeUndefined();
  });

  it("academy: restore brings back description and media", async () => {
    const parse = academyInput;
    const base = { title: "Lesson", slug: "lesson-r", category: "Guides" };
    const item = await createAcademyItem(
      parse({ ...base, description: "Good description", videoUrl: "https://video.example/a.mp4" }),
      who,
    );
    await updateAcademyItem(item.id, parse({ ...base, description: "Worse", videoUrl: "" }), who);
    const [, created] = await listRevisions("academy", item.id);
    const restored = await restoreAcademyRevision(item.id, created?.id ?? 0, who);
    expect(restored?.after.description).toBe("Good description");
    expect(restored?.after.videoUrl).toBe("https://video.example/a.mp4");
    expect(JSON.stringify(restored?.after.content)).toContain("video.example");
  });

  it("deleting an item deletes its revisions and preview links", async () => {
    const post = await createPost(blogInput({ title: "Doomed", slug: "doomed" }), who);
    await createPreviewLink("blog", post.id, who);
    await deletePost(post.id, who);
    expect(await listRevisions("blog", post.id)).toEqual([]);
    expect(await db().select().from(previewLinks).where(eq(previewLinks.itemId, post.id))).toEqual([]);
  });
});

describe("preview links", () => {
  it("open a draft until revoked, with an audit entry for each change", async () => {
    const post = await createPost(blogInput({ title: "Secret draft", slug: "secret-draft" }), who);
    const link = await createPreviewLink("blog", post.id, who);
    if (!link) throw new Error("no link");
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(7 * 24 * 3_600_000);
    const opened = await openPreview("blog", link.token, "198.51.100.1");
    expect(opened.state).toBe("ok");
    if (opened.state === "ok") expect(opened.item.title).toBe("Secret draft");
    // A blog token opens nothing under the academy.
    expect((await openPreview("academy", link.token, "198.51.100.1")).state).toBe("unknown");
    expect((await listActivePreviewLinks("blog", post.id)).map((l) => l.id)).toEqual([link.id]);

    expect(await revokePreviewLink("blog", post.id, link.id, who)).toBeDefined();
    expect(await revokePreviewLink("blog", post.id, link.id, who)).toBeUndefined();
    expect((await openPreview("blog", link.token, "198.51.100.1")).state).toBe("gone");
    expect(await listActivePreviewLinks("blog", post.id)).toEqual([]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, post.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["blog.preview_create", "blog.preview_revoke"]),
    );
  });

  it("stop working once expired", async () => {
    const post = await createPost(blogInput({ title: "Short-lived", slug: "short-lived" }), who);
    const expired = await createPreviewLink("blog", post.id, who, { ttlMs: -1000 });
    if (!expired) throw new Error("no link");
    expect((await openPreview("blog", expired.token, "198.51.100.2")).state).toBe("gone");
    expect(await listActivePreviewLinks("blog", post.id)).toEqual([]);
    const fresh = await createPreviewLink("blog", post.id, who);
    if (!fresh) throw new Error("no link");
    expect((await openPreview("blog", fresh.token, "198.51.100.2")).state).toBe("ok");
    await db()
      .update(previewLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(previewLinks.id, fresh.id));
    expect((await openPreview("blog", fresh.token, "198.51.100.2")).state).toBe("gone");
  });

  it("throttle an address that keeps trying tokens that do not work", async () => {
    const post = await createPost(blogInput({ title: "Guarded", slug: "guarded" }), who);
    const link = await createPreviewLink("blog", post.id, who);
    if (!link) throw new Error("no link");
    const guesser = "198.51.100.77";
    for (let i = 0; i < PREVIEW_MISS_LIMIT.limit; i++) {
      expect((await openPreview("blog", `${"x".repeat(42)}${i % 10}`, guesser)).state).toBe("unknown");
    }
    // Past the limit even a real token waits; another address is not affected.
    expect((await openPreview("blog", link.token, guesser)).state).toBe("limited");
    expect((await openPreview("blog", link.token, "198.51.100.78")).state).toBe("ok");
  });

  it("answer 404 while the blog is switched off in the settings, and work again once it is back on", async () => {
    const { loader } = await import("../routes/blog/post");
    const { RouterContextProvider } = await import("react-router");
    const { requestInfoContext } = await import("../infra/request-context.server");
    const { getSettings } = await import("./settings.server");
    const { saveSettings } = await import("./settings-admin.server");
    const post = await createPost(blogInput({ title: "Draft behind a switch", slug: "behind-switch" }), who);
    const link = await createPreviewLink("blog", post.id, who);
    if (!link) throw new Error("no link");
    const open = async () => {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { ip: "198.51.100.90", nonce: "n" });
      const request = new Request(`http://localhost:3000/preview/blog/${link.token}`);
      try {
        const page = (await loader({ request, params: { token: link.token }, context } as never)) as {
          init: ResponseInit | null;
        };
        return { status: page.init?.status ?? 200, headers: new Headers(page.init?.headers) };
      } catch (thrown) {
        const error = thrown as { init: ResponseInit | null; data: unknown };
        return { status: error.init?.status, headers: new Headers(error.init?.headers), data: error.data };
      }
    };
    expect((await open()).status).toBe(200);
    await saveSettings({ ...(await getSettings()), blogEnabled: false }, [], who);
    const off = await open();
    expect(off.status).toBe(404);
    expect(off.data).toEqual({ reason: "blog-disabled" });
    expect(off.headers.get("Cache-Control")).toBe("private, no-store");
    expect(off.headers.get("X-Robots-Tag")).toBe("noindex");
    await saveSettings({ ...(await getSettings()), blogEnabled: true }, [], who);
    expect((await open()).status).toBe(200);
  });

  it("cannot be made for an item that does not exist", async () => {
    expect(await createPreviewLink("blog", "00000000-0000-4000-8000-000000000000", who)).toBeUndefined();
  });
});

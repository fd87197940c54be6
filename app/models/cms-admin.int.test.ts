import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { blogPosts, contactRequests, formSubmissions, subscribers } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql-helpers.server";
import { currentContentVersion } from "~/infra/content-version.server";
import { academyInput, blogInput } from "../../tests/support/content-input";
import { setupTestDatabase } from "../../tests/support/test-db";
import { getPublishedAcademyItem } from "./academy.server";
import {
  createAcademyItem,
  deleteAcademyItem,
  listAllAcademy,
  toggleAcademyStatus,
  updateAcademyItem,
} from "./academy-admin.server";
import { getPublishedPost } from "./blog.server";
import {
  createPost,
  deletePost,
  getPostById,
  listAllPosts,
  togglePostStatus,
  updatePost,
} from "./blog-admin.server";
import { SlugTakenError } from "./content-writes.server";
import { dashboardStats } from "./dashboard.server";
import { getSettings } from "./settings.server";
import { saveSettings } from "./settings-admin.server";
import { addShowcaseItem, deleteShowcaseItem } from "./showcase-admin.server";

const test = setupTestDatabase();
/** The model writes below are called directly, as a script would: no route, no request. */
const who = { actor: "model-test@example.com" };

describe("model writes own their side effects", () => {
  /** The audit rows written for `entityId` (or, without one, for `action`), oldest first. */
  async function auditOf(where: { entityId?: string; action?: string }) {
    const rows = await test
      .handle()
      .db.execute(
        where.entityId
          ? sql`select action, actor, ip, details from audit_log where entity_id = ${where.entityId} order by at, id`
          : sql`select action, actor, ip, details from audit_log where action = ${where.action} order by at, id`,
      );
    return rowsOf<{ action: string; actor: string; ip: string | null; details: Record<string, unknown> }>(
      rows,
    );
  }

  /** Runs `write` and answers whether it moved the content version. */
  async function bumps(write: () => Promise<unknown>) {
    const before = await currentContentVersion();
    await write();
    return (await currentContentVersion()) > before;
  }

  const by = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };

  it("blog: publish, update, toggle and delete bump the version and audit, with no route involved", async () => {
    let id = "";
    expect(
      await bumps(async () => {
        id = (await createPost(blogInput({ title: "Owned", slug: "owned", status: "published" }), by)).id;
      }),
    ).toBe(true);
    // Published → draft: the post leaves the public site, so the version moves.
    expect(await bumps(() => updatePost(id, blogInput({ title: "Owned 2", slug: "owned" }), by))).toBe(true);
    expect(await bumps(() => togglePostStatus(id, by))).toBe(true);
    expect(await bumps(() => deletePost(id, by))).toBe(true);
    expect((await auditOf({ entityId: id })).map((r) => [r.action, r.actor, r.ip])).toEqual([
      ["blog.create", by.actor, by.ip],
      ["blog.update", by.actor, by.ip],
      ["blog.publish", by.actor, by.ip],
      ["blog.delete", by.actor, by.ip],
    ]);
  });

  it("academy: create and toggle bump the version and audit; a draft saved as a draft changes nothing public", async () => {
    let id = "";
    expect(
      await bumps(async () => {
        id = (await createAcademyItem(academyInput({ title: "Own", slug: "own-a", category: "c" }), by)).id;
      }),
    ).toBe(false);
    expect(await bumps(() => toggleAcademyStatus(id, by))).toBe(true);
    expect((await auditOf({ entityId: id })).map((r) => r.action)).toEqual([
      "academy.create",
      "academy.publish",
    ]);
  });

  it("settings and showcase writes bump the version and audit", async () => {
    const settings = await getSettings();
    expect(await bumps(() => saveSettings({ ...settings, siteTitle: "Owned title" }, [], by))).toBe(true);
    const [saved] = await auditOf({ action: "settings.save" });
    expect(saved).toMatchObject({ actor: by.actor, details: { after: { siteTitle: "Owned title" } } });
    let id = "";
    expect(
      await bumps(async () => {
        id = (
          await addShowcaseItem({ title: "S", mediaUrl: "https://x.example/s.jpg", mediaType: "image" }, by)
        ).id;
      }),
    ).toBe(true);
    expect(await bumps(() => deleteShowcaseItem(id, by))).toBe(true);
    expect((await auditOf({ entityId: id })).map((r) => r.action)).toEqual([
      "showcase.create",
      "showcase.delete",
    ]);
  });
});

describe("blog admin model", () => {
  it("creates a draft with the editor's blocks and the excerpt as content, hidden from the public", async () => {
    const body = JSON.stringify([
      { type: "header", data: { level: 2, text: "H" } },
      { type: "paragraph", data: { text: "P" } },
    ]);
    const post = await createPost(
      blogInput({ title: "Draft one", slug: "draft-one", excerpt: "Ex", body }),
      who,
    );
    expect(post).toMatchObject({ status: "draft", publishedAt: null, author: "Admin" });
    expect(post.richContent).toEqual(JSON.parse(body));
    expect(post.content).toEqual({ blocks: [{ type: "paragraph", data: { text: "Ex" } }] });
    expect(await getPublishedPost("draft-one")).toBeUndefined();
  });

  it("toggles published ⇄ draft, setting and clearing published_at", async () => {
    const post = await createPost(blogInput({ title: "Toggle", slug: "toggle-me" }), who);
    const now = new Date("2025-05-05T05:05:05Z");
    const published = await togglePostStatus(post.id, who, now);
    expect(published?.post).toMatchObject({ status: "published", publishedAt: now });
    expect(await getPublishedPost("toggle-me")).toBeDefined();
    const drafted = await togglePostStatus(post.id, who);
    expect(drafted?.post).toMatchObject({ status: "draft", publishedAt: null });
    expect(await getPublishedPost("toggle-me")).toBeUndefined();
    expect(await togglePostStatus("00000000-0000-4000-8000-000000000000", who)).toBeUndefined();
  });

  it("updates any field and status, stamping updated_at", async () => {
    const post = await createPost(blogInput({ title: "Edit", slug: "edit-me" }), who);
    const later = new Date(post.updatedAt.getTime() + 60_000);
    const result = await updatePost(
      post.id,
      blogInput({ title: "Edited", slug: "edited", status: "archived", tags: "x, y" }),
      who,
      later,
    );
    expect(result?.after).toMatchObject({
      title: "Edited",
      slug: "edited",
      status: "archived",
      tags: ["x", "y"],
    });
    expect(result?.after.updatedAt).toEqual(later);
    expect((await getPostById(post.id))?.status).toBe("archived");
  });

  it("reports a duplicate slug as SlugTakenError, the database's unique violation its cause", async () => {
    await createPost(blogInput({ title: "Dup", slug: "dup-slug" }), who);
    const error = await createPost(blogInput({ title: "Dup 2", slug: "dup-slug" }), who).catch((e) => e);
    expect(error).toBeInstanceOf(SlugTakenError);
    expect(isUniqueViolation(error.cause)).toBe(true);
    expect(isUniqueViolation(new Error("other"))).toBe(false);
  });

  it("lists newest first and deletes", async () => {
    const older = await createPost(blogInput({ title: "Old", slug: "old-one" }), who, new Date("2020-01-01"));
    const list = await listAllPosts();
    expect(list.at(-1)?.id).toBe(older.id);
    expect((await deletePost(older.id, who))?.id).toBe(older.id);
    expect(await deletePost(older.id, who)).toBeUndefined();
  });
});

describe("academy admin model", () => {
  it("creates with content blocks from description, video and audio", async () => {
    const item = await createAcademyItem(
      academyInput({
        title: "Lesson",
        slug: "lesson",
        category: "Sales",
        description: "Desc",
        videoUrl: "https://youtube.com/watch?v=abc123",
        audioUrl: "/a.mp3",
        duration: "15",
        status: "published",
      }),
      who,
    );
    expect(item.content).toEqual([
      { type: "paragraph", data: { text: "Desc" } },
      { type: "video", data: { url: "https://youtube.com/watch?v=abc123" } },
      { type: "audio", data: { url: "/a.mp3" } },
    ]);
    expect(item.publishedAt).toBeInstanceOf(Date);
    expect(await getPublishedAcademyItem("lesson")).toBeDefined();
  });

  it("toggles archived → published → draft", async () => {
    const item = await createAcademyItem(
      academyInput({ title: "A", slug: "arch", category: "c", status: "archived" }),
      who,
    );
    expect((await toggleAcademyStatus(item.id, who))?.item.status).toBe("published");
    const drafted = await toggleAcademyStatus(item.id, who);
    expect(drafted?.item).toMatchObject({ status: "draft", publishedAt: null });
  });

  it("updates and deletes", async () => {
    const item = await createAcademyItem(academyInput({ title: "U", slug: "upd", category: "c" }), who);
    const updated = await updateAcademyItem(
      item.id,
      academyInput({ title: "U2", slug: "upd", category: "d", featured: "on" }),
      who,
    );
    expect(updated?.after).toMatchObject({ title: "U2", category: "d", isFeatured: true });
    expect((await listAllAcademy()).some((i) => i.id === item.id)).toBe(true);
    await deleteAcademyItem(item.id, who);
    expect((await listAllAcademy()).some((i) => i.id === item.id)).toBe(false);
  });
});

describe("dashboard figures", () => {
  const now = new Date();
  beforeAll(async () => {
    const db = test.handle().db;
    await db.insert(contactRequests).values([
      { name: "a", email: "a@x.io", interest: "other", message: "m" },
      { name: "b", email: "b@x.io", interest: "other", message: "m", status: "contacted" },
      {
        name: "c",
        email: "c@x.io",
        interest: "other",
        message: "m",
        createdAt: new Date(now.getTime() - 40 * 24 * 3600_000),
      },
    ]);
    await db.insert(subscribers).values({ email: "s@x.io" });
    await db.insert(formSubmissions).values({ email: "f@x.io", subject: "Lead from website" });
    await db.insert(blogPosts).values({
      title: "Next week",
      slug: "dashboard-scheduled-post",
      status: "published",
      publishedAt: new Date(now.getTime() + 7 * 24 * 3600_000),
    });
  });

  it("counts posts by status, contacts with the new ones, subscribers and leads in the last 7 days", async () => {
    const stats = await dashboardStats(now);
    const posts = await listAllPosts();
    expect(stats.posts.total).toBe(posts.length);
    const scheduled = posts.filter(
      (p) => p.status === "published" && (p.publishedAt?.getTime() ?? 0) > Date.now(),
    );
    expect(scheduled.map((p) => p.slug)).toEqual(["dashboard-scheduled-post"]);
    expect(stats.posts.scheduled).toBe(1);
    expect(stats.posts.published).toBe(posts.filter((p) => p.status === "published").length - 1);
    expect(stats.posts.draft).toBe(posts.filter((p) => p.status === "draft").length);
    expect(stats.contacts).toEqual({ total: 3, new: 2 });
    expect(stats.subscribers).toBe(1);
    expect(stats.leadsLast7Days).toBe(4);
  });

  it("sums the academy view counts", async () => {
    const db = test.handle().db;
    const [item] = await listAllAcademy(1);
    if (!item) throw new Error("no academy item");
    const { academyContent } = await import("~/db/schema");
    const before = (await dashboardStats(now)).totalViews;
    await db
      .update(academyContent)
      .set({ viewCount: item.viewCount + 41 })
      .where(eq(academyContent.id, item.id));
    expect((await dashboardStats(now)).totalViews).toBe(before + 41);
  });
});

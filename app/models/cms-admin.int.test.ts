import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactRequests, formSubmissions, subscribers } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql-helpers.server";
import { academySchema, blogPostSchema, validateForm } from "~/lib/cms";
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
import { analyticsFigures, dashboardStats } from "./dashboard.server";

const test = setupTestDatabase();

function blogInput(values: Record<string, string>) {
  const result = validateForm(blogPostSchema, values, ["title", "slug"], "x");
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

function academyInput(values: Record<string, string>) {
  const result = validateForm(academySchema, values, ["title", "slug", "category"], "x");
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

describe("blog admin model", () => {
  it("creates a draft with the editor's blocks and the excerpt as content, hidden from the public", async () => {
    const body = JSON.stringify([
      { type: "header", data: { level: 2, text: "H" } },
      { type: "paragraph", data: { text: "P" } },
    ]);
    const post = await createPost(blogInput({ title: "Draft one", slug: "draft-one", excerpt: "Ex", body }));
    expect(post).toMatchObject({ status: "draft", publishedAt: null, author: "Admin" });
    expect(post.richContent).toEqual(JSON.parse(body));
    expect(post.content).toEqual({ blocks: [{ type: "paragraph", data: { text: "Ex" } }] });
    expect(await getPublishedPost("draft-one")).toBeUndefined();
  });

  it("toggles published ⇄ draft, setting and clearing published_at", async () => {
    const post = await createPost(blogInput({ title: "Toggle", slug: "toggle-me" }));
    const now = new Date("2025-05-05T05:05:05Z");
    const published = await togglePostStatus(post.id, now);
    expect(published?.post).toMatchObject({ status: "published", publishedAt: now });
    expect(await getPublishedPost("toggle-me")).toBeDefined();
    const drafted = await togglePostStatus(post.id);
    expect(drafted?.post).toMatchObject({ status: "draft", publishedAt: null });
    expect(await getPublishedPost("toggle-me")).toBeUndefined();
    expect(await togglePostStatus("00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("updates any field and status, stamping updated_at", async () => {
    const post = await createPost(blogInput({ title: "Edit", slug: "edit-me" }));
    const later = new Date(post.updatedAt.getTime() + 60_000);
    const result = await updatePost(
      post.id,
      blogInput({ title: "Edited", slug: "edited", status: "archived", tags: "x, y" }),
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

  it("reports a duplicate slug as a unique violation", async () => {
    await createPost(blogInput({ title: "Dup", slug: "dup-slug" }));
    const error = await createPost(blogInput({ title: "Dup 2", slug: "dup-slug" })).catch((e) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error("other"))).toBe(false);
  });

  it("lists newest first and deletes", async () => {
    const older = await createPost(blogInput({ title: "Old", slug: "old-one" }), new Date("2020-01-01"));
    const list = await listAllPosts();
    expect(list.at(-1)?.id).toBe(older.id);
    expect((await deletePost(older.id))?.id).toBe(older.id);
    expect(await deletePost(older.id)).toBeUndefined();
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
    );
    expect((await toggleAcademyStatus(item.id))?.item.status).toBe("published");
    const drafted = await toggleAcademyStatus(item.id);
    expect(drafted?.item).toMatchObject({ status: "draft", publishedAt: null });
  });

  it("updates and deletes", async () => {
    const item = await createAcademyItem(academyInput({ title: "U", slug: "upd", category: "c" }));
    const updated = await updateAcademyItem(
      item.id,
      academyInput({ title: "U2", slug: "upd", category: "d", featured: "on" }),
    );
    expect(updated?.after).toMatchObject({ title: "U2", category: "d", isFeatured: true });
    expect((await listAllAcademy()).some((i) => i.id === item.id)).toBe(true);
    await deleteAcademyItem(item.id);
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
  });

  it("counts posts by status, contacts with the new ones, subscribers and leads in the last 7 days", async () => {
    const stats = await dashboardStats(now);
    const posts = await listAllPosts();
    expect(stats.posts.total).toBe(posts.length);
    expect(stats.posts.published).toBe(posts.filter((p) => p.status === "published").length);
    expect(stats.posts.draft).toBe(posts.filter((p) => p.status === "draft").length);
    expect(stats.contacts).toEqual({ total: 3, new: 2 });
    expect(stats.subscribers).toBe(1);
    expect(stats.leadsLast7Days).toBe(4);
  });

  it("sums academy views and counts leads this month against last month", async () => {
    const db = test.handle().db;
    const [item] = await listAllAcademy(1);
    if (!item) throw new Error("no academy item");
    const { academyContent } = await import("~/db/schema");
    await db.update(academyContent).set({ viewCount: 41 }).where(eq(academyContent.id, item.id));
    const figures = await analyticsFigures(now);
    expect(figures.totalViews).toBeGreaterThanOrEqual(41);
    expect(figures.leadsThisMonth).toBeGreaterThanOrEqual(4);
    expect(figures.leadsThisMonth + figures.leadsLastMonth).toBeLessThanOrEqual(5);
  });
});

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { blogPosts, websiteSettings } from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";
import {
  getPublishedPost,
  isBlogEnabled,
  listPublishedPostEntries,
  listPublishedPosts,
  listRelatedPosts,
} from "./blog.server";

const test = setupTestDatabase();
const suffix = randomBytes(3).toString("hex");

async function insert(values: Partial<typeof blogPosts.$inferInsert> & { title: string }) {
  const [row] = await test
    .handle()
    .db.insert(blogPosts)
    .values({
      status: "published",
      publishedAt: new Date(),
      ...values,
      slug: `${values.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${suffix}`,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

describe("blog public reads", () => {
  it("show only published posts, newest first, with related posts of the same category", async () => {
    const older = await insert({
      title: "Older",
      category: "Ops",
      publishedAt: new Date(Date.now() - 86_400_000),
    });
    const newer = await insert({ title: "Newer", category: "Ops" });
    await insert({ title: "Other", category: "Sales", publishedAt: new Date(Date.now() - 3_600_000) });
    const draft = await insert({ title: "Draft", category: "Ops", status: "draft", publishedAt: null });

    const list = await listPublishedPosts();
    expect(list.map((p) => p.title)).toEqual(["Newer", "Other", "Older"]);
    expect(list.map((p) => p.id)).not.toContain(draft.id);
    expect(await getPublishedPost(draft.slug)).toBeUndefined();
    expect((await getPublishedPost(newer.slug))?.id).toBe(newer.id);
    expect((await listRelatedPosts(newer)).map((p) => p.id)).toEqual([older.id]);
    // A slug PostgreSQL cannot hold is not found, not an error.
    expect(await getPublishedPost("bad\0slug")).toBeUndefined();

    const entries = await listPublishedPostEntries();
    expect(entries.map((e) => e.slug)).toEqual(list.map((p) => p.slug));
  });

  it("follow the blog setting", async () => {
    expect(await isBlogEnabled()).toBe(true);
    await test
      .handle()
      .db.insert(websiteSettings)
      .values({ settingKey: "blogEnabled", settingValue: "false" });
    expect(await isBlogEnabled()).toBe(false);
  });
});

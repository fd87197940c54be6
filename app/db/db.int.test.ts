import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStore } from "~/storage/local-disk.server";
import type { ObjectStore } from "~/storage/object-store.server";
import { setupTestDatabase } from "../../tests/support/test-db";
import { uploadStem } from "../lib/media";
import { listMedia, publicImages } from "../models/media.server";
import { rowsOf } from "./client.server";
import { academyContent, blogPosts, showcaseMedia, socialLinks, websiteSettings } from "./schema";
import { seedDemoContent } from "./seed.server";
import { demoPictures } from "./seed-content";

const test = setupTestDatabase();

let dir: string;
let store: ObjectStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "asimov-seed-"));
  store = localStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("migrations", () => {
  it("create every table of the spec and the auth tables", async () => {
    const rows = await test
      .handle()
      .db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
    const names = rowsOf<{ table_name: string }>(rows).map((r) => r.table_name);
    for (const table of [
      "asimov_showcase_media",
      "asimov_blog_posts",
      "asimov_academy_content",
      "atlas_contact_requests",
      "subscribers",
      "form_submissions",
      "asimov_website_settings",
      "asimov_social_links",
      "asimov_api_keys",
      "admin_users",
      "auth_user",
      "auth_session",
      "auth_account",
      "auth_verification",
      "auth_two_factor",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("are idempotent: running them again changes nothing", async () => {
    await expect(test.handle().migrate()).resolves.toBeUndefined();
  });

  it("enforce the status check and unique slugs", async () => {
    const { db } = test.handle();
    await expect(
      db.insert(blogPosts).values({ title: "x", slug: "bad-status", status: "live" as never }),
    ).rejects.toThrow();
    await db.insert(blogPosts).values({ title: "A", slug: "same-slug" });
    await expect(db.insert(blogPosts).values({ title: "B", slug: "same-slug" })).rejects.toThrow();
    await db.delete(blogPosts).where(eq(blogPosts.slug, "same-slug"));
  });
});

describe("demo seed", () => {
  it("fills an empty database with a believable site", async () => {
    const { db } = test.handle();
    const result = await seedDemoContent(db, new Date(), store);
    expect(result.seeded).toBe(true);

    const posts = await db.select().from(blogPosts);
    expect(posts.filter((p) => p.status === "published").length).toBeGreaterThanOrEqual(6);
    expect(posts.filter((p) => p.status === "draft").length).toBeGreaterThanOrEqual(1);
    const blockTypes = new Set(
      posts.flatMap((p) =>
        Array.isArray(p.richContent) ? p.richContent.map((b: { type: string }) => b.type) : [],
      ),
    );
    expect([...blockTypes].sort()).toEqual(["header", "list", "paragraph", "quote"]);

    const academy = await db.select().from(academyContent);
    expect(academy.length).toBeGreaterThanOrEqual(9);
    expect(new Set(academy.map((a) => a.difficultyLevel))).toEqual(
      new Set(["beginner", "intermediate", "advanced"]),
    );
    expect(academy.filter((a) => a.status === "draft")).toHaveLength(1);
    expect(academy.filter((a) => a.status === "archived")).toHaveLength(1);
    expect(academy.some((a) => a.videoUrl)).toBe(true);
    expect(academy.some((a) => a.audioUrl)).toBe(true);

    const showcase = await db.select().from(showcaseMedia);
    expect(showcase).toHaveLength(3);
    expect(showcase.every((s) => s.isActive)).toBe(true);
    expect(showcase.some((s) => s.mediaType === "image")).toBe(true);
    expect(showcase.some((s) => s.mediaUrl.endsWith(".mp4"))).toBe(true);
    expect(showcase.some((s) => s.mediaUrl.includes("youtube.com"))).toBe(true);

    const [settings] = await db.select({ n: count() }).from(websiteSettings);
    expect(settings?.n).toBe(15);
    const [links] = await db.select({ n: count() }).from(socialLinks);
    expect(links?.n).toBe(5);
  });

  it("puts the demo's pictures in the media library, with alt text, and the seeded rows use them", async () => {
    const { items } = await listMedia();
    const pictures = items.filter((i) => i.kind === "image");
    expect(pictures.map((p) => p.title).sort()).toEqual(demoPictures.map((p) => p.title).sort());
    for (const picture of pictures) {
      expect(picture.altText).toBe(demoPictures.find((p) => p.title === picture.title)?.alt);
      expect(picture.usage.length, picture.title).toBeGreaterThan(0);
      // The file is in the store, whole.
      const stored = await store.get(picture.url.slice("/uploads/".length));
      expect(stored?.size).toBe(picture.sizeBytes);
      await stored?.body.cancel();
    }
    const db = test.handle().db;
    const urls = [
      ...(await db.select({ url: blogPosts.featuredImage }).from(blogPosts)),
      ...(await db.select({ url: academyContent.thumbnailUrl }).from(academyContent)),
      ...(await db.select({ url: showcaseMedia.mediaUrl }).from(showcaseMedia)),
    ]
      .map((r) => r.url)
      .filter((url): url is string => Boolean(url) && !/\.(mp4|wav)$|^https:/.test(url ?? ""));
    expect(urls.length).toBeGreaterThan(0);
    // Every picture a seeded row shows is a library image with its alt text (so public pages show the alt text).
    const images = await publicImages(urls);
    for (const url of urls) {
      expect(uploadStem(url), url).toBeDefined();
      expect(images.get(url)?.alt, url).toBeTruthy();
    }
  });

  it("is idempotent and never writes over existing data", async () => {
    const { db } = test.handle();
    await db.update(blogPosts).set({ title: "Edited by the admin" }).where(eq(blogPosts.status, "draft"));
    await db.delete(showcaseMedia);
    const before = await db.select({ n: count() }).from(blogPosts);

    const again = await seedDemoContent(db, new Date(), store);
    expect(again.seeded).toBe(false);

    const after = await db.select({ n: count() }).from(blogPosts);
    expect(after).toEqual(before);
    const [draft] = await db.select().from(blogPosts).where(eq(blogPosts.status, "draft"));
    expect(draft?.title).toBe("Edited by the admin");
    // Deleted demo rows stay deleted.
    const [showcase] = await db.select({ n: count() }).from(showcaseMedia);
    expect(showcase?.n).toBe(0);
  });
});

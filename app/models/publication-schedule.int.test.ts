// Scheduled publishing on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the published predicate
// follows the clock, and the went-live step announces each scheduled item exactly once, whoever claims it.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { academyInput, blogInput as formInput } from "../../tests/support/content-input";
import { secondClient, setupTestDatabase } from "../../tests/support/test-db";
import { type Database, rowsOf } from "../db/client.server";
import { academyContent, auditLog, blogPosts, outbox, webhookEndpoints } from "../db/schema";
import { currentContentVersion } from "../infra/content-version.server";
import { startPublicationScheduler } from "../jobs/publication-scheduler.server";
import { listFeaturedAcademy, listPublishedAcademy } from "./academy.server";
import { createAcademyItem } from "./academy-admin.server";
import {
  getPublishedPost,
  listPublishedPostEntries,
  listPublishedPosts,
  listRelatedPosts,
} from "./blog.server";
import { createPost, togglePostStatus, updatePost } from "./blog-admin.server";
import { getPublishedContent, listPublishedContent } from "./content-api.server";
import { msUntilNextPublication, publishDueItems } from "./publication-schedule.server";

const test = setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.5", userAgent: "vitest" };
const HOUR = 3_600_000;

/** The form's values with a publication time (the form reads it in the site's zone; the model takes an instant). */
const blogInput = (values: Record<string, string>, publishAt: Date | null = null) => ({
  ...formInput(values),
  publishAt,
});

const db = () => test.handle().db;

/** content.published / unpublished rows queued for the item, oldest first. */
async function eventsOf(id: string): Promise<string[]> {
  const rows = await db().select({ event: outbox.event, payload: outbox.payload }).from(outbox);
  return rows
    .filter((r) => (r.payload as { data?: { id?: string } }).data?.id === id)
    .map((r) => r.event)
    .sort();
}

/** Moves the item's publication time into the past, as the clock would. */
async function timePasses(table: typeof blogPosts | typeof academyContent, id: string) {
  await db()
    .update(table as typeof blogPosts)
    .set({ publishedAt: sql`now() - interval '1 second'` })
    .where(eq((table as typeof blogPosts).id, id));
}

beforeEach(async () => {
  await db().delete(outbox);
  await db().delete(webhookEndpoints);
  // One endpoint that wants content events, so each announcement is an outbox row the test can count.
  await db()
    .insert(webhookEndpoints)
    .values({
      url: "https://hooks.example/content",
      events: ["content.published", "content.unpublished"],
      secret: "whsec_test",
    });
});

describe("the published predicate follows the clock", () => {
  it("keeps a scheduled post off every public read until its time, then the went-live step announces it", async () => {
    const category = "Scheduling";
    const live = await createPost(
      blogInput({ title: "Live neighbour", slug: "live-neighbour", status: "published", category }),
      who,
    );
    const future = new Date(Date.now() + HOUR);
    const post = await createPost(
      blogInput({ title: "Monday post", slug: "monday-post", status: "published", category }, future),
      who,
    );
    expect(post.status).toBe("published");
    expect(post.publishedAt?.toISOString()).toBe(future.toISOString());
    expect(post.publicationPending).toBe(true);

    const hidden = async () => {
      expect(await getPublishedPost("monday-post")).toBeUndefined();
      expect((await listPublishedPosts()).map((p) => p.slug)).not.toContain("monday-post");
      expect((await listPublishedPostEntries()).map((p) => p.slug)).not.toContain("monday-post");
      expect((await listRelatedPosts(live)).map((p) => p.slug)).not.toContain("monday-post");
      expect(await getPublishedContent("blog", "monday-post")).toBeUndefined();
      const page = await listPublishedContent("blog", { limit: 100, offset: 0 });
      expect(page.items.map((i) => i.slug)).not.toContain("monday-post");
    };
    await hidden();
    // Nothing is announced at write time: no webhook, and the scheduler has nothing due.
    expect(await eventsOf(post.id)).toEqual([]);
    expect(await publishDueItems()).toEqual([]);
    const wait = await msUntilNextPublication();
    expect(wait).toBeGreaterThan(HOUR - 60_000);
    expect(wait).toBeLessThanOrEqual(HOUR);

    await timePasses(blogPosts, post.id);
    // Visible by the predicate alone, whether or not a scheduler ran…
    expect((await getPublishedPost("monday-post"))?.id).toBe(post.id);
    expect((await listRelatedPosts(live)).map((p) => p.slug)).toContain("monday-post");
    expect(
      (await listPublishedContent("blog", { limit: 100, offset: 0 })).items.map((i) => i.slug),
    ).toContain("monday-post");
    // …and the went-live step announces it once: webhook, version bump, audit entry.
    const version = await currentContentVersion();
    const wentLive = await publishDueItems();
    expect(wentLive.map((w) => w.id)).toEqual([post.id]);
    expect(await currentContentVersion()).toBeGreaterThan(version);
    expect(await eventsOf(post.id)).toEqual(["content.published"]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, post.id));
    expect(audit.map((a) => a.action)).toContain("blog.publish_scheduled");
    expect(audit.find((a) => a.action === "blog.publish_scheduled")?.actor).toBe("scheduler");
    expect(await publishDueItems()).toEqual([]);
    expect(await msUntilNextPublication()).toBeNull();
  });

  it("hides scheduled academy items from lists and featured items too", async () => {
    const input = academyInput({
      title: "Next week",
      slug: "next-week",
      category: "Guides",
      status: "published",
      featured: "on",
    });
    const item = await createAcademyItem({ ...input, publishAt: new Date(Date.now() + HOUR) }, who);
    expect((await listPublishedAcademy()).map((i) => i.id)).not.toContain(item.id);
    expect((await listFeaturedAcademy()).map((i) => i.id)).not.toContain(item.id);
    await timePasses(academyContent, item.id);
    expect((await listFeaturedAcademy()).map((i) => i.id)).toContain(item.id);
    expect((await publishDueItems()).map((w) => [w.kind, w.id])).toEqual([["academy", item.id]]);
  });

  it("a past publication time publishes at once with that date; no date stamps now", async () => {
    const past = new Date("2024-05-01T08:00:00Z");
    const backdated = await createPost(
      blogInput({ title: "Backdated", slug: "backdated", status: "published" }, past),
      who,
    );
    expect(backdated.publishedAt?.toISOString()).toBe(past.toISOString());
    expect(backdated.publicationPending).toBe(false);
    expect(await eventsOf(backdated.id)).toEqual(["content.published"]);
    const now = await createPost(blogInput({ title: "Now", slug: "stamped-now", status: "published" }), who);
    expect(Math.abs((now.publishedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});

describe("writes and the schedule", () => {
  it("unscheduling (toggle to draft) announces nothing; publishing it again publishes now", async () => {
    const post = await createPost(
      blogInput(
        { title: "Unscheduled", slug: "unscheduled", status: "published" },
        new Date(Date.now() + HOUR),
      ),
      who,
    );
    const drafted = await togglePostStatus(post.id, who);
    expect(drafted?.post.status).toBe("draft");
    expect(drafted?.post.publishedAt).toBeNull();
    expect(drafted?.post.publicationPending).toBe(false);
    expect(await eventsOf(post.id)).toEqual([]);
    const published = await togglePostStatus(post.id, who);
    expect(published?.post.publicationPending).toBe(false);
    expect((await getPublishedPost("unscheduled"))?.id).toBe(post.id);
    expect(await eventsOf(post.id)).toEqual(["content.published"]);
  });

  it("moving a live post into the future unpublishes it until then; its time announces it again", async () => {
    const post = await createPost(blogInput({ title: "Moved", slug: "moved", status: "published" }), who);
    const values = { title: "Moved", slug: "moved", status: "published" };
    await updatePost(post.id, blogInput(values, new Date(Date.now() + HOUR)), who);
    expect(await getPublishedPost("moved")).toBeUndefined();
    expect(await eventsOf(post.id)).toEqual(["content.published", "content.unpublished"]);
    await timePasses(blogPosts, post.id);
    await publishDueItems();
    expect(await eventsOf(post.id)).toEqual([
      "content.published",
      "content.published",
      "content.unpublished",
    ]);
  });

  it("a save of a due item that no scheduler claimed yet announces it itself, and the scheduler then finds nothing", async () => {
    const post = await createPost(
      blogInput({ title: "Due", slug: "due-edit", status: "published" }, new Date(Date.now() + HOUR)),
      who,
    );
    await timePasses(blogPosts, post.id);
    const [due] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
    await updatePost(
      post.id,
      blogInput({ title: "Due, edited", slug: "due-edit", status: "published" }, due?.publishedAt ?? null),
      who,
    );
    expect(await eventsOf(post.id)).toEqual(["content.published"]);
    expect(await publishDueItems()).toEqual([]);
    expect(await eventsOf(post.id)).toEqual(["content.published"]);
  });
});

describe("the went-live commit carries the version bump", () => {
  it("a process killed right after the commit leaves the content version moved, so no cache stays stale", async () => {
    const post = await createPost(
      blogInput(
        { title: "Crash window", slug: "crash-window", status: "published" },
        new Date(Date.now() + HOUR),
      ),
      who,
    );
    await timePasses(blogPosts, post.id);
    const before = await currentContentVersion();
    // The database as the step sees it, but the process "dies" the moment the claim's transaction has committed:
    // nothing after the commit runs.
    const real = db() as unknown as Database;
    const killedAfterCommit = new Proxy(real, {
      get(target, key, receiver) {
        if (key !== "transaction") return Reflect.get(target, key, receiver);
        return async (...args: Parameters<Database["transaction"]>) => {
          await target.transaction(...args);
          throw new Error("process killed after the commit");
        };
      },
    });
    await expect(publishDueItems(killedAfterCommit)).rejects.toThrow("process killed after the commit");
    // The item is live and claimed (a restarted scheduler finds nothing to do)…
    expect((await getPublishedPost("crash-window"))?.id).toBe(post.id);
    expect(await publishDueItems(real)).toEqual([]);
    // …and the version every cache keys on moved with it.
    expect(await currentContentVersion()).toBeGreaterThan(before);
  });
});

describe("two instances on one database", () => {
  it("announce each scheduled item exactly once", async () => {
    const handle = test.handle();
    const other = secondClient(handle);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const post = await createPost(
          blogInput(
            { title: `Race ${i}`, slug: `race-${i}`, status: "published" },
            new Date(Date.now() + HOUR),
          ),
          who,
        );
        ids.push(post.id);
      }
      await db()
        .update(blogPosts)
        .set({ publishedAt: sql`now() - interval '1 second'` })
        .where(eq(blogPosts.publicationPending, true));
      const claimer = (database: Database) => publishDueItems(database);
      const rounds = await Promise.all([
        claimer(handle.db),
        claimer(other.db),
        claimer(handle.db),
        claimer(other.db),
      ]);
      const claimed = rounds.flat().map((w) => w.id);
      expect(claimed.sort()).toEqual([...ids].sort());
      const rows = rowsOf<{ id: string; n: number }>(
        await db().execute(sql`
          select payload->'data'->>'id' as id, count(*)::int as n from outbox
          where event = 'content.published' group by 1`),
      );
      expect(rows.filter((r) => ids.includes(r.id)).map((r) => r.n)).toEqual(ids.map(() => 1));
    } finally {
      await other.close();
    }
  });
});

describe("the scheduler", () => {
  it("wakes at the scheduled time by itself and publishes the item", async () => {
    const scheduler = startPublicationScheduler({ recheckMs: 60_000 });
    try {
      const post = await createPost(
        blogInput({ title: "Timer", slug: "timer-post", status: "published" }, new Date(Date.now() + 1_500)),
        who,
      );
      expect(await getPublishedPost("timer-post")).toBeUndefined();
      // The write woke the scheduler, which set its timer for the post's time: no call from the test publishes it.
      await vi.waitFor(async () => expect(await eventsOf(post.id)).toEqual(["content.published"]), {
        timeout: 20_000,
        interval: 100,
      });
      const [row] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
      expect(row?.publicationPending).toBe(false);
      expect((await getPublishedPost("timer-post"))?.id).toBe(post.id);
    } finally {
      await scheduler.stop();
    }
  });
});

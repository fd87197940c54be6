// The page cache is correct: a publish, an unpublish, a settings save, a built-in form's texts, a showcase change and
// a new redirect are visible on the very next anonymous request — on the instance that wrote, and on another instance
// sharing the same PostgreSQL. Each case first proves the page is being served from the cache (X-Cache: HIT), then
// writes through the writer, then reads once from every reader. Content API reads, answered from memory too
// (ADR 020), show the publish on every reader's next request; with two instances the per-key limit holds across
// both.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import {
  adminCookie,
  adminPost,
  createContentKey,
  type ServerProcess,
  scratchDatabase,
  startServer,
  stopServer,
} from "../e2e/support/server-process";
import { postgresUrl } from "./support";

/** GETs a page twice as an anonymous visitor and checks the second answer came from the cache. */
async function warm(base: string, page: string) {
  // Read the whole first answer: the server stores a page once it has sent all of it, and a client that stops
  // reading a page larger than the socket's buffers (64 KB) holds that back.
  await (await fetch(`${base}${page}`)).arrayBuffer();
  const again = await fetch(`${base}${page}`);
  expect(again.status, `${base}${page}`).toBe(200);
  expect(again.headers.get("x-cache"), `${base}${page} is cached before the write`).toBe("HIT");
  return again.text();
}

async function read(base: string, page: string) {
  const response = await fetch(`${base}${page}`);
  return { status: response.status, html: await response.text() };
}

/** Warms `page` on every reader, runs the write, then expects `check` to hold on each reader's next request. */
async function visibleEverywhereNext(
  readers: ServerProcess[],
  page: string,
  write: () => Promise<unknown>,
  check: (answer: { status: number; html: string }, base: string) => void,
) {
  for (const { base } of readers) await warm(base, page);
  await write();
  for (const { base } of readers) check(await read(base, page), base);
}

const apiRead = (base: string, key: string, query: string) =>
  fetch(`${base}/functions/v1/content-api/blog${query}`, { headers: { "x-api-key": key } });

async function scenario(writer: ServerProcess, readers: ServerProcess[]) {
  const cookie = await adminCookie(writer.base);
  const key = await createContentKey(writer.base, cookie);
  const tag = randomBytes(4).toString("hex");
  const title = `Cache probe ${tag}`;
  // The slug the API derives from the title: read (404) on every reader before the publish, twice, so the
  // answer is held in memory there.
  const slug = `cache-probe-${tag}`;
  for (const { base } of readers) {
    for (let i = 0; i < 2; i++) expect((await apiRead(base, key, `?slug=${slug}`)).status).toBe(404);
  }

  // Publish: a post created as published through the content API shows in the blog list at once.
  let created: { id: string; slug: string } | undefined;
  await visibleEverywhereNext(
    readers,
    "/blog",
    async () => {
      const response = await fetch(`${writer.base}/functions/v1/content-api/blog`, {
        method: "POST",
        headers: { "x-api-key": key, "Content-Type": "application/json" },
        body: JSON.stringify({
          title,
          description: "Published to prove the page cache follows writes.",
          category: "Engineering",
          tags: ["cache"],
          status: "published",
        }),
      });
      expect(response.status).toBe(201);
      created = (await response.json()).data;
    },
    ({ html }, base) => expect(html, `${base}/blog after the publish`).toContain(title),
  );
  const post = created as { id: string; slug: string };
  expect(post.slug).toBe(slug);
  for (const { base } of readers) {
    const read = await apiRead(base, key, `?slug=${slug}`);
    expect(read.status, `${base} content API read after the publish`).toBe(200);
    expect((await read.json()).data.title).toBe(title);
  }

  // Unpublish: the admin's eye toggle takes the post off the list and its page answers 404.
  for (const { base } of readers) await warm(base, `/blog/${post.slug}`);
  await visibleEverywhereNext(
    readers,
    "/blog",
    () => adminPost(writer.base, cookie, "/admin/blog", { intent: "toggle", id: post.id }),
    ({ html }, base) => expect(html, `${base}/blog after the unpublish`).not.toContain(title),
  );
  for (const { base } of readers) {
    expect((await read(base, `/blog/${post.slug}`)).status, `${base}/blog/${post.slug}`).toBe(404);
  }

  // Settings: a new phone number is on the contact page at once.
  const phone = `+1 (555) ${tag.slice(0, 3)}-${tag.slice(3)}`;
  await visibleEverywhereNext(
    readers,
    "/contact",
    () => adminPost(writer.base, cookie, "/admin/settings", { intent: "save-settings", contactPhone: phone }),
    ({ html }, base) => expect(html, `${base}/contact after the settings save`).toContain(phone),
  );

  // The site's own forms (Forms): the contact form's new button label is on the contact page at once, and the
  // newsletter sign-up's (from the root's data) in the landing page's footer.
  const contactLabel = `Write to us ${tag}`;
  await visibleEverywhereNext(
    readers,
    "/contact",
    () =>
      adminPost(writer.base, cookie, "/admin/forms/built-in/contact", {
        intent: "save",
        submit: contactLabel,
      }),
    ({ html }, base) => expect(html, `${base}/contact after the texts' save`).toContain(contactLabel),
  );
  const newsletterLabel = `Join ${tag}`;
  await visibleEverywhereNext(
    readers,
    "/",
    () =>
      adminPost(writer.base, cookie, "/admin/forms/built-in/newsletter", {
        intent: "save",
        submit: newsletterLabel,
      }),
    ({ html }, base) =>
      expect(html, `${base}/ after the texts' save`).toContain(`>${newsletterLabel}</button>`),
  );

  // Showcase: a new active item is in the landing page's carousel at once.
  const showcase = `Showcase probe ${tag}`;
  await visibleEverywhereNext(
    readers,
    "/",
    () =>
      adminPost(writer.base, cookie, "/admin/settings", {
        intent: "showcase-add",
        title: showcase,
        mediaUrl: `https://images.example.com/${tag}.jpg`,
        mediaType: "image",
        description: "",
      }),
    ({ html }, base) => expect(html, `${base}/ after the showcase change`).toContain(showcase),
  );

  // Redirect: a cached page whose path gets a redirect answers with the redirect at once (ADR 018).
  for (const { base } of readers) await warm(base, "/pricing");
  await adminPost(writer.base, cookie, "/admin/redirects", {
    intent: "create",
    fromPath: "/pricing",
    toUrl: "/contact",
    statusCode: "302",
  });
  for (const { base } of readers) {
    const answer = await fetch(`${base}/pricing?from=cache`, { redirect: "manual" });
    expect(answer.status, `${base}/pricing after the redirect`).toBe(302);
    expect(answer.headers.get("location")).toBe("/contact?from=cache");
  }
}

const API_LIMIT = 20;

describe("page cache follows every write", { timeout: 180_000 }, () => {
  test("one instance on the embedded database", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-cache-"));
    const server = await startServer(await freePort(), { DATA_DIR: dataDir, SEED_DEMO: "true" });
    try {
      await scenario(server, [server]);
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("two instances on one PostgreSQL: a write through one is visible through both", async ({ skip }) => {
    const database = await scratchDatabase(postgresUrl(skip), "asimov_cache");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-cache-"));
    // Instances behind one load balancer: one database (which also holds the generated auth secret). Rate limits
    // on, with a small per-key limit for the content API.
    const env = {
      DATABASE_URL: database.url.toString(),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      RATE_LIMIT_FACTOR: "1",
      CONTENT_API_RATE_LIMIT: String(API_LIMIT),
    };
    const servers: ServerProcess[] = [];
    try {
      servers.push(await startServer(await freePort(), env));
      servers.push(await startServer(await freePort(), env));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      await scenario(a, [a, b]);

      // One key's calls spread over both instances: never more than the limit in the window, and at most one
      // block (a tenth of the limit) fewer, as each instance counts from blocks it reserved (ADR 020).
      const key = await createContentKey(a.base, await adminCookie(a.base), "limit across instances");
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < API_LIMIT + 10; i++) {
        const answer = await apiRead((i % 2 ? b : a).base, key, "?limit=1");
        statuses.push(answer.status);
        if (answer.status === 429) retryAfter ??= answer.headers.get("retry-after");
      }
      const passed = statuses.filter((s) => s === 200).length;
      expect(passed).toBeLessThanOrEqual(API_LIMIT);
      expect(passed).toBeGreaterThanOrEqual(API_LIMIT - Math.ceil(API_LIMIT / 10));
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      for (const server of servers) await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});

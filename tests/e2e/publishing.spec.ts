// The publishing workflow (ADR 023): scheduled posts stay off every public surface until their time and then
// appear, with no write in between, on every instance (the publication scheduler bumps the content version at that
// moment); preview links show drafts signed out, noindex and uncached, until revoked or expired; revisions list
// what changed and restore old text.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import postgres from "postgres";
import { freePort } from "../../scripts/free-port.ts";
import { startReceiver } from "../support/receivers";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, postgresUrl, test } from "./support/fixtures";
import {
  adminCookie,
  adminPost,
  createContentKey,
  type ServerProcess,
  scratchDatabase,
  startServer,
  stopServer,
} from "./support/server-process";
import { expectNoHorizontalScroll, expectToast, uniqueSuffix } from "./support/ui";

const API = "/functions/v1/content-api";
/** How far ahead the probe post is scheduled: room for every absence check on a slow machine. */
const LEAD_MS = 15_000;

async function get(base: string, page: string, key?: string) {
  const response = await fetch(`${base}${page}`, key ? { headers: { "x-api-key": key } } : {});
  return { status: response.status, body: await response.text(), cache: response.headers.get("x-cache") };
}

/** Every public surface a post appears on, checked on one instance. */
async function expectOnSurfaces(
  base: string,
  key: string,
  post: { slug: string; title: string },
  on: boolean,
) {
  const page = await get(base, `/blog/${post.slug}`);
  expect(page.status, `${base}/blog/${post.slug}`).toBe(on ? 200 : 404);
  expect(page.body).toContain(on ? post.title : "Post Not Found");
  for (const surface of ["/blog", "/sitemap.xml", "/rss.xml"]) {
    const { body } = await get(base, surface);
    if (on) expect(body, `${base}${surface}`).toContain(`/blog/${post.slug}`);
    else expect(body, `${base}${surface}`).not.toContain(post.slug);
  }
  expect((await get(base, `${API}/blog?slug=${post.slug}`, key)).status).toBe(on ? 200 : 404);
  const list = await get(base, `${API}/blog?limit=100`, key);
  expect(list.body.includes(`"slug":"${post.slug}"`), `${base} API list`).toBe(on);
}

/**
 * Schedules a post LEAD_MS ahead through the writer's content API, checks it is absent everywhere on every reader
 * (whose caches were warm), then waits for it to appear on each without any further write.
 */
async function scheduledPostAppearsAtItsTime(writer: string, readers: string[], key: string) {
  const tag = uniqueSuffix();
  const post = { title: `Scheduled probe ${tag}`, slug: `scheduled-probe-${tag}` };
  for (const base of readers) {
    for (const surface of ["/blog", "/sitemap.xml", "/rss.xml"]) {
      await get(base, surface);
      expect((await get(base, surface)).cache, `${base}${surface} is cached`).toBe("HIT");
    }
  }
  const at = new Date(Date.now() + LEAD_MS);
  const created = await fetch(`${writer}${API}/blog`, {
    method: "POST",
    headers: { "x-api-key": key, "Content-Type": "application/json" },
    body: JSON.stringify({
      ...post,
      description: "Goes live at its time, on its own.",
      category: "Engineering",
      status: "published",
      published_at: at.toISOString(),
    }),
  });
  expect(created.status).toBe(201);
  expect((await created.json()).data.published_at).toBe(at.toISOString());
  for (const base of readers) await expectOnSurfaces(base, key, post, false);
  for (const base of readers) {
    await expect
      .poll(async () => (await get(base, "/blog")).body, { timeout: LEAD_MS + 30_000, intervals: [250] })
      .toContain(post.title);
    await expectOnSurfaces(base, key, post, true);
  }
  return post;
}

/** The admin's preview links of an item, through the edit dialog's JSON route (when made, not their addresses). */
async function previewLinks(base: string, cookie: string, kind: string, id: string) {
  const response = await fetch(`${base}/admin/content/${kind}/${id}/previews`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { links: { id: string; url?: string }[] }).links;
}

/** Makes a preview link as the dialog does: its address is in this answer only. */
async function createPreviewLink(base: string, cookie: string, kind: string, id: string) {
  const response = await adminPost(base, cookie, `/admin/content/${kind}/${id}/previews`, {
    intent: "create",
  });
  const { created } = (await response.json()) as { created: { id: string; url: string } };
  const listed = await previewLinks(base, cookie, kind, id);
  expect(listed.map((l) => l.id)).toContain(created.id);
  expect(listed.every((l) => l.url === undefined)).toBe(true);
  return created;
}

test.describe("scheduled publishing", () => {
  test.describe.configure({ timeout: 180_000 });

  test("one instance: a post scheduled ahead is absent everywhere, then present at its time", async ({
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const key = await createContentKey(base, await adminCookie(base), "Scheduling test");
    await scheduledPostAppearsAtItsTime(base, [base], key);
  });

  test("two instances on one PostgreSQL: it appears on both, announced once; an expired preview stops working", async () => {
    const database = await scratchDatabase(postgresUrl(), "asimov_schedule");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "asimov-schedule-"));
    const receiver = await startReceiver();
    const env = {
      DATABASE_URL: database.url.toString(),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      WEBHOOK_ALLOW_PRIVATE: "true",
    };
    const servers: ServerProcess[] = [];
    const sql = postgres(database.url.toString(), { max: 1, onnotice: () => {} });
    try {
      servers.push(await startServer(await freePort(), env));
      servers.push(await startServer(await freePort(), env));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const cookie = await adminCookie(a.base);
      await adminPost(a.base, cookie, "/admin/integrations", {
        intent: "create",
        url: receiver.url,
        events: "content.published",
      });
      const key = await createContentKey(a.base, cookie, "Scheduling test");
      const post = await scheduledPostAppearsAtItsTime(a.base, [a.base, b.base], key);
      // Both instances run a scheduler; the went-live step was claimed once: one content.published.
      const announced = () => receiver.hooks.filter((h) => h.body.includes(`"slug":"${post.slug}"`)).length;
      await expect.poll(announced, { timeout: 30_000 }).toBe(1);

      // A preview link whose expiry has passed answers 410 on either instance.
      const [{ id } = { id: "" }] = await sql<{ id: string }[]>`
        select id from asimov_blog_posts where slug = ${post.slug}`;
      const link = await createPreviewLink(a.base, cookie, "blog", id);
      const previewPath = new URL(link.url).pathname;
      expect((await get(b.base, previewPath)).status).toBe(200);
      await sql`update preview_links set expires_at = now() - interval '1 second' where id = ${link.id}`;
      for (const { base } of servers) {
        const expired = await get(base, previewPath);
        expect(expired.status).toBe(410);
        expect(expired.body).toContain("This preview link has expired");
      }
      expect(await previewLinks(a.base, cookie, "blog", id)).toEqual([]);
      expect(announced()).toBe(1);
    } finally {
      for (const server of servers) await stopServer(server);
      await sql.end();
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});

const createForm = (page: Page) => page.getByRole("form", { name: "Create new post" });
const row = (page: Page, slug: string) => page.locator(`[data-testid="post-row"][data-slug="${slug}"]`);

test.describe("drafts: preview links and revisions", () => {
  test("a scheduled post shows its date in the list; a preview link works signed out until revoked; a restored revision brings the old text back", async ({
    adminPage: page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueSuffix();
    const title = `Preview probe ${tag}`;
    const slug = `preview-probe-${tag}`;
    // The revoked link's page answers 410 on purpose.
    consoleErrors.allow(failedResource(410));
    await page.goto("/admin/blog");

    // The form schedules: status Published and a time ahead, in the site's time zone shown beside the field.
    const form = createForm(page);
    await form.getByLabel("Title *").fill(title);
    await form.getByLabel("Excerpt").fill("The original words of the excerpt.");
    await form.getByLabel("Status").selectOption("published");
    await expect(form.getByTestId("time-zone")).toHaveText("UTC");
    await form.getByLabel("Publish at").fill("2031-03-03T09:00");
    await form.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Blog post created successfully");
    const postRow = row(page, slug);
    await expect(postRow.getByTestId("status-badge")).toHaveText("Scheduled");
    await expect(postRow.getByText("Scheduled for Mar 3, 2031, 9:00 AM (UTC)")).toBeVisible();
    await expect(postRow.getByRole("link", { name: /View .* on the site/ })).toHaveCount(0);
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    // An edit, so the history has something to compare.
    await postRow.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit post" });
    await expect(dialog.getByLabel("Publish at")).toHaveValue("2031-03-03T09:00");
    await dialog.getByLabel("Excerpt").fill("Rewritten words that were a mistake.");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Blog post updated successfully");
    await expect(postRow.getByText("Rewritten words that were a mistake.")).toBeVisible();

    // History, keyboard only: the tab, the oldest revision, the comparison, restore after confirming.
    await postRow.getByRole("button", { name: `Edit ${title}` }).focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("tab", { name: "Edit" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
    const revisions = dialog.getByTestId("revision-list").getByRole("button");
    await expect(revisions).toHaveCount(2);
    await expect(revisions.first()).toContainText("Edited by Administrator");
    await expect(revisions.first()).toContainText("Changed: Excerpt");
    await revisions.last().focus();
    await page.keyboard.press("Enter");
    const diff = dialog.getByTestId("revision-diff");
    await expect(diff.locator("del")).toContainText(["Rewritten"]);
    await expect(diff.locator("ins")).toContainText(["original"]);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Restore this revision" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Restore this revision?" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expectToast(page, "Revision restored");
    await expect(dialog).toBeHidden();
    await expect(postRow.getByText("The original words of the excerpt.")).toBeVisible();
    await expect(postRow.getByTestId("status-badge")).toHaveText("Scheduled");

    // Share preview, keyboard only, then open the link signed out.
    await postRow.getByRole("button", { name: `Share a preview of ${title}` }).focus();
    await page.keyboard.press("Enter");
    const share = page.getByRole("dialog", { name: "Share preview" });
    await expect(share.getByText("No active preview links.")).toBeVisible();
    await share.getByRole("button", { name: "Create preview link" }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Preview link created");
    // The new link is shown this once, to copy; the list says who made it and until when, not the link.
    const link = share.getByTestId("new-preview-link").getByRole("textbox", { name: "New preview link" });
    await expect(link).toHaveValue(/\/preview\/blog\/[A-Za-z0-9_-]{43}$/);
    const url = await link.inputValue();
    await expect(share.getByTestId("new-preview-link")).toContainText("shown only this once");
    await expect(share.getByTestId("preview-links").getByRole("listitem")).toHaveCount(1);
    await expect(share.getByTestId("preview-links")).toContainText("by admin@example.com");
    await expect(share.getByTestId("preview-links").getByRole("textbox")).toHaveCount(0);
    await expectNoAxeViolations(page);

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    consoleErrors.watch(visitor);
    const response = await visitor.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-cache"]).toBeUndefined();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(visitor.getByTestId("preview-banner")).toContainText(
      "This post is scheduled for Mar 3, 2031, 9:00 AM (UTC)",
    );
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(
      visitor.locator("article header").getByText("The original words of the excerpt."),
    ).toBeVisible();
    await expect(visitor.getByText("Rewritten words that were a mistake.")).toHaveCount(0);
    await expectNoAxeViolations(visitor);
    await visitor.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(visitor);

    // Revoke (asks first): the link stops working at once.
    await share.getByRole("button", { name: "Revoke" }).click();
    await page
      .getByRole("alertdialog", { name: "Revoke this preview link?" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await expectToast(page, "Preview link revoked");
    await expect(share.getByText("No active preview links.")).toBeVisible();
    await expect(share.getByTestId("new-preview-link")).toHaveCount(0);
    const revoked = await visitor.goto(url);
    expect(revoked?.status()).toBe(410);
    await expect(
      visitor.getByRole("heading", { level: 1, name: "This preview link has expired" }),
    ).toBeVisible();
    await visitorContext.close();

    // The new parts at 375 px: no sideways scrolling, no axe violations.
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 375, height: 800 });
    await postRow.getByRole("button", { name: `Share a preview of ${title}` }).click();
    await expectNoHorizontalScroll(page);
    await page.keyboard.press("Escape");
    await postRow.getByRole("button", { name: `Edit ${title}` }).click();
    await dialog.getByRole("tab", { name: "History" }).click();
    await dialog.getByTestId("revision-list").getByRole("button").last().click();
    await expect(dialog.getByTestId("revision-diff")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test("academy: a draft's preview link renders the lesson page with the banner", async ({ baseURL }) => {
    const base = baseURL ?? "";
    const cookie = await adminCookie(base);
    const key = await createContentKey(base, cookie, "Academy preview test");
    const tag = uniqueSuffix();
    const created = await fetch(`${base}${API}/academy`, {
      method: "POST",
      headers: { "x-api-key": key, "Content-Type": "application/json" },
      body: JSON.stringify({ title: `Draft lesson ${tag}`, category: "Guides", summary: "Not public yet." }),
    });
    const item = (await created.json()).data as { id: string; slug: string };
    expect((await get(base, `/academy/${item.slug}`)).status).toBe(404);
    const link = await createPreviewLink(base, cookie, "academy", item.id);
    const page = await get(base, new URL(link.url).pathname);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Draft lesson ${tag}`);
    expect(page.body).toContain("This lesson is a draft and not public");
    expect(page.body).toContain('<meta name="robots" content="noindex, follow"/>');
    // A token of another kind, or no token at all, is not found.
    const token = new URL(link.url).pathname.split("/").at(-1);
    expect((await get(base, `/preview/blog/${token}`)).status).toBe(404);
  });
});

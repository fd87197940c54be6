import { demoBlogPosts } from "../../app/db/seed-content";
import { expectNoAxeViolations } from "./support/a11y";
import { EMPTY_URL, expect, failedResource, test } from "./support/fixtures";
import { failRouteData } from "./support/route-failure";

const published = demoBlogPosts.filter((p) => p.status === "published");
const draft = demoBlogPosts.find((p) => p.status === "draft");
// A seeded post with related posts in its category.
const withRelated = published.find((p) => published.filter((o) => o.category === p.category).length > 1);
if (!draft || !withRelated) throw new Error("the demo seed changed: update this spec");

test.describe("blog list", () => {
  test("shows a featured first post and the Latest Articles grid", async ({ page }) => {
    await page.goto("/blog");
    const featured = page.getByTestId("featured-post");
    await expect(featured).toHaveCount(1);
    await expect(featured.getByRole("list", { name: "Tags" }).getByRole("listitem")).not.toHaveCount(0);
    expect(
      await featured.getByRole("list", { name: "Tags" }).getByRole("listitem").count(),
    ).toBeLessThanOrEqual(4);

    await expect(page.getByRole("heading", { name: "Latest Articles" })).toBeVisible();
    const cards = page.getByTestId("post-card");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      expect(
        await card.getByRole("list", { name: "Tags" }).getByRole("listitem").count(),
      ).toBeLessThanOrEqual(3);
    }
    // Drafts never show.
    await expect(page.getByText(draft.title)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Subscribe to Updates" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expectNoAxeViolations(page);
  });

  test("shows the Coming Soon state when there are no posts", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/blog`);
    await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
    await expect(page.getByText("No blog posts yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Notified" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "Subscribe to Updates" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expectNoAxeViolations(page);
  });

  test("renders without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/blog");
    await expect(page.getByTestId("featured-post")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest Articles" })).toBeVisible();
    await context.close();
  });

  test("says 'Failed to load blog posts' when the list cannot load", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(500, "/blog.data"));
    await page.goto("/");
    await failRouteData(page, {
      match: (url) => url.pathname === "/blog.data",
      routeId: "routes/blog/index",
      borrowFrom: "/blog/zz-missing.data",
      borrowedRouteId: "routes/blog/post",
    });
    await page.getByRole("banner").getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page.getByRole("alert").getByText("Failed to load blog posts")).toBeVisible();
  });
});

test.describe("blog article", () => {
  const path = `/blog/${withRelated.slug}`;

  test("renders the article blocks, author, date, tags and related posts", async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: withRelated.title })).toBeVisible();
    const article = page.getByRole("article").first();
    await expect(article.locator("header")).toContainText(`Author: ${withRelated.author}`);
    await expect(article.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    for (const tag of withRelated.tags)
      await expect(article.getByText(`#${tag}`, { exact: true })).toBeVisible();

    // Every block type the seed uses: headers, paragraphs, lists and quotes.
    for (const block of withRelated.blocks) {
      if (block.type === "header") {
        await expect(
          article.getByRole("heading", { level: block.data.level, name: block.data.text }),
        ).toBeVisible();
      }
      if (block.type === "list") {
        await expect(article.getByRole("listitem").filter({ hasText: block.data.items[0] })).toBeVisible();
      }
      if (block.type === "quote") await expect(article.locator("blockquote")).toContainText(block.data.text);
    }

    const related = page.getByRole("region", { name: "Related Articles" });
    const cards = related.getByTestId("post-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(3);
    for (const card of await cards.all()) {
      await expect(card.getByText(withRelated.category, { exact: true })).toBeVisible();
    }
    await expect(related.getByText(withRelated.title)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("opens from the list with client navigation", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("link", { name: withRelated.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: withRelated.title })).toBeVisible();
    await expect(page).toHaveTitle(/.+/);
  });

  test("renders without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: withRelated.title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Related Articles" })).toBeVisible();
    await context.close();
  });

  test("share falls back to copying the link", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    // Browsers without the Web Share API.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await page.goto(path);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path}`);
  });

  test("share uses the browser share sheet when there is one", async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          calls.push(data);
        },
      });
    });
    await page.goto(path);
    await page.getByRole("button", { name: "Share" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls))
      .toEqual([expect.objectContaining({ title: withRelated.title, url: `${baseURL}${path}` })]);
    await expect(page.getByText("Link copied to clipboard!")).toHaveCount(0);
  });

  test("a missing or unpublished post answers 404 with Post Not Found", async ({ page, consoleErrors }) => {
    // Unknown, draft, and a slug the database could not even hold (NUL): all plain 404s.
    for (const slug of ["no-such-post", draft.slug, "bad%00slug"]) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    consoleErrors.allow(failedResource(404));
  });

  test("says 'Failed to load blog post' when the article cannot load", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(500, `${path}.data`));
    await page.goto("/blog");
    await failRouteData(page, {
      match: (url) => url.pathname === `${path}.data`,
      routeId: "routes/blog/post",
      borrowFrom: "/blog/zz-missing.data",
      borrowedRouteId: "routes/blog/post",
    });
    await page.getByRole("link", { name: withRelated.title }).first().click();
    await expect(page.getByRole("alert").getByText("Failed to load blog post")).toBeVisible();
  });
});

import type { Page } from "@playwright/test";
import { demoAcademyItems } from "../../app/db/seed-content";
import { expectNoAxeViolations } from "./support/a11y";
import { EMPTY_URL, expect, failedResource, test } from "./support/fixtures";
import { failRouteData } from "./support/route-failure";

const published = demoAcademyItems.filter((i) => i.status === "published");
const hidden = demoAcademyItems.filter((i) => i.status !== "published");
const embedded = published.find((i) => i.videoUrl?.includes("youtube.com"));
const fileVideo = published.find((i) => i.videoUrl && !i.videoUrl.startsWith("http"));
const audioOnly = published.find((i) => !i.videoUrl && i.audioUrl && !i.author);
const videoAndAudio = published.find((i) => i.videoUrl && i.audioUrl);
if (!embedded || !fileVideo || !audioOnly || !videoAndAudio || hidden.length === 0) {
  throw new Error("the demo seed changed: update this spec");
}

const gridTitles = (page: Page) =>
  page
    .getByRole("region", { name: /All Content|Results/ })
    .getByRole("heading", { level: 3 })
    .allInnerTexts();

/** The seed's published items matching the spec's rule (title, description or tags; case-insensitive; AND). */
function expected(q: string, category = "", difficulty = "") {
  const needle = q.toLowerCase();
  return published
    .filter(
      (i) =>
        (!needle ||
          i.title.toLowerCase().includes(needle) ||
          i.description.toLowerCase().includes(needle) ||
          i.tags.some((t) => t.toLowerCase().includes(needle))) &&
        (!category || i.category === category) &&
        (!difficulty || i.difficulty === difficulty),
    )
    .map((i) => i.title)
    .sort();
}

test.describe("academy list", () => {
  test("shows up to three featured items and a grid of the published content", async ({ page }) => {
    await page.goto("/academy");
    const featured = page.getByRole("region", { name: "Featured Content" }).getByTestId("featured-item");
    const featuredCount = await featured.count();
    expect(featuredCount).toBeGreaterThan(0);
    expect(featuredCount).toBeLessThanOrEqual(3);
    const titles = await gridTitles(page);
    for (const item of published) expect(titles).toContain(item.title);
    for (const item of hidden) await expect(page.getByText(item.title)).toHaveCount(0);
    // Difficulty shows as text, not colour alone.
    await expect(page.locator("[data-difficulty=beginner]").first()).toContainText("Beginner");
    await expect(page.locator("[data-difficulty=intermediate]").first()).toContainText("Intermediate");
    await expect(page.locator("[data-difficulty=advanced]").first()).toContainText("Advanced");
    await expectNoAxeViolations(page);
  });

  test("filters from the URL: search over title, description and tags, AND category and difficulty", async ({
    page,
  }) => {
    const cases: Array<[string, string, string]> = [
      ["PROPOSAL", "", ""],
      ["proposal", "", "beginner"],
      ["", "Sales Playbooks", ""],
      ["deal-risk", "", ""],
      ["playbook", "Sales Playbooks", "advanced"],
    ];
    for (const [q, category, difficulty] of cases) {
      const params = new URLSearchParams({ q, category, difficulty });
      await page.goto(`/academy?${params}`);
      const titles = (await gridTitles(page)).sort();
      // Other tests may add published content to the shared server: every seed match shows, nothing else of the seed.
      const seedTitles = new Set(demoAcademyItems.map((i) => i.title));
      expect(
        titles.filter((t) => seedTitles.has(t)),
        `${params}`,
      ).toEqual(expected(q, category, difficulty));
      await expect(page.getByLabel("Search")).toHaveValue(q);
      await expect(page.getByLabel("Category")).toHaveValue(category);
      await expect(page.getByLabel("Difficulty")).toHaveValue(difficulty);
    }
  });

  test("filters from the form keep the query in the URL", async ({ page }) => {
    await page.goto("/academy");
    await page.getByLabel("Search").fill("Proposal");
    await page.getByLabel("Search").press("Enter");
    await expect(page).toHaveURL(/\/academy\?q=Proposal$/);
    // Enter before hydration is a plain form submit: the URL changes as the new document starts loading.
    await expect
      .poll(async () => (await gridTitles(page)).sort())
      .toEqual(expect.arrayContaining(expected("proposal")));

    await page.getByLabel("Difficulty").selectOption("intermediate");
    await expect(page).toHaveURL(/q=Proposal&difficulty=intermediate/);
    await expect
      .poll(async () => (await gridTitles(page)).sort())
      .toEqual(expected("proposal", "", "intermediate"));

    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/academy$/);
    await expect(page.getByLabel("Search")).toHaveValue("");
    await expect(page.getByLabel("Difficulty")).toHaveValue("");
  });

  test("the filters work without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/academy");
    await expect(page.getByRole("region", { name: "Featured Content" })).toBeVisible();
    await page.getByLabel("Search").fill("onboarding");
    await page.getByLabel("Category").selectOption("Getting Started");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=onboarding/);
    await expect(page).toHaveURL(/category=Getting\+Started/);
    expect((await gridTitles(page)).sort()).toEqual(expected("onboarding", "Getting Started"));
    await context.close();
  });

  test("odd query text never breaks the page", async ({ request }) => {
    for (const query of ["q=%00", "category=%00", "q=%25_%5C", "difficulty=expert", `q=${"x".repeat(500)}`]) {
      expect((await request.get(`/academy?${query}`)).status(), query).toBe(200);
    }
  });

  test("says No content found with the hint when nothing matches", async ({ page }) => {
    await page.goto("/academy?q=zz-no-such-thing-zz");
    await expect(page.getByRole("heading", { name: "No content found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("says No content found on an empty academy", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/academy`);
    await expect(page.getByRole("heading", { name: "No content found" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Featured Content" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("shows 'Loading academy content...' while a search loads", async ({ page }) => {
    await page.goto("/academy");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith("/academy") && url.pathname.endsWith(".data"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByLabel("Difficulty").selectOption("advanced");
    await expect(page.getByRole("status").getByText("Loading academy content...")).toBeVisible();
    release();
    await expect(page.getByText("Loading academy content...")).toHaveCount(0);
    await expect(page).toHaveURL(/difficulty=advanced/);
  });

  test("says 'Failed to load content' when the list cannot load", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(500, "/academy.data"));
    await page.goto("/");
    await failRouteData(page, {
      match: (url) => url.pathname === "/academy.data",
      routeId: "routes/academy/index",
      borrowFrom: "/academy/zz-missing.data",
      borrowedRouteId: "routes/academy/item",
    });
    await page.getByRole("banner").getByRole("link", { name: "Academy", exact: true }).click();
    await expect(page.getByRole("alert").getByText("Failed to load content")).toBeVisible();
  });
});

test.describe("academy detail", () => {
  test("embeds a YouTube video on request and shows tags, difficulty, author and related content", async ({
    page,
  }) => {
    // Block the third-party player: the test machine is offline and the page must not depend on it.
    const playerRequests: string[] = [];
    await page.route(/youtube\.com/, (route) => {
      playerRequests.push(route.request().url());
      return route.fulfill({ status: 200, body: "<html></html>" });
    });
    await page.goto(`/academy/${embedded.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: embedded.title })).toBeVisible();
    // The player loads when asked for (a link to the video without JavaScript), then plays at once.
    const play = page.getByRole("link", { name: `Play video: ${embedded.title}` });
    await expect(play).toHaveAttribute("href", embedded.videoUrl ?? "");
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(playerRequests).toEqual([]);
    await play.click();
    const player = page.locator("iframe");
    await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube\.com\/embed\/[\w-]+\?autoplay=1$/);
    await expect(player).toBeFocused();
    const article = page.getByRole("article").first();
    await expect(article.locator(`[data-difficulty=${embedded.difficulty}]`)).toBeVisible();
    await expect(article.getByText(embedded.author ?? "", { exact: true })).toBeVisible();
    for (const tag of embedded.tags)
      await expect(article.getByText(`#${tag}`, { exact: true })).toBeVisible();
    const related = page.getByRole("region", { name: "Related Content" }).getByTestId("academy-card");
    expect(await related.count()).toBeGreaterThan(0);
    expect(await related.count()).toBeLessThanOrEqual(3);
    await expectNoAxeViolations(page);
  });

  test("plays a video file with <video> and audio with <audio>; the team is the author when none is set", async ({
    page,
  }) => {
    await page.goto(`/academy/${fileVideo.slug}`);
    await expect(page.locator("video")).toHaveAttribute("src", fileVideo.videoUrl ?? "");
    await page.goto(`/academy/${audioOnly.slug}`);
    await expect(page.locator("audio")).toHaveAttribute("src", audioOnly.audioUrl ?? "");
    await expect(page.getByText("Asimov Team", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an item with both a video and an audio file offers both players", async ({ page }) => {
    await page.goto(`/academy/${videoAndAudio.slug}`);
    const article = page.getByRole("article");
    await expect(article.getByRole("link", { name: `Play video: ${videoAndAudio.title}` })).toBeVisible();
    await expect(article.getByText("Listen to this session")).toBeVisible();
    await expect(article.locator("audio")).toHaveAttribute("src", videoAndAudio.audioUrl ?? "");
    await expectNoAxeViolations(page);
  });

  test("each view of the page counts once on the server, shown within a few seconds", async ({
    page,
    request,
  }) => {
    const url = `/academy/${audioOnly.slug}`;
    const shownIn = (html: string) => {
      const cell = /data-testid="view-count"[^>]*>([\s\S]*?)<\/dd>/.exec(html)?.[1] ?? "";
      return Number(cell.replace(/<[^>]*>/g, "").replace(/[^\d]/g, ""));
    };
    // A prefetch is not a view: it reads the count the page shows now without adding to it.
    const stored = async () =>
      shownIn(await (await request.get(url, { headers: { "Sec-Purpose": "prefetch" } })).text());
    // The starting count as written, not a cached copy (which lags by up to five seconds: the test before this one
    // viewed the same item): a page with a session cookie is rendered afresh, and two reads a flush apart (views
    // are written once a second) agree once every earlier view is in.
    const written = async () =>
      shownIn(
        await (
          await request.get(url, {
            headers: { "Sec-Purpose": "prefetch", Cookie: "better-auth.session_token=none" },
          })
        ).text(),
      );
    let first = await written();
    for (let settled = false; !settled; ) {
      await new Promise((r) => setTimeout(r, 1_200));
      const again = await written();
      settled = again === first;
      first = again;
    }
    await page.goto(url);
    await page.reload();
    // A plain GET (a crawler, curl) is a view too.
    await request.get(url);
    // Written within a second; the cached page shows it once its copy is five seconds old (server/page-cache.ts).
    await expect.poll(stored, { timeout: 20_000 }).toBe(first + 3);
    // Client-side navigation to the page counts once.
    await page.goto("/academy");
    await page.getByRole("link", { name: audioOnly.title }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: audioOnly.title })).toBeVisible();
    await expect.poll(stored, { timeout: 20_000 }).toBe(first + 4);
    // The page itself shows the written count on its next load (which counts again, later).
    await page.reload();
    expect(Number((await page.getByTestId("view-count").innerText()).replace(/[^\d]/g, ""))).toBe(first + 4);
  });

  test("renders without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(`/academy/${fileVideo.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: fileVideo.title })).toBeVisible();
    await expect(page.locator("video")).toBeVisible();
    await context.close();
  });

  test("a missing or unpublished item answers 404 with Content Not Found", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResource(404));
    for (const slug of ["no-such-item", "bad%00slug", ...hidden.map((h) => h.slug)]) {
      const response = await page.goto(`/academy/${slug}`);
      expect(response?.status(), slug).toBe(404);
      await expect(page.getByRole("heading", { name: "Content Not Found" })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to Academy" }).click();
    await expect(page).toHaveURL(/\/academy$/);
  });

  test("says 'Failed to load content' when the item cannot load", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResource(500, `/academy/${audioOnly.slug}.data`));
    await page.goto("/academy");
    await failRouteData(page, {
      match: (url) => url.pathname === `/academy/${audioOnly.slug}.data`,
      routeId: "routes/academy/item",
      borrowFrom: "/academy/zz-missing.data",
      borrowedRouteId: "routes/academy/item",
    });
    await page.getByRole("link", { name: audioOnly.title }).first().click();
    await expect(page.getByRole("alert").getByText("Failed to load content")).toBeVisible();
  });
});

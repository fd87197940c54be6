// The page editor and pages built from blocks: a campaign page made, reordered with the keyboard, previewed live,
// saved and published; validation that keeps what was typed; the landing page's headline and a price changed in
// the admin and seen by the next visitor. At phone and desktop widths, with axe. The whole journey of a campaign
// page: built from five blocks, previewed signed out, scheduled, in the sitemap and the menu, its lead and its
// analytics, a revision restored, and a move that leaves a 301.
import type { Page } from "@playwright/test";
import { DESKTOP_CHROME } from "../support/user-agents";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { expectNoHorizontalScroll, uniqueSuffix as suffix, toast } from "./support/ui";

const blockItems = (page: Page) => page.getByTestId("block-item");
const preview = (page: Page) => page.frameLocator("iframe[title^='Preview']");

async function addBlock(page: Page, label: string) {
  await page.getByLabel("Add a block").selectOption({ label });
  await page.getByRole("button", { name: "Add block" }).click();
}

for (const width of [375, 1280]) {
  test.describe(`page editor at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("add blocks, edit with a live preview, reorder by keyboard, remove and undo, save and publish", async ({
      adminPage: page,
      browser,
    }, testInfo) => {
      test.setTimeout(90_000); // besides the editing: the history and a preview link, each checked with axe
      const s = suffix();
      const path = `/lp/e2e-${width}-${s}`;
      await page.goto("/admin/pages");
      await expect(page.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
      await expect(page.getByRole("cell", { name: "/pricing", exact: true })).toBeVisible();
      await page.getByRole("link", { name: "New page" }).click();
      await expect(page.getByRole("heading", { name: "New page", level: 1 })).toBeVisible();
      await expect(page.getByText("No blocks yet")).toBeVisible();

      await page.getByLabel("Title", { exact: true }).fill(`Spring launch ${s}`);
      await page.getByLabel("Path", { exact: true }).fill(path);
      await addBlock(page, "Hero");
      await page.getByLabel("Headline", { exact: true }).fill(`Spring into revenue ${s}`);
      // The preview follows the typing.
      await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText(`Spring into revenue ${s}`);
      await addBlock(page, "FAQ");
      await addBlock(page, "Call-to-action band");
      await expect(blockItems(page)).toHaveCount(3);

      // Keyboard only: the FAQ moves above the hero with Alt+Arrow Up.
      const faq = blockItems(page)
        .nth(1)
        .getByRole("button", { name: /^Frequently asked questions FAQ/ });
      await faq.focus();
      await page.keyboard.press("Alt+ArrowUp");
      await expect(blockItems(page).first()).toContainText("Frequently asked questions");
      await expect(page.getByRole("status").filter({ hasText: "moved to position 1 of 3" })).toBeAttached();
      await expect(preview(page).locator("main section").first()).toContainText("Frequently asked questions");
      // And back down.
      await blockItems(page)
        .first()
        .getByRole("button", { name: /^Frequently asked questions FAQ/ })
        .focus();
      await page.keyboard.press("Alt+ArrowDown");
      await expect(blockItems(page).first()).toContainText(`Spring into revenue ${s}`);

      // Remove with undo.
      await page.getByRole("button", { name: "Remove Ready to start?" }).click();
      await expect(blockItems(page)).toHaveCount(2);
      await page.getByRole("button", { name: "Undo" }).click();
      await expect(blockItems(page)).toHaveCount(3);
      await page.getByRole("button", { name: "Remove Ready to start?" }).click();
      await expect(blockItems(page)).toHaveCount(2);

      // Phone width preview.
      await page.getByRole("button", { name: "Phone" }).click();
      await expect(page.locator("iframe[title^='Preview']")).toHaveAttribute("title", /375/);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`editor-${width}.png`), fullPage: true });

      await page.getByLabel("Status", { exact: true }).selectOption("published");
      await page.getByRole("button", { name: "Save page" }).click();
      await expect(toast(page, "Page created")).toBeVisible();
      await expect(page.getByRole("heading", { name: `Edit page: Spring launch ${s}` })).toBeVisible();

      // A saved page has its history (the first save is its first revision) and preview links to share.
      await page.getByRole("button", { name: "History" }).click();
      const history = page.getByRole("dialog", { name: "Page history" });
      await expect(history.getByTestId("revision-list")).toContainText("Created by");
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`page-history-${width}.png`) });
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Share preview" }).click();
      const share = page.getByRole("dialog", { name: "Share preview" });
      await share.getByRole("button", { name: "Create preview link" }).click();
      await expect(share.getByTestId("new-preview-link").getByRole("textbox")).toHaveCount(1);
      await expect(share.getByTestId("preview-links").getByRole("listitem")).toHaveCount(1);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`page-share-preview-${width}.png`) });
      await page.keyboard.press("Escape");
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`editor-saved-${width}.png`) });

      // A visitor (signed out) sees it, with the FAQ's structured data.
      const visitor = await browser.newPage();
      await visitor.goto(path);
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Spring into revenue ${s}`);
      await expect(visitor.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
      expect(await visitor.locator("script[type='application/ld+json']").allTextContents()).toContainEqual(
        expect.stringContaining('"FAQPage"'),
      );
      await visitor.screenshot({ path: testInfo.outputPath(`campaign-${width}.png`), fullPage: true });
      await visitor.close();
    });
  });
}

test("a reserved path and an empty headline are refused at their fields, and the form keeps what was typed", async ({
  adminPage: page,
  consoleErrors,
}) => {
  consoleErrors.allow(failedResource(400));
  await page.goto("/admin/pages/new");
  await page.getByLabel("Title", { exact: true }).fill("Clash");
  await page.getByLabel("Path", { exact: true }).fill("/blog/clash");
  await addBlock(page, "Hero");
  await page.getByLabel("Headline", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(toast(page, "Please check the highlighted fields")).toBeVisible();
  await expect(page.getByText("/blog belongs to the blog: choose another path.")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Clash");
  await expect(page.getByText("needs attention")).toBeVisible();
  await expect(page.getByText("The headline is required.")).toBeVisible();
});

test("the landing headline and a price changed in the admin show at the next request", async ({
  adminPage: page,
  browser,
}) => {
  const visitor = await browser.newPage();
  await visitor.goto("/pricing");
  await expect(visitor.getByText("$19", { exact: true })).toBeVisible();

  await page.goto("/admin/pages");
  await page.getByRole("link", { name: "Pricing", exact: true }).click();
  await expect(page.getByRole("button", { name: /^Simple, transparent pricing/ })).toBeVisible();
  await page
    .getByTestId("block-item")
    .nth(1)
    .getByRole("button", { name: /Plans|Pricing table/ })
    .first()
    .click();
  const growthPrice = page.getByLabel("Price", { exact: true }).nth(1);
  await expect(growthPrice).toHaveValue("$19");
  try {
    await growthPrice.fill("$21");
    await page.getByRole("button", { name: "Save page" }).click();
    await expect(toast(page, "Page saved")).toBeVisible();
    await visitor.goto("/pricing");
    await expect(visitor.getByText("$21", { exact: true })).toBeVisible();
  } finally {
    await growthPrice.fill("$19");
    // The first save's toast may still be showing: wait for this save's own answer, not for a "Page saved".
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/admin/pages/"),
    );
    await page.getByRole("button", { name: "Save page" }).click();
    expect((await saved).status()).toBe(200);
  }
  await visitor.goto("/pricing");
  await expect(visitor.getByText("$19", { exact: true })).toBeVisible();
  await visitor.close();
});

/** The editor's "Publish at" value `seconds` from now, in the browser's own zone, to the second. */
function publishAtIn(page: Page, seconds: number) {
  return page.evaluate((ms) => {
    const at = new Date(Date.now() + ms);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, seconds * 1000);
}

test("a campaign page from hero, features, pricing, FAQ and contact form blocks: previewed signed out, scheduled, in the sitemap and menu, its leads and analytics name it, a revision restored, a move leaves a 301", async ({
  adminPage: page,
  browser,
  baseURL,
}, testInfo) => {
  // Five blocks, a scheduled time to wait for, a lead past the form's time trap, analytics written in batches.
  test.setTimeout(300_000);
  const path = "/lp/spring-launch";
  const moved = "/lp/spring-launch-moved";
  const headline = "Spring launch offer";
  await page.goto("/admin/pages/new");
  await page.getByLabel("Title", { exact: true }).fill("Spring launch");
  await page.getByLabel("Path", { exact: true }).fill(path);
  for (const block of ["Hero", "Feature grid", "Pricing table", "FAQ", "Contact form"])
    await addBlock(page, block);
  await blockItems(page).first().getByRole("button", { name: /Hero$/ }).click();
  await page.getByLabel("Headline", { exact: true }).fill(headline);
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(toast(page, "Page created")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Edit page: Spring launch" })).toBeVisible();
  const menu = page.getByRole("form", { name: "Site navigation" });
  let inMenu = false;
  try {
    // A preview link for the draft, opened signed out in a browser of its own.
    await page.getByRole("button", { name: "Share preview" }).click();
    const share = page.getByRole("dialog", { name: "Share preview" });
    await share.getByRole("button", { name: "Create preview link" }).click();
    await expect(toast(page, "Preview link created")).toBeVisible();
    const link = await share.getByTestId("new-preview-link").getByRole("textbox").inputValue();
    expect(link).toMatch(/\/preview\/page\/[\w-]{43}$/);
    await page.screenshot({ path: testInfo.outputPath("page-share-preview.png") });
    await page.keyboard.press("Escape");

    const stranger = await browser.newContext();
    const guest = await stranger.newPage();
    const answer = await guest.goto(link);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(guest.locator("meta[name='robots']")).toHaveAttribute("content", /noindex/);
    await expect(guest.getByTestId("preview-banner")).toContainText("This page is a draft and not public");
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(headline);
    await expect(guest.getByRole("heading", { name: "Starter" })).toBeVisible();
    await expect(guest.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    expect((await guest.request.get(path)).status()).toBe(404);

    // Scheduled a few seconds ahead: not there before its time, there at its time (no restart, no save).
    await page.getByLabel("Status", { exact: true }).selectOption("published");
    await page.getByLabel("Publish at (empty: now)").fill(await publishAtIn(page, 15));
    await page.getByRole("button", { name: "Save page" }).click();
    await expect(toast(page, "Page saved")).toBeVisible();
    expect((await guest.request.get(path)).status()).toBe(404);
    expect(await (await guest.request.get("/sitemap.xml")).text()).not.toContain(`${path}</loc>`);
    await expect
      .poll(async () => (await guest.request.get(path)).status(), { timeout: 40_000, intervals: [1000] })
      .toBe(200);
    expect(await (await guest.request.get("/sitemap.xml")).text()).toContain(`${path}</loc>`);
    await stranger.close();

    // Into the header menu from the admin, without code.
    await page.goto("/admin/pages");
    await expect(
      page.getByRole("row", { name: new RegExp(path) }).getByTestId("page-updated-by"),
    ).toBeVisible();
    await menu.getByRole("button", { name: "Add menu link" }).click();
    await menu.getByLabel("Label", { exact: true }).nth(5).fill("Spring launch");
    await menu.getByLabel("Page or address").nth(5).fill(path);
    await menu.getByRole("button", { name: "Save navigation" }).click();
    await expect(toast(page, "Navigation saved")).toBeVisible();
    inMenu = true;
    const reader = await browser.newPage();
    await reader.goto("/pricing");
    await reader.getByRole("banner").getByRole("link", { name: "Spring launch" }).first().click();
    await expect(reader).toHaveURL(new RegExp(`${path}$`));
    await reader.close();

    // A visitor who lands on the page sends its contact form: the lead names the page, and so do the analytics.
    const visitorContext = await browser.newContext({ userAgent: DESKTOP_CHROME });
    const visitor = await visitorContext.newPage();
    // The full form's code is held back until the visitor has typed into the plain form the page arrives with:
    // what was typed, and where the caret was, go over into the full form when it takes the plain one's place.
    let release = () => {};
    const typedFirst = new Promise<void>((resolve) => {
      release = resolve;
    });
    await visitor.route("**/assets/contact-form-*.js", async (route) => {
      await typedFirst;
      await route.continue();
    });
    await visitor.goto(path, { waitUntil: "domcontentloaded" });
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(headline);
    const s = suffix();
    const contactForm = visitor.getByRole("form", { name: "Contact form" });
    await contactForm.evaluate((form) => form.setAttribute("data-plain", ""));
    await visitor.getByLabel("Name *").fill(`Campaign Visitor ${s}`);
    release();
    await expect(visitor.locator("form[data-plain]")).toHaveCount(0);
    await expect(visitor.getByLabel("Name *")).toHaveValue(`Campaign Visitor ${s}`);
    await expect(visitor.getByLabel("Name *")).toBeFocused();
    await visitor.getByLabel("Email *").fill(`campaign-${s}@example.com`);
    await visitor.getByLabel("Interest *").selectOption("sales-automation");
    await visitor.getByLabel("Message *").fill("Tell me about the spring offer.");
    await visitor.waitForTimeout(3000); // past the form's time trap
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(visitor, "Thank you for your message! We'll get back to you soon.")).toBeVisible();
    await visitor.screenshot({ path: testInfo.outputPath("campaign-page.png"), fullPage: true });
    await visitorContext.close();

    await page.goto("/admin/contacts");
    await page.getByLabel("Search contacts and subscribers").fill(`campaign-${s}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("contact-row")).toContainText(`page ${path} · landed on ${path}`);
    await expect(async () => {
      await page.goto(`/admin/analytics?page=${encodeURIComponent(path)}`);
      await expect(
        page
          .getByRole("table", { name: "Top pages" })
          .getByRole("rowheader", { name: new RegExp(`${path}$`) }),
      ).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // A revision brings the earlier headline back into the editor and onto the page.
    await page.goto("/admin/pages");
    await page.getByRole("link", { name: "Spring launch", exact: true }).click();
    await blockItems(page).first().getByRole("button", { name: /Hero$/ }).click();
    await page.getByLabel("Headline", { exact: true }).fill("A headline to take back");
    await page.getByRole("button", { name: "Save page" }).click();
    await expect(toast(page, "Page saved")).toBeVisible();
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "Page history" });
    await expect(history.getByTestId("revision-list").getByRole("button")).toHaveCount(3);
    await history.getByTestId("revision-list").getByRole("button").nth(1).click();
    await expect(history.getByTestId("revision-diff")).toContainText("A headline to take back");
    await page.screenshot({ path: testInfo.outputPath("page-history.png") });
    await history.getByRole("button", { name: "Restore this revision" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await expect(toast(page, "Revision restored")).toBeVisible();
    await expect(history).toBeHidden();
    await blockItems(page).first().getByRole("button", { name: /Hero$/ }).click();
    await expect(page.getByLabel("Headline", { exact: true })).toHaveValue(headline);
    await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText(headline);
    const reloaded = await browser.newPage();
    await reloaded.goto(path);
    await expect(reloaded.getByRole("heading", { level: 1 })).toHaveText(headline);

    // Moving the published page leaves a 301 from its old path.
    await page.getByLabel("Path", { exact: true }).fill(moved);
    await page.getByRole("button", { name: "Save page" }).click();
    await expect(toast(page, "Page saved")).toBeVisible();
    const oldPath = () => reloaded.request.get(path, { maxRedirects: 0 });
    await expect.poll(async () => (await oldPath()).status()).toBe(301);
    expect(new URL((await oldPath()).headers().location ?? "", baseURL).pathname).toBe(moved);
    await reloaded.close();
  } finally {
    // The default menu comes back, and the page goes (so a second run starts from the same place).
    if (inMenu) {
      await page.goto("/admin/pages");
      await page.getByRole("button", { name: "Remove menu link 6" }).click();
      await page.getByRole("button", { name: "Save navigation" }).click();
      await expect(toast(page, "Navigation saved").last()).toBeVisible();
    }
    await page.goto("/admin/pages");
    for (const at of [moved, path]) {
      const row = page.getByRole("row", { name: new RegExp(`${at}\\b`) });
      if ((await row.count()) === 0) continue;
      await row.getByRole("link").first().click();
      await page.getByRole("button", { name: "Delete page" }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: /Delete|Confirm/ })
        .click();
      await expect(page).toHaveURL(/\/admin\/pages$/);
    }
  }
});

// The page editor and pages built from blocks: a campaign page made, reordered with the keyboard, previewed live,
// saved and published; validation that keeps what was typed; the landing page's headline and a price changed in
// the admin and seen by the next visitor. At phone and desktop widths, with axe.
import type { Page } from "@playwright/test";
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
  await page.getByRole("button", { name: /^Simple, transparent pricing/ }).isVisible();
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
    await page.getByRole("button", { name: "Save page" }).click();
    await expect(toast(page, "Page saved").last()).toBeVisible();
  }
  await visitor.goto("/pricing");
  await expect(visitor.getByText("$19", { exact: true })).toBeVisible();
  await visitor.close();
});

test("a campaign page from hero, features, pricing, FAQ and contact form blocks: published, in the sitemap, and its leads name it", async ({
  adminPage: page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000); // five blocks, a lead past the form's time trap, and the menu edited and restored
  const s = suffix();
  const path = `/lp/spring-launch-${s}`;
  await page.goto("/admin/pages/new");
  await page.getByLabel("Title", { exact: true }).fill(`Spring launch ${s}`);
  await page.getByLabel("Path", { exact: true }).fill(path);
  for (const block of ["Hero", "Feature grid", "Pricing table", "FAQ", "Contact form"])
    await addBlock(page, block);
  await blockItems(page).first().getByRole("button", { name: /Hero$/ }).click();
  await page.getByLabel("Headline", { exact: true }).fill(`Spring launch offer ${s}`);
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(toast(page, "Page created")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Spring launch offer ${s}`);
  await expect(visitor.getByRole("heading", { name: "Starter" })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
  const sitemap = await (await visitor.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`${path}</loc>`);

  // A lead from the page's own form names the page as its source.
  await visitor.getByLabel("Name *").fill(`Campaign Visitor ${s}`);
  await visitor.getByLabel("Email *").fill(`campaign-${s}@example.com`);
  await visitor.getByLabel("Interest *").selectOption("sales-automation");
  await visitor.getByLabel("Message *").fill("Tell me about the spring offer.");
  await visitor.waitForTimeout(3000); // past the form's time trap
  await visitor.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(visitor, "Thank you for your message! We'll get back to you soon.")).toBeVisible();
  await visitor.screenshot({ path: testInfo.outputPath("campaign-page.png"), fullPage: true });
  await visitor.close();

  await page.goto("/admin/contacts");
  await page.getByLabel("Search contacts and subscribers").fill(`campaign-${s}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("contact-row")).toContainText(`page ${path} · landed on ${path}`);

  // Into the header menu, without code; the default menu comes back afterwards.
  await page.goto("/admin/pages");
  const nav = page.getByRole("form", { name: "Site navigation" });
  await nav.getByRole("button", { name: "Add menu link" }).click();
  await nav.getByLabel("Label", { exact: true }).nth(5).fill(`Spring ${s}`);
  await nav.getByLabel("Page or address").nth(5).fill(path);
  await nav.getByRole("button", { name: "Save navigation" }).click();
  await expect(toast(page, "Navigation saved")).toBeVisible();
  try {
    const reader = await browser.newPage();
    await reader.goto("/pricing");
    await reader
      .getByRole("banner")
      .getByRole("link", { name: `Spring ${s}` })
      .first()
      .click();
    await expect(reader).toHaveURL(new RegExp(`${path}$`));
    await reader.close();
  } finally {
    await page.getByRole("button", { name: "Remove menu link 6" }).click();
    await page.getByRole("button", { name: "Save navigation" }).click();
    await expect(toast(page, "Navigation saved").last()).toBeVisible();
  }
});

// The Pages screen with the keyboard alone, at phone and desktop widths, with axe: the list of pages (each page's
// editor and New page reached by Tab and opened with Enter) and the site navigation editor (a menu link added,
// typed, moved and removed, the focus following each step; a save refused at its field). The menu is saved only
// as it was, so the shared demo server's menu stays the same.
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { expect, failedResource, test } from "./support/fixtures";
import { expectNoHorizontalScroll, toast } from "./support/ui";

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not reached. */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}) {
  const element = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    if (await element?.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} was not reached with the keyboard`);
}

for (const width of [375, 1280]) {
  test.describe(`Pages screen at ${width} px, keyboard only`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 180_000 }); // many key presses, and axe on a long form, on two busy cores

    test("the list: every page's editor and New page are reached with Tab and opened with Enter", async ({
      adminPage: page,
    }, testInfo) => {
      await page.goto("/admin/pages");
      await expect(page.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`pages-${width}.png`), fullPage: true });

      const table = page.getByRole("table");
      await tabTo(page, table.getByRole("link", { name: "Pricing", exact: true }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "Edit page: Pricing", level: 1 })).toBeVisible();

      await page.goBack();
      await expect(page.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
      await page.locator("body").focus();
      await tabTo(page, page.getByRole("link", { name: "New page" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "New page", level: 1 })).toBeVisible();
    });

    test("the navigation editor: add, type, move and remove a menu link, the focus following; a bad save is refused at its field", async ({
      adminPage: page,
      consoleErrors,
    }) => {
      consoleErrors.allow(failedResource(400));
      await page.goto("/admin/pages");
      const nav = page.getByRole("form", { name: "Site navigation" });
      const header = nav.getByRole("group", { name: "Header menu" });
      const links = header.locator(":scope > ol > li");
      const count = await links.count();
      expect(count).toBeGreaterThan(1);

      // Saved as it is: the focus, dropped while the button was disabled, comes back to it.
      const save = nav.getByRole("button", { name: "Save navigation" });
      await tabTo(page, save);
      await page.keyboard.press("Enter");
      await expect(toast(page, "Navigation saved")).toBeVisible();
      await expect(save).toBeFocused();

      // Add: the new link's first field takes the focus, and typing fills it.
      await tabTo(page, header.getByRole("button", { name: "Add menu link" }), { back: true });
      await page.keyboard.press("Enter");
      await expect(links).toHaveCount(count + 1);
      const added = links.nth(count);
      await expect(added.getByLabel("Label", { exact: true })).toBeFocused();
      await page.keyboard.type("Keys");
      await page.keyboard.press("Tab");
      await expect(added.getByLabel("Page or address")).toBeFocused();
      await page.keyboard.type("/pricing");
      await expect(header.getByRole("status")).toHaveText(`Menu link ${count + 1} added.`);

      // Move up: the focus stays with the link, now one place higher.
      await tabTo(page, header.getByRole("button", { name: `Move menu link ${count + 1} up` }), {
        back: true,
      });
      await page.keyboard.press("Enter");
      await expect(links.nth(count - 1).getByLabel("Label", { exact: true })).toHaveValue("Keys");
      await expect(header.getByRole("button", { name: `Move menu link ${count} up` })).toBeFocused();
      await expect(header.getByRole("status")).toHaveText(
        `Menu link ${count + 1} moved to position ${count} of ${count + 1}.`,
      );
      // Down again: at the bottom its own button is disabled, so the focus goes to the one beside it.
      await page.keyboard.press("Tab");
      await expect(header.getByRole("button", { name: `Move menu link ${count} down` })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(links.nth(count).getByLabel("Label", { exact: true })).toHaveValue("Keys");
      await expect(header.getByRole("button", { name: `Move menu link ${count + 1} up` })).toBeFocused();

      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);

      // Remove: the focus goes to the link that took its place (after the last: the add button), never the top.
      await page.keyboard.press("Tab");
      await expect(header.getByRole("button", { name: `Remove menu link ${count + 1}` })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(links).toHaveCount(count);
      await expect(header.getByRole("button", { name: "Add menu link" })).toBeFocused();
      await expect(header.getByRole("status")).toHaveText(`Menu link ${count + 1} removed.`);
      // Removing the first link hands the focus to the new first link's remove button.
      await tabTo(page, header.getByRole("button", { name: "Remove menu link 1" }), { back: true });
      const second = await links.nth(1).getByLabel("Label", { exact: true }).inputValue();
      await page.keyboard.press("Enter");
      await expect(links).toHaveCount(count - 1);
      await expect(links.first().getByLabel("Label", { exact: true })).toHaveValue(second);
      await expect(header.getByRole("button", { name: "Remove menu link 1" })).toBeFocused();

      // A link without its label: the save is refused, the message is at the field and the form keeps the rest.
      await tabTo(page, header.getByRole("button", { name: "Add menu link" }));
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.type("/contact");
      await tabTo(page, save);
      await page.keyboard.press("Enter");
      await expect(toast(page, "Please check the highlighted fields")).toBeVisible();
      const unlabeled = links.nth(count - 1);
      await expect(unlabeled.getByText("The label is required.")).toBeVisible();
      await expect(unlabeled.getByLabel("Label", { exact: true })).toHaveAccessibleDescription(
        /The label is required\./,
      );
      await expect(unlabeled.getByLabel("Page or address")).toHaveValue("/contact");
      // The focus, dropped when the button was disabled for the save, is on the field to fix.
      await expect(unlabeled.getByLabel("Label", { exact: true })).toBeFocused();
      await expectNoAxeViolations(page);
    });
  });
}

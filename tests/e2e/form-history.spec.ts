// A form's history on its screen, at phone and desktop width: a form saved, renamed and saved again; its History
// lists both saves (who, what changed), compares the first with the current form, and restores its name after
// asking first; the editor and the heading show the restored name at once, and the restore is itself in the
// history. Axe-clean at each step; screenshots kept for looking at.
import { expectNoAxeViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll, toast, uniqueSuffix } from "./support/ui";

for (const width of [375, 1280]) {
  test(`restoring a form's earlier name from its history at ${width} px`, async ({
    adminPage: page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const first = `Webinar ${uniqueSuffix()}`;
    const second = `${first} (spring edition)`;

    await page.goto("/admin/forms");
    await page.getByRole("link", { name: "New form" }).click();
    await page.getByLabel("Name", { exact: true }).fill(first);
    await page.getByLabel("Add a field").selectOption("text");
    await page.getByRole("button", { name: "Add field" }).click();
    await page
      .locator("section[aria-labelledby='field-settings-heading']")
      .getByLabel("Label", { exact: true })
      .fill("Your name");
    await page.getByRole("button", { name: "Save form" }).click();
    await expect(toast(page, "Form created")).toBeVisible();
    await expect(page.getByRole("heading", { name: `Edit form: ${first}` })).toBeVisible();

    await page.getByLabel("Name", { exact: true }).fill(second);
    await page.getByRole("button", { name: "Save form" }).click();
    await expect(toast(page, "Form saved")).toBeVisible();
    await expect(page.getByRole("heading", { name: `Edit form: ${second}` })).toBeVisible();

    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "Form history" });
    const revisions = history.getByTestId("revision-list").getByRole("button");
    await expect(revisions).toHaveCount(2);
    await expect(revisions.first()).toContainText("Edited by");
    await expect(revisions.first()).toContainText("Changed: Name");
    await expect(revisions.nth(1)).toContainText("Created by");
    await revisions.nth(1).click();
    const diff = history.getByTestId("revision-diff");
    await expect(diff).toContainText("Name");
    // Struck through: the words restoring removes from the current name.
    await expect(diff.locator("del").first()).toContainText("spring");
    await expect(diff).toContainText(first);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`form-history-${width}.png`) });

    await history.getByRole("button", { name: "Restore this revision" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Restore this revision?");
    await confirm.getByRole("button", { name: "Restore" }).click();
    await expect(toast(page, "Revision restored")).toBeVisible();
    await expect(history).toBeHidden();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(first);
    await expect(page.getByRole("heading", { name: `Edit form: ${first}` })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`form-restored-${width}.png`), fullPage: true });

    // The restore is a save of its own, in the history; a reload shows the restored name.
    await page.getByRole("button", { name: "History" }).click();
    await expect(revisions).toHaveCount(3);
    await expect(revisions.first()).toContainText("Restored an earlier revision by");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(first);
  });
}

import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { EMPTY_URL, expect, failedResource, signInAsAdmin, test } from "./support/fixtures";
import { expectNoHorizontalScroll, expectToast, uniqueSuffix } from "./support/ui";

const createForm = (page: Page) => page.getByRole("form", { name: "Create new content" });
const row = (page: Page, slug: string) => page.locator(`[data-testid="academy-row"][data-slug="${slug}"]`);

async function createItem(page: Page, title: string, slug: string, category = "Sales Playbooks") {
  const form = createForm(page);
  await form.getByRole("tab", { name: "Content" }).click();
  await form.getByLabel("Title *").fill(title);
  await form.getByLabel("Slug *").fill(slug);
  await form.getByLabel("Category *").fill(category);
  await form.getByRole("button", { name: "Create Content" }).click();
}

async function deleteFromList(page: Page, slug: string, title: string) {
  await row(page, slug)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
}

test.describe("admin academy", () => {
  test("three tabs, required fields, AI Optimize, and a full create", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    // Saving with missing fields answers 400 on purpose.
    consoleErrors.allow(failedResource(400, "/admin/academy.data"));
    await page.goto("/admin/academy");
    const form = createForm(page);
    await expect(form.getByRole("tab", { name: "Content" })).toHaveAttribute("aria-selected", "true");

    await form.getByRole("button", { name: "Create Content" }).click();
    await expectToast(page, "Please fill in title, slug, and category");
    await expect(form.getByLabel("Category *")).toHaveAttribute("aria-invalid", "true");

    await form.getByRole("tab", { name: "SEO and Meta" }).click();
    await form.getByRole("button", { name: "AI Optimize description" }).click();
    await expectToast(page, "Please fill in title and category first");

    const suffix = uniqueSuffix();
    const title = `Pipeline Hygiene ${suffix}`;
    await form.getByRole("tab", { name: "Content" }).click();
    await form.getByLabel("Title *").fill(title);
    await expect(form.getByLabel("Slug *")).toHaveValue(`pipeline-hygiene-${suffix}`);
    await form.getByLabel("Category *").fill("Sales Playbooks");
    await form.getByLabel("Difficulty").selectOption("advanced");
    await form.getByLabel("Duration (minutes)").fill("15");
    await form.getByLabel("Tags").fill("pipeline, hygiene,, ");
    await form.getByRole("switch", { name: "Featured" }).click();

    await form.getByRole("tab", { name: "Media" }).click();
    await expect(form.getByText("YouTube and Vimeo links are embedded automatically.")).toBeVisible();
    await form
      .getByRole("textbox", { name: "Video URL" })
      .fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await form.getByRole("textbox", { name: "Audio URL" }).fill("/demo/episode.mp3");

    await form.getByRole("tab", { name: "SEO and Meta" }).click();
    await form.getByRole("button", { name: "AI Optimize description" }).click();
    await expectToast(page, "Description optimized with AI!");
    await expect(form.getByLabel("Description")).toHaveValue(/advanced-level Sales Playbooks lesson/);
    await form.getByRole("button", { name: "AI Optimize summary" }).click();
    await expectToast(page, "Summary optimized with AI!");
    await expect(form.getByLabel("Summary")).toHaveValue(
      `Master ${title} in this advanced Sales Playbooks lesson with practical, actionable takeaways.`,
    );
    await form.getByLabel("Status").selectOption("draft");

    await form.getByRole("button", { name: "Create Content" }).click();
    await expectToast(page, "Academy content created successfully");
    const item = row(page, `pipeline-hygiene-${suffix}`);
    await expect(item.getByRole("heading", { name: title })).toBeVisible();
    await expect(item.getByText("Featured")).toBeVisible();
    await expect(item.getByText(/advanced-level Sales Playbooks lesson/)).toBeVisible();
    await expect(item.getByTestId("status-badge")).toHaveText("Draft");
    await expect(item.getByText("Sales Playbooks", { exact: true })).toBeVisible();
    await expect(item.getByTestId("difficulty-badge")).toHaveText("Advanced");
    await expect(item.getByTestId("difficulty-badge")).toHaveClass(/bg-red-100/);
    await expect(item.getByText("15 min")).toBeVisible();
    await expect(item.getByText("0 views")).toBeVisible();
    // The form is cleared and back on its first tab.
    await expect(form.getByLabel("Title *")).toHaveValue("");
  });

  test("toggle: draft → published → draft, archived → published; the edit dialog; delete", async ({
    adminPage: page,
  }) => {
    const suffix = uniqueSuffix();
    const slug = `toggle-lesson-${suffix}`;
    const title = `Toggle lesson ${suffix}`;
    await page.goto("/admin/academy");
    await createItem(page, title, slug);
    await expectToast(page, "Academy content created successfully");
    const item = row(page, slug);
    await expect(item.getByTestId("status-badge")).toHaveText("Draft");

    await item.getByRole("button", { name: `Publish ${title}` }).click();
    await expectToast(page, "Content published successfully");
    await expect(item.getByTestId("status-badge")).toHaveText("Published");
    expect((await page.request.get(`/academy/${slug}`)).status()).toBe(200);

    await item.getByRole("button", { name: `Unpublish ${title}` }).click();
    await expectToast(page, "Content drafted successfully");
    await expect(item.getByTestId("status-badge")).toHaveText("Draft");
    expect((await page.request.get(`/academy/${slug}`)).status()).toBe(404);

    // Archived is chosen in the edit dialog; the list toggle then publishes it.
    await item.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit content" });
    await dialog.getByRole("tab", { name: "Content" }).click();
    await dialog.getByLabel("Difficulty").selectOption("intermediate");
    await dialog.getByRole("tab", { name: "SEO and Meta" }).click();
    await dialog.getByLabel("Status").selectOption("archived");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Academy content updated successfully");
    await expect(dialog).toBeHidden();
    await expect(item.getByTestId("status-badge")).toHaveText("Archived");
    await expect(item.getByTestId("difficulty-badge")).toHaveText("Intermediate");
    await expect(item.getByTestId("difficulty-badge")).toHaveClass(/bg-yellow-100/);
    await item.getByRole("button", { name: `Publish ${title}` }).click();
    await expectToast(page, "Content published successfully");
    await expect(item.getByTestId("status-badge")).toHaveText("Published");

    await item.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      "Are you sure you want to delete this content?",
    );
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Content deleted successfully");
    await expect(item).toHaveCount(0);
  });

  test("taken slugs and items deleted elsewhere fail with the spec's messages", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    // The refused saves answer 400 (taken slug) and 404 (deleted elsewhere) on purpose.
    consoleErrors.allow(
      failedResource(400, "/admin/academy.data"),
      failedResource(404, "/admin/academy.data"),
    );
    const suffix = uniqueSuffix();
    const a = `dup-a-${suffix}`;
    const b = `dup-b-${suffix}`;
    await page.goto("/admin/academy");
    await createItem(page, `Dup A ${suffix}`, a);
    await expect(row(page, a)).toBeVisible();
    await createItem(page, `Dup B ${suffix}`, b);
    await expect(row(page, b)).toBeVisible();

    await createItem(page, `Dup C ${suffix}`, a);
    await expectToast(page, "Failed to create academy content");
    await expect(createForm(page).getByLabel("Title *")).toHaveValue(`Dup C ${suffix}`);

    await row(page, b)
      .getByRole("button", { name: `Edit Dup B ${suffix}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit content" });
    await dialog.getByLabel("Slug *").fill(a);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Failed to update academy content");
    await dialog.getByLabel("Category *").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Please fill in title, slug, and category");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Delete both elsewhere; this page's list is now stale.
    const other = await page.context().newPage();
    await other.goto("/admin/academy");
    await deleteFromList(other, a, `Dup A ${suffix}`);
    await expectToast(other, "Content deleted successfully");
    await deleteFromList(other, b, `Dup B ${suffix}`);
    await expect(row(other, b)).toHaveCount(0);
    await other.close();

    await row(page, a)
      .getByRole("button", { name: `Publish Dup A ${suffix}` })
      .click();
    await expectToast(page, "Failed to update content status");
    await page.goto("/admin/academy");
    // The list is fresh again: both are gone.
    await expect(row(page, a)).toHaveCount(0);
  });

  test("deleting an item deleted elsewhere", async ({ adminPage: page, consoleErrors }) => {
    consoleErrors.allow(failedResource(404, "/admin/academy.data"));
    const suffix = uniqueSuffix();
    const slug = `gone-${suffix}`;
    const title = `Gone ${suffix}`;
    await page.goto("/admin/academy");
    await createItem(page, title, slug);
    await expect(row(page, slug)).toBeVisible();
    const other = await page.context().newPage();
    await other.goto("/admin/academy");
    await deleteFromList(other, slug, title);
    await expectToast(other, "Content deleted successfully");
    await other.close();
    await deleteFromList(page, slug, title);
    await expectToast(page, "Failed to delete content");
  });

  test("the empty list", async ({ page }) => {
    await signInAsAdmin(page, EMPTY_URL);
    await page.goto(`${EMPTY_URL}/admin/academy`);
    const empty = page.getByText("No academy content yet. Create your first content above.");
    const rows = page.locator('[data-testid="academy-row"]');
    // No spec writes academy content to the server without demo content.
    await expect(rows).toHaveCount(0);
    await expect(empty).toBeVisible();
  });

  test("works from the keyboard", async ({ adminPage: page }) => {
    const suffix = uniqueSuffix();
    await page.goto("/admin/academy");
    const form = createForm(page);
    await form.getByLabel("Title *").focus();
    await page.keyboard.type(`Keyboard ${suffix}`);
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Slug *")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboarding");
    // Arrow keys move between the tabs.
    await form.getByRole("tab", { name: "Content" }).focus();
    // One key at a time, each tab shown before the next key (a loaded machine may still be rendering the last).
    for (const name of ["Media", "SEO and Meta"]) {
      await page.keyboard.press("ArrowRight");
      await expect(form.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
      await expect(form.getByRole("tab", { name })).toBeFocused();
    }
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "AI Optimize description" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, "Description optimized with AI!");
    await form.getByRole("button", { name: "Create Content" }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Academy content created successfully");
    await expect(row(page, `keyboard-${suffix}`)).toBeVisible();
  });

  test("no axe violations; usable at 375 px", async ({ adminPage: page }) => {
    await page.goto("/admin/academy");
    await expectNoAxeViolations(page);
    for (const tab of ["Media", "SEO and Meta"]) {
      await createForm(page).getByRole("tab", { name: tab }).click();
      await expectNoAxeViolations(page);
    }
    const first = page.locator('[data-testid="academy-row"]').first();
    // The demo content gives the list its rows.
    await first.getByRole("button", { name: /^Edit / }).click();
    await expect(page.getByRole("dialog", { name: "Edit content" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/academy");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
});

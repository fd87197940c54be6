// The form editor and the page editor as a member uses them to build a form and put it on a page: shared by the
// specs of built forms.
import { expect, type Page } from "@playwright/test";
import { toast } from "./ui";

/** The selected field's settings panel in the form editor. */
export const settings = (page: Page) => page.locator("section[aria-labelledby='field-settings-heading']");

/** Adds a field of `type` (its value in the "Add a field" list) and gives it `label`; answers its settings panel. */
export async function addField(page: Page, type: string, label: string) {
  await page.getByLabel("Add a field").selectOption(type);
  await page.getByRole("button", { name: "Add field" }).click();
  const panel = settings(page);
  await panel
    .getByLabel(/^(Label|Text beside the box|Step title)$/)
    .first()
    .fill(label);
  return panel;
}

/** A new form of `name`, open, from the Forms screen (its fields are added after). */
export async function newForm(page: Page, name: string) {
  await page.goto("/admin/forms");
  await page.getByRole("link", { name: "New form" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Status").selectOption("open");
}

/** A published page at `path` with the Form block showing form `name` under `heading`. */
export async function placeOnPage(page: Page, name: string, path: string, heading: string) {
  await page.goto("/admin/pages/new");
  await page.getByLabel("Title", { exact: true }).fill(heading);
  await page.getByLabel("Path", { exact: true }).fill(path);
  await page.getByLabel("Add a block").selectOption({ label: "Form" });
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByLabel("Form", { exact: true }).selectOption({ label: name });
  await page.getByLabel("Heading", { exact: true }).fill(heading);
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(toast(page, "Page created")).toBeVisible();
}
